// The keyed hash a discount code's stream records for an e-mail address (decisions 075 and 092): the checkout that
// holds a use and the reactor that redeems it must agree, and the log must never hold the address itself.
import { createHmac } from 'node:crypto';
import { legacyEmailForm, normaliseEmail } from '../../contracts/discounts/email.ts';

const keyOfForm = (secret: string, form: string): string =>
  createHmac('sha256', secret).update(`discount-email:${form}`).digest('base64url').slice(0, 22);

/**
 * HMAC-SHA-256 of the address in the once-per-address form (`normaliseEmail`: trimmed, lower-case, no `+tag`, Gmail
 * without dots) under the shop's secret; the same in every process sharing it. For an address without a tag or Gmail
 * dots it is the key recorded before decision 092, of the trimmed, lower-case address.
 */
export const emailKeyOf = (secret: string, email: string): string => keyOfForm(secret, normaliseEmail(email));

/**
 * The key to record and, when it differs, the key recorded for this very spelling before decision 092 (of the trimmed,
 * lower-case address), so an old redemption by the same spelling still counts as this person's.
 */
export function emailKeysOf(secret: string, email: string): { key: string; legacyKey?: string } {
  const key = emailKeyOf(secret, email);
  const legacyKey = keyOfForm(secret, legacyEmailForm(email));
  return legacyKey === key ? { key } : { key, legacyKey };
}
