// The addresses e-mails link to: the shop's public address (PUBLIC_URL) and a shopper's signed order page link. A shop
// without PUBLIC_URL (never production) links where the request that caused the e-mail reached it, as recorded in its
// event's metadata (decision 112), and only without any such record to http://localhost and its port.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { freshOrderLinkToken, orderLinkKey, orderPagePath } from '../http/orderLinks.ts';
import type { ShopDeps } from '../deps.ts';

/**
 * Where the shop is reached from outside, without a trailing slash: PUBLIC_URL; without it, `recorded` (where the
 * request behind the e-mail came, from `originOnRecord`); else http://localhost and the port.
 */
export const shopUrlOf = (config: Pick<ShopDeps['config'], 'PUBLIC_URL' | 'PORT'>, recorded?: string | null) =>
  (config.PUBLIC_URL ?? recorded ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/**
 * Where the shop was reached by the first of `events` whose request recorded it: an order's stream answers with where
 * its checkout was started (the order is placed with its checkout's origin), a request's event with its own.
 */
export function originOnRecord(...streams: readonly (readonly { metadata?: RecordedEvent['metadata'] }[])[]) {
  for (const events of streams) {
    const found = events.find((e) => e.metadata?.origin);
    if (found) return found.metadata!.origin!;
  }
  return null;
}

/**
 * The link to an order's page as an e-mail carries it: good for the standard lifetime from when the e-mail is made, at
 * `origin` when the shop has no PUBLIC_URL.
 */
export function orderPageLinks(
  deps: Pick<ShopDeps, 'config' | 'clock' | 'jwtSecret'>,
): (orderId: string, origin?: string | null) => string {
  const key = orderLinkKey(deps.jwtSecret);
  return (orderId, origin) =>
    `${shopUrlOf(deps.config, origin)}${orderPagePath(freshOrderLinkToken(key, orderId, deps.clock()))}`;
}
