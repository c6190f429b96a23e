// A stream's name as the auditor asks for it, apart from the audit's bodies and answers (model.ts): the route table
// checks the audit console's address with it, so it is all of the audit the shopper's first page loads (decision 129).

/**
 * A stream name as the auditor asks for it: `category-id`, where the id is anything but control characters, because sign-ins once named streams after
 * whatever was typed (`admin-owner@example.com`) and every stream the log holds must stay readable.
 */
export const streamNamePattern = /^[a-z]+-[^\u0000-\u001f\u007f]{1,500}$/u;
