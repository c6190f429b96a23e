// Error bodies every endpoint answers with, and the one way request bodies are declared.
import * as v from 'valibot';

export type FieldIssue = { field: string; message: string };
export type ErrorBody = { success: false; error: string; message: string; issues?: FieldIssue[] };

/**
 * A JSON request body. valibot reports a missing key with the object's own message, so each required field
 * names its message for that case too; the same text then reads well in a form and in a 400.
 */
export function requestBody<const E extends v.ObjectEntries>(
  entries: E,
  whenMissing: { [K in keyof E]?: string } = {},
) {
  return v.object(entries, (issue) => {
    const key =
      typeof issue.expected === 'string' && issue.expected.startsWith('"') ? issue.expected.slice(1, -1) : null;
    if (key === null) return 'Request body must be a JSON object';
    return (whenMissing as Record<string, string | undefined>)[key] ?? `${key} is required`;
  });
}
