// The per-address limits on anonymous writes and their defaults (see docs/decisions/010). Kept apart from the
// counters so the configuration can check RATE_LIMITS without loading a store.

export type LimitRule = { points: number; seconds: number };

/**
 * Generous enough for a family ordering together from one home address, tight enough that a script gets nowhere:
 * - reviews: five reviews per address in ten minutes;
 * - notices: the direct-purchase heads-up to the owner, ten per address in ten minutes;
 * - checkouts: hosted checkout sessions, cart checkouts and payment intents share twenty per address in ten minutes;
 * - sandbox: the sandbox's pay and confirm calls, thirty per address in ten minutes;
 * - reports: what a shopper's page reports after paying or leaving the payment page (orders/save, the success page's
 *   confirmation, cancelling a checkout), sixty per address in ten minutes: each asks the payment provider, so a script
 *   must not turn the shop into a way of hammering it;
 * - noticeMails: purchase-notice e-mails to the owner, thirty an hour for the whole shop (the notices past it are still
 *   recorded; the owner sees them in the log and the orders console). E-mails about paid orders never count here;
 * - noticeMailsFromOne: of those, three an hour from one address, so one sender cannot spend the shop's whole budget and
 *   silence the heads-ups of everyone else (a notice naming no book of the catalogue is e-mailed to nobody and counts
 *   against neither);
 * - unknownNames: sign-in failures for names that are no account, recorded in the log, sixty an hour for the whole shop.
 * - discountGuesses: discount codes refused as not valid (unknown, expired, paused, ended), ten per address in fifteen
 *   minutes, counted by the cart's check and every checkout start alike; past it every code is refused for a while,
 *   valid or not, so guessing gets nowhere (decision 075).
 * - messages: contact-form messages, five per address in ten minutes: enough for a family with questions, too few for
 *   a script to fill the owner's inbox (decision 090);
 * - messagesShop: contact-form messages from every address together, two hundred an hour: past it a 429, so a sender
 *   behind many addresses cannot grow the log without end (decision 095);
 * - messageMails: the owner's e-mails about new messages, twenty an hour for the whole shop: the messages past it are
 *   kept and shown in the inbox, not e-mailed, and one notice says how many there were once the hour is over
 *   (decision 095);
 * - backInStock: back-in-stock requests, ten per address in ten minutes (decision 091);
 * - orderLookups: the shopper's order lookup form and an expired order link's "send me a fresh link", which share ten
 *   per address in fifteen minutes (decision 086): enough for a typo or two, too few to try order numbers; each order
 *   is sent at most three links a day besides, counted in the log.
 * - adminWork: the long tasks (verify, rebuild, backup, retention, erasure) one account may start, thirty an hour; they
 *   also run one at a time per shop (service/http/heavyWork.ts).
 */
export const defaultLimits = {
  reviews: { points: 5, seconds: 600 },
  notices: { points: 10, seconds: 600 },
  checkouts: { points: 20, seconds: 600 },
  sandbox: { points: 30, seconds: 600 },
  reports: { points: 60, seconds: 600 },
  noticeMails: { points: 30, seconds: 3600 },
  noticeMailsFromOne: { points: 3, seconds: 3600 },
  unknownNames: { points: 60, seconds: 3600 },
  adminWork: { points: 30, seconds: 3600 },
  discountGuesses: { points: 10, seconds: 900 },
  messages: { points: 5, seconds: 600 },
  messagesShop: { points: 200, seconds: 3600 },
  messageMails: { points: 20, seconds: 3600 },
  backInStock: { points: 10, seconds: 600 },
  orderLookups: { points: 10, seconds: 900 },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof defaultLimits;
export type LimitRules = Record<LimitName, LimitRule>;

/** `reviews=5/600,checkouts=20/600`: each named limit in points per seconds; unnamed ones keep their default. */
export function parseRateLimits(text: string): Partial<LimitRules> {
  const rules: Partial<LimitRules> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\d{1,9})\/(\d{1,7})$/.exec(part);
    if (!match) throw new Error(`"${part}" must look like name=points/seconds`);
    const name = match[1] as LimitName;
    if (!(name in defaultLimits))
      throw new Error(`"${name}" is not a limit; known: ${Object.keys(defaultLimits).join(', ')}`);
    const points = Number(match[2]);
    const seconds = Number(match[3]);
    if (points < 1 || seconds < 1) throw new Error(`"${part}" needs at least one point and one second`);
    rules[name] = { points, seconds };
  }
  return rules;
}
