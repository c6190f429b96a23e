// The contact message's decider as a specification, one given/when/then per rule: a message arrives once, is marked
// read once, and takes any number of replies, each once by its id; nothing but its arrival happens to a message never
// received.
import { test } from 'uvu';
import type { MessageAnswered, MessageRead, MessageReceived } from '../../contracts/messages/events.ts';
import { messageTexts } from '../../contracts/messages/model.ts';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { messageDecider } from './message.ts';

const spec = deciderSpec(messageDecider);
const messageId = 'a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const at = '2026-12-01T10:00:00.000Z';
const later = '2026-12-01T11:00:00.000Z';
const body = { name: 'Maryam', email: 'maryam@example.com', message: 'Do you ship to Ireland?', newsletter: true };

const received: MessageReceived = {
  type: 'MessageReceived',
  data: { messageId, ...body, receivedAt: at },
};
const read: MessageRead = { type: 'MessageRead', data: { messageId, by: 'owner', at: later } };
const answered = (replyId: string, reply = 'Yes, we do.'): MessageAnswered => ({
  type: 'MessageAnswered',
  data: { messageId, replyId, reply, by: 'owner', at: later },
});

test('a message is received once, with what the sender wrote and when; received again, it is a conflict', () => {
  spec.given([]).when({ type: 'ReceiveMessage', messageId, body, at }).then([received]);
  spec
    .given([received])
    .when({ type: 'ReceiveMessage', messageId, body, at })
    .thenFails(Conflict, 'This message has already been received');
});

test('a message is marked read once, by whom and when; marked again, nothing more', () => {
  spec.given([received]).when({ type: 'MarkRead', messageId, by: 'owner', at: later }).then([read]);
  spec.given([received, read]).when({ type: 'MarkRead', messageId, by: 'owner', at: later }).then([]);
});

test('a reply is recorded trimmed, once by its id; another reply is recorded beside it', () => {
  const reply = { type: 'Answer' as const, messageId, replyId: 'r1', reply: '  Yes, we do.\n', by: 'owner', at: later };
  spec
    .given([received])
    .when(reply)
    .then([answered('r1')]);
  spec
    .given([received, answered('r1')])
    .when(reply)
    .then([]);
  spec
    .given([received, answered('r1')])
    .when({ ...reply, replyId: 'r2', reply: 'And to the UK.' })
    .then([answered('r2', 'And to the UK.')]);
});

test('a reply marks the message read: marking it afterwards adds nothing', () => {
  spec
    .given([received, answered('r1')])
    .when({ type: 'MarkRead', messageId, by: 'owner', at: later })
    .then([]);
});

test('a message never received is not found, whether marked read or answered', () => {
  spec
    .given([])
    .when({ type: 'MarkRead', messageId, by: 'owner', at })
    .thenFails(NotFound, messageTexts.unknownMessage);
  spec
    .given([])
    .when({ type: 'Answer', messageId, replyId: 'r1', reply: 'Hello', by: 'owner', at })
    .thenFails(NotFound, messageTexts.unknownMessage);
});

test.run();
