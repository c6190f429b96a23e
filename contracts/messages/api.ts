// Messages over HTTP: shoppers send them from the contact form; the owner reads and answers them in the inbox.
import { endpoint } from '../shared/endpoint.ts';
import {
  messageTexts,
  ReplyBodySchema,
  SendMessageBodySchema,
  type AdminMessagesResponse,
  type MessageActionResponse,
  type SendMessageResponse,
} from './model.ts';
import { unsubscribeApi } from './unsubscribe.ts';

export const messagesApi = {
  send: endpoint<SendMessageResponse>()({
    method: 'POST',
    path: '/api/messages',
    guarded: false,
    body: SendMessageBodySchema,
    messages: { received: messageTexts.received, shopBusy: messageTexts.shopBusy },
  }),
  /** Every message, newest first, with how many the owner has not opened. */
  list: endpoint<AdminMessagesResponse>()({ method: 'GET', path: '/api/admin/messages', guarded: true }),
  markRead: endpoint<MessageActionResponse>()({
    method: 'POST',
    path: '/api/admin/messages/:id/read',
    guarded: true,
    messages: { read: messageTexts.markedRead, unknownMessage: messageTexts.unknownMessage },
  }),
  reply: endpoint<MessageActionResponse>()({
    method: 'POST',
    path: '/api/admin/messages/:id/reply',
    guarded: true,
    body: ReplyBodySchema,
    messages: { replied: messageTexts.replied, unknownMessage: messageTexts.unknownMessage },
  }),
  ...unsubscribeApi,
} as const;
