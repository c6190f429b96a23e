// Query parameters of the checkout screens, checked with valibot: anything odd is treated as absent.
import * as v from 'valibot';

// The router parses number-looking values as numbers; an order number or id is text either way.
const text = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 300) : undefined,
    ),
  ),
);

export const SessionSearchSchema = v.object({ session_id: text });
export const CancelledSearchSchema = v.object({ checkout: text });
/** `payment_intent`: Stripe's return from a payment method that left the page (a bank's), naming the intent. */
export const OrderSearchSchema = v.object({ orderNumber: text, payment_intent: text });
export const SandboxSearchSchema = v.object({ session: text });
