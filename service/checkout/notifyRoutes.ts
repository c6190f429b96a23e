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
import type { Postbox } from './orderEmails.ts';

export function notifyRoutes(router: Router, deps: ShopDeps, postbox: Postbox) {
  router.post('/api/direct-notify', limit(deps, 'notices'), async (ctx) => {
    const body = parseOr400(DirectNotifyRequestSchema, ctx.request.body);
    const notificationId = randomUUID();
    const meta = { ...commandMeta(ctx, 'shopper', deps.clock()), correlationId: notificationId };
    // Recorded as the shopper's page put it: it is a heads-up to the owner, and nothing is charged from it.
    const data = { notificationId, ...body, notifiedAt: meta.now };
    await handleCommand(deps.events, notificationStream(notificationId), notificationDecider, { type: 'NotifyPurchase', data }, meta);
    // The owner's inbox is capped for the whole shop: past the hourly cap the notice is still recorded, not mailed.
    if ((await deps.limits.take('noticeMails', 'owner')) === 0) await postbox.sendPurchaseNotice(data, meta);
    else deps.logger.warn({ notificationId }, 'purchase notice recorded without an e-mail: the hourly cap on notice e-mails is reached');
    ctx.body = { success: true };
  });
}
