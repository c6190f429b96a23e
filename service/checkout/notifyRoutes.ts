// The owner hears of a direct purchase before the shopper pays.
import { randomUUID } from 'node:crypto';
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { notificationStream } from '../../contracts/shared/streams.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { notificationDecider } from './notification.ts';

export function notifyRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, checkoutApi.directNotify, limit(deps, 'notices'), async (ctx, input) => {
    const body = input.body();
    const notificationId = randomUUID();
    const meta = { ...commandMeta(ctx, 'shopper', deps.clock()), correlationId: notificationId };
    // Recorded as the shopper's page put it: it is a heads-up to the owner, and nothing is charged from it.
    const data = { notificationId, ...body, notifiedAt: meta.now };
    // The owner's inbox is capped for the whole shop: past the hourly cap the notice is recorded with its e-mail withheld.
    const capped = (await deps.limits.take('noticeMails', 'owner')) > 0;
    const command = { type: 'NotifyPurchase' as const, data, ...(capped ? { withholdEmail: 'the hourly cap on purchase-notice e-mails was reached' } : {}) };
    const { position } = await handleCommand(deps.events, notificationStream(notificationId), notificationDecider, command, meta);
    // The reactor tells the owner from the log; the answer waits for it a moment.
    await deps.effects.waitFor(position);
    ctx.body = { success: true };
  });
}
