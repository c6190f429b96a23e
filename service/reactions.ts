// What every capability's reactions share (decision 065): the metadata of what a reaction records, one e-mail decider,
// and the one way a reaction sends an e-mail — once per notification and kind, and never one the log withholds.
import type { SentEmailKind } from '../contracts/checkout/model.ts';
import type { EmailSent, EmailWithheld } from '../contracts/checkout/events.ts';
import type { MailMessage } from '../contracts/ports/mailer.ts';
import type { RecordedEvent } from '../contracts/shared/events.ts';
import { notificationStream } from '../contracts/shared/streams.ts';
import { fold, handleCommand, idFromReference, type CommandMeta, type Decider } from './commands.ts';
import type { ShopDeps } from './deps.ts';

/** What a reaction records is caused by the event that made it due, within that event's user action. */
export const reactingTo = (event: RecordedEvent, now: Date, causedBy = 'system:reactor'): CommandMeta => ({
  causedBy,
  requestId: event.id,
  correlationId: event.metadata.correlationId,
  now: now.toISOString(),
});

export type RecordEmailSent = { type: 'RecordEmailSent'; data: EmailSent['data'] };

/**
 * The e-mails of one notification stream: a kind recorded as sent, or as withheld when it was made due, is owed no
 * more. The one rule every e-mail of every reaction goes by.
 */
export const emailDecider: Decider<SentEmailKind[], RecordEmailSent, EmailSent | EmailWithheld> = {
  initialState: () => [],
  evolve: (done, event) =>
    event.type === 'EmailSent' || event.type === 'EmailWithheld' ? [...done, event.data.kind] : done,
  decide: (command, done) => (done.includes(command.data.kind) ? [] : [{ type: 'EmailSent', data: command.data }]),
};

export type MailDeps = Pick<ShopDeps, 'events' | 'mailer' | 'clock' | 'logger'>;

/**
 * Sends `message` as the `kind` e-mail of the notification `notificationId` and records it as EmailSent, unless that
 * kind is recorded as sent or withheld already. A send repeated before it was recorded is the same e-mail: the mailer
 * gets the same idempotency key, and the EmailSent the same id. A failure is thrown, so the reactor tries the event
 * again and the e-mail stays owed until it is recorded.
 */
export async function sendOnce(
  deps: MailDeps,
  notificationId: string,
  kind: SentEmailKind,
  message: MailMessage,
  meta: CommandMeta,
): Promise<void> {
  const stream = notificationStream(notificationId);
  const done = fold(emailDecider, await deps.events.readStream(stream));
  if (done.includes(kind)) return;
  try {
    const receipt = await deps.mailer.send(message, { idempotencyKey: `${notificationId}:${kind}`, kind });
    const data = {
      notificationId,
      kind,
      to: message.to,
      subject: message.subject,
      messageId: receipt.messageId,
      transport: receipt.transport,
      sentAt: deps.clock().toISOString(),
    };
    await handleCommand(deps.events, stream, emailDecider, { type: 'RecordEmailSent', data }, meta, {
      eventIds: () => idFromReference('EmailSent', `${notificationId}:${kind}`),
    });
  } catch (error) {
    deps.logger.error({ err: (error as Error).message, notificationId, kind }, 'e-mail not sent');
    throw error;
  }
}
