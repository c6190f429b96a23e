// The owner's inbox: every contact message, newest first, with when it was first opened and its replies, and the
// number still unread (decision 090). Built again after an erasure, so an erased sender reads as their stand-ins.
import type { AdminMessageDto } from '../../contracts/messages/model.ts';
import type { MessageEvent } from '../../contracts/messages/events.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { defineProjection } from '../engine/projection.ts';

export const messagesReadModel = {
  name: 'messages',
  collection: 'messages',
  /** every message, scored by when it arrived */
  allIndex: 'messages:all',
  /** the messages the owner has not opened */
  unreadIndex: 'messages:unread',
} as const;

const { collection, allIndex, unreadIndex } = messagesReadModel;

/** The stored document remembers the last stream revision it folded, so a redelivered event changes nothing. */
type StoredMessage = AdminMessageDto & { revision: number };

async function messageBefore(view: ReadStoreReader, event: RecordedEvent<MessageEvent>) {
  const current = await view.get<StoredMessage>(collection, event.data.messageId);
  return current && current.revision >= event.revision ? null : { current };
}

export const messagesProjection = defineProjection({
  name: messagesReadModel.name,
  version: 1,
  handlers: {
    async MessageReceived(event, view) {
      if (!(await messageBefore(view, event))) return [];
      const { messageId: id, name, email, message, newsletter, receivedAt } = event.data;
      const doc: StoredMessage = {
        id,
        name,
        email,
        message,
        newsletter,
        receivedAt,
        readAt: null,
        replies: [],
        revision: event.revision,
      };
      const score = Date.parse(receivedAt);
      return [
        { op: 'put', collection, id, doc },
        { op: 'index', index: allIndex, id, score },
        { op: 'index', index: unreadIndex, id, score },
      ];
    },
    async MessageRead(event, view) {
      const message = (await messageBefore(view, event))?.current;
      if (!message) return [];
      const doc: StoredMessage = { ...message, readAt: message.readAt ?? event.data.at, revision: event.revision };
      return [
        { op: 'put', collection, id: message.id, doc },
        { op: 'unindex', index: unreadIndex, id: message.id },
      ];
    },
    async MessageAnswered(event, view) {
      const message = (await messageBefore(view, event))?.current;
      if (!message) return [];
      const { replyId, reply, by, at } = event.data;
      // Answering a message is reading it.
      const doc: StoredMessage = {
        ...message,
        readAt: message.readAt ?? at,
        replies: [...message.replies, { replyId, reply, by, at }],
        revision: event.revision,
      };
      const writes: Write[] = [{ op: 'put', collection, id: message.id, doc }];
      writes.push({ op: 'unindex', index: unreadIndex, id: message.id });
      return writes;
    },
  },
});

const forAdmin = ({ revision: _revision, ...message }: StoredMessage): AdminMessageDto => message;

/** GET /api/admin/messages: every message, newest first, and how many are unread. */
export async function adminMessages(reader: ReadStoreReader): Promise<{ messages: AdminMessageDto[]; unread: number }> {
  const ids = await reader.range(allIndex, { reverse: true });
  const messages = (await reader.getMany<StoredMessage>(collection, ids))
    .filter((m): m is StoredMessage => m !== null)
    .map(forAdmin);
  return { messages, unread: await reader.count(unreadIndex) };
}

export async function adminMessage(reader: ReadStoreReader, id: string): Promise<AdminMessageDto | null> {
  const message = await reader.get<StoredMessage>(collection, id);
  return message ? forAdmin(message) : null;
}
