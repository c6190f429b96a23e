// The deciders of a contact message and of a newsletter consent: a message arrives once, is marked read once, and takes
// any number of replies; a consent is given once and withdrawn at most once (decision 090).
import type { SendMessageBody } from '../../contracts/messages/model.ts';
import type { MessageEvent, NewsletterEvent } from '../../contracts/messages/events.ts';
import { messageTexts } from '../../contracts/messages/model.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import type { Decider } from '../commands.ts';

export type MessageState = { received: boolean; read: boolean; replies: string[] };

export type MessageCommand =
  | { type: 'ReceiveMessage'; messageId: string; body: SendMessageBody; at: string }
  | { type: 'MarkRead'; messageId: string; by: string; at: string }
  | { type: 'Answer'; messageId: string; replyId: string; reply: string; by: string; at: string };

export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: () => ({ received: false, read: false, replies: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MessageReceived':
        return { ...state, received: true };
      case 'MessageRead':
        return { ...state, read: true };
      case 'MessageAnswered':
        return { ...state, read: true, replies: [...state.replies, event.data.replyId] };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'ReceiveMessage') {
      if (state.received) throw conflict('This message has already been received');
      const { name, email, message, newsletter } = command.body;
      return [
        {
          type: 'MessageReceived',
          data: { messageId: command.messageId, name, email, message, newsletter, receivedAt: command.at },
        },
      ];
    }
    if (!state.received) throw notFound(messageTexts.unknownMessage);
    if (command.type === 'MarkRead')
      return state.read
        ? []
        : [{ type: 'MessageRead', data: { messageId: command.messageId, by: command.by, at: command.at } }];
    if (state.replies.includes(command.replyId)) return [];
    const { messageId, replyId, reply, by, at } = command;
    return [{ type: 'MessageAnswered', data: { messageId, replyId, reply: reply.trim(), by, at } }];
  },
};

export type ConsentState = { given: boolean; withdrawn: boolean };
export type ConsentCommand =
  | { type: 'Consent'; data: Extract<NewsletterEvent, { type: 'NewsletterConsented' }>['data'] }
  | { type: 'Withdraw'; subscriptionId: string; at: string };

export const newsletterDecider: Decider<ConsentState, ConsentCommand, NewsletterEvent> = {
  initialState: () => ({ given: false, withdrawn: false }),
  evolve: (state, event) =>
    event.type === 'NewsletterConsented'
      ? { ...state, given: true }
      : event.type === 'NewsletterWithdrawn'
        ? { ...state, withdrawn: true }
        : state,
  decide: (command, state) => {
    if (command.type === 'Consent') return state.given ? [] : [{ type: 'NewsletterConsented', data: command.data }];
    if (!state.given) throw notFound('Subscription not found');
    return state.withdrawn
      ? []
      : [{ type: 'NewsletterWithdrawn', data: { subscriptionId: command.subscriptionId, at: command.at } }];
  },
};
