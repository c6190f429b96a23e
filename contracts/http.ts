// Error bodies every endpoint answers with.
export type FieldIssue = { field: string; message: string };
export type ErrorBody = { success: false; error: string; message: string; issues?: FieldIssue[] };
