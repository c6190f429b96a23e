// The e-mails messages and consents owe, sent by the reactor once each through sendOnce (decision 090): a new message
// to the owner, each reply to the message's sender, and a new subscriber's welcome with their unsubscribe link.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { MessageReceived } from '../../contracts/messages/events.ts';
import { unsubscribePath } from '../../contracts/messages/unsubscribe.ts';
import { personAddress } from '../../contracts/personalData.ts';
import { clientRoutes } from '../../contracts/shared/clientRoutes.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { messageStream, notificationStream } from '../../contracts/shared/streams.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { unsubscribeKey, unsubscribeToken } from '../http/unsubscribeLinks.ts';
import { originOnRecord, shopUrlOf } from '../mail/links.ts';
import { fold } from '../commands.ts';
import { emailDecider, reactingTo, sendOnce } from '../reactions.ts';
import { defaultLimits } from '../http/limitRules.ts';
import { messagesHeld, messageToOwner, newsletterWelcome, replyToSender } from './emails.ts';
import { countMessage, heldBefore, windowNotification, windowOf } from './ownerMailCap.ts';

export function messageReactions(deps: ReactionDeps): Reactions {
  const owner = deps.config.OWNER_EMAIL ?? shopContent.shop.contactEmail;
  const key = unsubscribeKey(deps.jwtSecret);
  // Without PUBLIC_URL, links go where the request behind the event reached the shop (decision 112).
  const inboxAt = (event: RecordedEvent) =>
    `${shopUrlOf(deps.config, originOnRecord([event]))}${clientRoutes.adminMessages[0]}`;
  const cap = { ...defaultLimits, ...deps.config.RATE_LIMITS }.messageMails;
  return defineReactions({
    // Within the hour's cap a message is e-mailed to the owner; past it, kept in the inbox only. The first message of a
    // later window brings the owner, before its own e-mail, one notice for each earlier window of how many were kept.
    async MessageReceived(event) {
      const meta = reactingTo(event, deps.clock());
      const { messageId, receivedAt } = event.data;
      // A message whose e-mail is recorded already (by a release before the cap, or before a crash) is decided: it is
      // not counted again, and whatever notice came before its e-mail has gone.
      const done = fold(emailDecider, await deps.events.readStream(notificationStream(`message-${messageId}`)));
      if (done.includes('message-to-owner')) return;
      const window = windowOf(receivedAt, cap);
      const mailed = await countMessage(deps, { messageId, cap: cap.points, window, at: meta.now }, meta);
      for (const earlier of await heldBefore(deps, window))
        await sendOnce(
          deps,
          windowNotification(earlier.window),
          'messages-held',
          await messagesHeld(
            {
              count: earlier.held,
              cap: cap.points,
              windowStart: new Date(earlier.window.start).toISOString(),
              windowEnd: new Date(earlier.window.end).toISOString(),
            },
            owner,
            inboxAt(event),
          ),
          meta,
        );
      if (mailed)
        await sendOnce(
          deps,
          `message-${messageId}`,
          'message-to-owner',
          await messageToOwner(event.data, owner, inboxAt(event)),
          meta,
        );
    },
    async MessageAnswered(event) {
      const received = (await deps.events.readStream(messageStream(event.data.messageId))).find(
        (e): e is RecordedEvent<MessageReceived> => e.type === 'MessageReceived',
      );
      // A sender erased before their reply went has no address left to write to.
      if (!received || !personAddress(received.data.email)) return;
      await sendOnce(
        deps,
        `reply-${event.data.replyId}`,
        'message-reply',
        await replyToSender(received.data, event.data.reply),
        reactingTo(event, deps.clock()),
      );
    },
    async NewsletterConsented(event) {
      const { subscriptionId, email, wording } = event.data;
      if (!personAddress(email)) return;
      const link = `${shopUrlOf(deps.config, originOnRecord([event]))}${unsubscribePath(unsubscribeToken(key, 'newsletter', subscriptionId))}`;
      await sendOnce(
        deps,
        `newsletter-${subscriptionId}`,
        'newsletter-welcome',
        await newsletterWelcome(email, wording, link),
        reactingTo(event, deps.clock()),
      );
    },
  });
}
