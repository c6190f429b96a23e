// One person, one address, for a code's once-per-address rule (decision 092): the forms of an address that reach one
// inbox are compared as one. Pure, so the checkout that holds a use and the reactor that redeems one agree, whatever
// spelling the shopper typed at the start or gave the payment page.

/** Providers whose mailboxes ignore dots in the local part, and the one name they are all known by. */
const dotlessProviders: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** The form the shop hashed before decision 092 (trimmed, lower-case); old redemptions were recorded under it. */
export const legacyEmailForm = (raw: string): string => raw.trim().toLowerCase();

/**
 * The address as the once-per-address rule compares it: trimmed and lower-case; the local part without a `+tag`
 * (`once+1@…` is `once@…`); for Gmail (gmail.com and googlemail.com, one provider) without dots in the local part and
 * with the domain gmail.com. The domain loses a trailing dot. Anything that is not `local@domain` with both parts
 * non-empty after this is returned trimmed and lower-case, unchanged otherwise.
 */
export function normaliseEmail(raw: string): string {
  const plain = legacyEmailForm(raw);
  const at = plain.lastIndexOf('@');
  if (at <= 0 || at === plain.length - 1) return plain;
  let local = plain.slice(0, at);
  let domain = plain.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const provider = dotlessProviders[domain];
  if (provider) {
    const dotless = local.replaceAll('.', '');
    if (dotless !== '') local = dotless;
    domain = provider;
  }
  if (domain === '') return plain;
  return `${local}@${domain}`;
}
