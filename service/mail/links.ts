// The addresses e-mails link to: the shop's public address (PUBLIC_URL) and a shopper's signed order page link.
import { freshOrderLinkToken, orderLinkKey, orderPagePath } from '../http/orderLinks.ts';
import type { ShopDeps } from '../deps.ts';

/** Where the shop is reached from outside, without a trailing slash. */
export const shopUrlOf = (config: Pick<ShopDeps['config'], 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/**
 * The link to an order's page as an e-mail carries it: good for the standard lifetime from when the e-mail is made.
 */
export function orderPageLinks(deps: Pick<ShopDeps, 'config' | 'clock' | 'jwtSecret'>): (orderId: string) => string {
  const shopUrl = shopUrlOf(deps.config);
  const key = orderLinkKey(deps.jwtSecret);
  return (orderId) => `${shopUrl}${orderPagePath(freshOrderLinkToken(key, orderId, deps.clock()))}`;
}
