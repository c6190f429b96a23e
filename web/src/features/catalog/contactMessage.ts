// The contact form's rules: which fields must be filled and how. The message goes nowhere: the form only pretends to send it.
import * as v from 'valibot';

export const ContactMessageSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'Name must be at least 2 characters.')),
  email: v.pipe(v.string(), v.trim(), v.email('Please enter a valid email address.')),
  message: v.pipe(v.string(), v.trim(), v.minLength(10, 'Message must be at least 10 characters.')),
  newsletter: v.boolean(),
});
export type ContactMessage = v.InferInput<typeof ContactMessageSchema>;
export type ContactField = Exclude<keyof ContactMessage, 'newsletter'>;

export const emptyContactMessage: ContactMessage = { name: '', email: '', message: '', newsletter: false };

/** The first problem with each field, or an empty object when the message is fine. */
export function contactProblems(input: ContactMessage): Partial<Record<ContactField, string>> {
  const result = v.safeParse(ContactMessageSchema, input);
  if (result.success) return {};
  const problems: Partial<Record<ContactField, string>> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as ContactField | null;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}
