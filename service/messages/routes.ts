// Messages over HTTP: a shopper sends one from the contact form (with the newsletter consent its tick records); the
// owner reads and answers them; anyone holding an unsubscribe link stops what it names (decision 090).
import type { RouterContext, RouterMiddleware } from '@koa/router';
import { randomUUID } from 'node:crypto';
import { routineReasons } from '../../contracts/audit/dataReads.ts';
import { getBook } from '../../contracts/catalog/books.ts';
import { messagesApi } from '../../contracts/messages/api.ts';
import { MessageIdParamSchema, newsletterWording } from '../../contracts/messages/model.ts';
import {
  unsubscribeTexts,
  type UnsubscribeDto,
  type UnsubscribeResponse,
} from '../../contracts/messages/unsubscribe.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { messageStream, newsletterStream, restockStream } from '../../contracts/shared/streams.ts';
import { adminMessage, adminMessages } from '../../projections/messages/messages.ts';
import { fold, handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { parseOr400 } from '../http/errors.ts';
import { tooManyRequests } from '../http/errors.ts';
import { limit, retryMessage } from '../http/limits.ts';
import { personalReadsFor } from '../http/personalReads.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { ofUnsubscribeToken, unsubscribeKey } from '../http/unsubscribeLinks.ts';
import { restockDecider } from './restockRequest.ts';
import { messageDecider, newsletterDecider, type MessageCommand } from './message.ts';

export function messageRoutes(routers: Routers, deps: ShopDeps) {
  const { send, list, markRead, reply, show, stop, oneClick } = messagesApi;

  // Past the per-address limit, the shop-wide one: a sender behind many addresses fills no more than it allows an hour.
  const shopWide: RouterMiddleware = async (ctx, next) => {
    const waitMs = await deps.limits.take('messagesShop', 'shop');
    if (waitMs > 0) {
      const { seconds, message } = retryMessage(waitMs);
      ctx.set('Retry-After', String(seconds));
      throw tooManyRequests(`${send.messages.shopBusy} ${message.slice(message.indexOf('Please try again'))}`);
    }
    await next();
  };

  route(routers, send, limit(deps, 'messages'), shopWide, async (ctx, input) => {
    const body = input.body();
    const now = deps.clock();
    const meta = commandMeta(ctx, 'shopper', now);
    const messageId = randomUUID();
    await handleCommand(
      deps.events,
      messageStream(messageId),
      messageDecider,
      { type: 'ReceiveMessage', messageId, body, at: now.toISOString() },
      meta,
      { waiter: deps.waiter },
    );
    // The tick is a consent of its own, with the words ticked: withdrawn by its link without touching the message.
    if (body.newsletter) {
      const subscriptionId = randomUUID();
      await handleCommand(
        deps.events,
        newsletterStream(subscriptionId),
        newsletterDecider,
        {
          type: 'Consent',
          data: {
            subscriptionId,
            email: body.email,
            wording: newsletterWording,
            source: 'contact-form',
            messageId,
            at: now.toISOString(),
          },
        },
        meta,
      );
    }
    ctx.status = 201;
    ctx.body = { success: true, message: send.messages.received, messageId };
  });

  // The inbox names each sender and their address: a read of personal data, recorded (decision 058).
  const reads = personalReadsFor(deps);
  route(routers, list, async (ctx) => {
    await reads.view(ctx, list, 'messages', routineReasons.messageList);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await adminMessages(deps.reads);
  });

  const act = async (ctx: RouterContext, command: (messageId: string, by: string, at: string) => MessageCommand) => {
    const messageId = parseOr400(MessageIdParamSchema, ctx.params.id, 'message id');
    const by = adminOf(ctx);
    const now = deps.clock();
    await handleCommand(
      deps.events,
      messageStream(messageId),
      messageDecider,
      command(messageId, by, now.toISOString()),
      commandMeta(ctx, `admin:${by}`, now),
      { waiter: deps.waiter },
    );
    const item = await adminMessage(deps.reads, messageId);
    if (!item) throw notFound(markRead.messages.unknownMessage);
    return item;
  };

  route(routers, markRead, async (ctx) => {
    const item = await act(ctx, (messageId, by, at) => ({ type: 'MarkRead', messageId, by, at }));
    ctx.body = { success: true, message: markRead.messages.read, item };
  });

  route(routers, reply, async (ctx, input) => {
    const { reply: text } = input.body();
    const replyId = randomUUID();
    const item = await act(ctx, (messageId, by, at) => ({ type: 'Answer', messageId, replyId, reply: text, by, at }));
    ctx.body = { success: true, message: reply.messages.replied, item };
  });

  // Unsubscribe links: the signed token is the proof, so no sign-in; anything the shop did not sign is a 404.
  const key = unsubscribeKey(deps.jwtSecret);
  const linked = async (token: string): Promise<UnsubscribeDto & { id: string }> => {
    const named = ofUnsubscribeToken(key, token);
    if (!named) throw notFound(unsubscribeTexts.notFound);
    if (named.kind === 'newsletter') {
      const state = fold(newsletterDecider, await deps.events.readStream(newsletterStream(named.id)));
      if (!state.given) throw notFound(unsubscribeTexts.notFound);
      return { id: named.id, kind: 'newsletter', what: unsubscribeTexts.newsletter, active: !state.withdrawn };
    }
    const state = fold(restockDecider, await deps.events.readStream(restockStream(named.id)));
    if (state.bookId === null) throw notFound(unsubscribeTexts.notFound);
    const title = (await getBook(deps.reads, state.bookId))?.title ?? 'this book';
    return { id: named.id, kind: 'restock', what: unsubscribeTexts.restock(title), active: !state.withdrawn };
  };
  const view = ({ id: _id, ...item }: UnsubscribeDto & { id: string }): UnsubscribeDto => item;

  route(routers, show, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = view(await linked(String(ctx.params.token)));
  });

  const unsubscribe = async (ctx: RouterContext): Promise<UnsubscribeResponse> => {
    const item = await linked(String(ctx.params.token));
    const now = deps.clock();
    const meta = commandMeta(ctx, 'shopper', now);
    if (item.active) {
      if (item.kind === 'newsletter')
        await handleCommand(
          deps.events,
          newsletterStream(item.id),
          newsletterDecider,
          { type: 'Withdraw', subscriptionId: item.id, at: now.toISOString() },
          meta,
          { waiter: deps.waiter },
        );
      else
        await handleCommand(
          deps.events,
          restockStream(item.id),
          restockDecider,
          { type: 'Withdraw', requestId: item.id, at: now.toISOString() },
          meta,
          { waiter: deps.waiter },
        );
    }
    return {
      success: true,
      message: item.active ? unsubscribeTexts.done : unsubscribeTexts.already,
      item: { ...view(item), active: false },
    };
  };

  route(routers, stop, limit(deps, 'reports'), async (ctx) => {
    ctx.body = await unsubscribe(ctx);
  });
  // A mail program's one-click POST (RFC 8058) comes from its provider's few servers for every reader there, so no
  // per-address limit: a link appends one withdrawal at most, and a link the shop did not sign appends nothing.
  route(routers, oneClick, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await unsubscribe(ctx);
  });
}
