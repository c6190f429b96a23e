// Where shoppers reach the shop, for every address the server writes down: payment pages' return addresses, links in
// e-mails, a book page's canonical address and its shared picture.
import type { Context } from 'koa';
import type { ShopDeps } from '../deps.ts';

/**
 * PUBLIC_URL, which production cannot start without (service/config.ts). Only a development or test shop without it
 * falls back to the host this request came to, so `npm start` works as it is.
 */
export function shopOrigin(deps: Pick<ShopDeps, 'config'>, ctx: Pick<Context, 'protocol' | 'host'>): string {
  if (!deps.config.PUBLIC_URL && deps.config.NODE_ENV === 'production') throw new Error('PUBLIC_URL is not set');
  return (deps.config.PUBLIC_URL ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');
}
