// The owner hears of a direct purchase before the shopper pays.
import { randomUUID } from 'node:crypto';
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { notificationStream } from '../../contracts/shared/streams.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { noticeWithheld } from './notification.ts';
import { notificationDecider } from './notification.ts';
import { catalogItemsNamed } from './pricing.ts';

export function notifyRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, checkoutApi.directNotify, limit(deps, 'notices'), async (ctx, input) => {
    const body = input.body();
    const notificationId = randomUUID();
    const meta = { ...commandMeta(ctx, 'shopper', deps.clock()), correlationId: notificationId };
    // Recorded as the shopper's page put it, beside the catalogue's books it names at the shop's price: the owner's
    // e-mail is built from those, and quotes the rest as the shopper's words. Nothing is charged from it.
    const catalogItems = await catalogItemsNamed(
      deps.reads,
      body.items.map((item) => item.name),
    );
    const data = { notificationId, ...body, notifiedAt: meta.now, catalogItems };
    const withheld = await noticeWithheld(deps.limits, ctx.ip, catalogItems.length);
    const command = { type: 'NotifyPurchase' as const, data, ...(withheld ? { withholdEmail: withheld } : {}) };
    const { position } = await handleCommand(
      deps.events,
      notificationStream(notificationId),
      notificationDecider,
      command,
      meta,
    );
    // The reactor tells the owner from the log; the answer waits for it a moment.
    await deps.effects.waitFor(position);
    ctx.body = { success: true };
  });
}
