// Messages from the contact form, the owner's replies, and the newsletter consent the form's tick records: their
// rules, events and what the API answers (decision 090).
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import { requestBody } from '../shared/http.ts';

export const messageTexts = {
  name: 'Name must be at least 2 characters.',
  nameTooLong: 'Name must be at most 100 characters.',
  email: 'Please enter a valid email address.',
  message: 'Message must be at least 10 characters.',
  messageTooLong: 'Message must be at most 5000 characters.',
  newsletter: 'Newsletter must be true or false.',
  reply: 'Please write a reply before sending it.',
  replyTooLong: 'A reply must be at most 5000 characters.',
  unknownMessage: 'Message not found',
  shopBusy: 'The shop is receiving a great many messages just now.',
  received: "Thank you for your message. We'll get back to you soon.",
  replied: 'Your reply is on its way.',
  markedRead: 'Marked as read.',
} as const;

/**
 * The words a shopper agrees to by ticking the contact form's box: recorded with the consent, so what they said yes to
 * is known whatever the form says later.
 */
export const newsletterWording = 'Send me news about new books and offers';

const text = (min: number, minMessage: string, max: number, maxMessage: string) =>
  v.pipe(v.string(minMessage), v.trim(), v.minLength(min, minMessage), v.maxLength(max, maxMessage));

export const contactEmail = v.pipe(
  v.string(messageTexts.email),
  v.trim(),
  v.email(messageTexts.email),
  v.maxLength(254, messageTexts.email),
);

/** POST /api/messages — also the contact form's schema, so the form and the server refuse the same things. */
export const SendMessageBodySchema = requestBody(
  {
    name: text(2, messageTexts.name, 100, messageTexts.nameTooLong),
    email: contactEmail,
    message: text(10, messageTexts.message, 5000, messageTexts.messageTooLong),
    newsletter: v.optional(v.boolean(messageTexts.newsletter), false),
  },
  { name: messageTexts.name, email: messageTexts.email, message: messageTexts.message },
);
export type SendMessageBody = v.InferOutput<typeof SendMessageBodySchema>;

/** POST /api/admin/messages/{id}/reply */
export const ReplyBodySchema = requestBody(
  {
    reply: v.pipe(
      v.string(messageTexts.reply),
      ownerText('The reply', { multiline: true }),
      text(1, messageTexts.reply, 5000, messageTexts.replyTooLong),
    ),
  },
  { reply: messageTexts.reply },
);
export type ReplyBody = v.InferOutput<typeof ReplyBodySchema>;

export const MessageIdParamSchema = v.pipe(v.string(), v.uuid('Message id must be a UUID'));

export type MessageReply = { replyId: string; reply: string; by: string; at: string };

/** A message as the owner's inbox shows it. */
export type AdminMessageDto = {
  id: string;
  name: string;
  email: string;
  message: string;
  newsletter: boolean;
  receivedAt: string;
  /** when the owner first opened it; null while unread */
  readAt: string | null;
  replies: MessageReply[];
};

export type AdminMessagesResponse = { messages: AdminMessageDto[]; unread: number };
export type SendMessageResponse = { success: true; message: string; messageId: string };
export type MessageActionResponse = { success: true; message: string; item: AdminMessageDto };
