// What the order console's address may hold, apart from the console's bodies and answers (console.ts): the route
// table checks every address with these, so they are all of the console the shopper's first page loads (decision 129).

/** An order id as it appears in a path; anything else cannot name an order (404, not 400). */
export const orderIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** The longest search the console takes. */
export const maxSearchLength = 200;
