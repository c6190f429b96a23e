// The contact form's rules: which fields must be filled and how. The same schema the server checks the message with
// (contracts/messages/model.ts), so the form and the server refuse the same things.
import * as v from 'valibot';
import { SendMessageBodySchema } from '#contracts/messages/model.ts';

export const ContactMessageSchema = SendMessageBodySchema;
export type ContactMessage = { name: string; email: string; message: string; newsletter: boolean };
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
