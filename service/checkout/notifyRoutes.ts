// POST /api/direct-notify: the owner hears of a direct purchase before the shopper pays (spec §7).
import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import { DirectNotifyRequestSchema } from '../../contracts/checkout.ts';
import { notificationStream } from '../../contracts/streams.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { notificationDecider } from './notification.ts';

export function notifyRoutes(router: Router, deps: ShopDeps) {
  router.post('/api/direct-notify', limit(deps, 'notices'), async (ctx) => {
    const body = parseOr400(DirectNotifyRequestSchema, ctx.request.body);
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
