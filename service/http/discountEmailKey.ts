// The keyed hash a discount code's stream records for an e-mail address (decision 075): the checkout that holds a use
// and the reactor that redeems it must agree, and the log must never hold the address itself.
import { createHmac } from 'node:crypto';

/** HMAC-SHA-256 of the trimmed, lower-case address under the shop's secret; the same in every process sharing it. */
export function emailKeyOf(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`discount-email:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}
