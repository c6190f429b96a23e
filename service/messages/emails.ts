// The words of the e-mails about messages and consents, in the shop's own voice (decisions 090, 091). Kept apart from
// the order e-mails: these are plain letters between the shop and one person. Those sent under a consent (the welcome,
// a request's acknowledgement and its back-in-stock e-mail) name their signed unsubscribe link as `unsubscribe`, which
// the mailer writes as List-Unsubscribe for one-click unsubscribing (decision 096).
import { shopContent } from '../../contracts/catalog/content.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { mailOf } from '../mail/layout.tsx';
import { quotedInput, quotedLines } from '../mail/quotedInput.ts';
import {
  backInStockMail,
  messageToOwnerMail,
  messageToOwnerSubject,
  messagesHeldMail,
  newsletterWelcomeMail,
  replyToSenderMail,
  restockRequestedMail,
} from './messageMails.tsx';
import { lazily } from '../../contracts/shared/lazily.ts';

const signOff = ['', 'With warm wishes,', shopContent.shop.name].join('\n');
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/**
 * To the owner: a new message from the contact form, with where to answer it. The sender's name, address and words are
 * a stranger's input, shown as the purchase notice shows it: quoted, links defanged, no line starting with what they
 * typed (service/mail/quotedInput.ts).
 */
export function messageToOwner(
  message: { name: string; email: string; message: string; newsletter: boolean },
  owner: string,
  inboxLink: string,
): Promise<MailMessage> {
  // The address is checked as an address when the message is taken, and is how the owner may write back: kept as it is.
  const sender = [`Name: ${quotedInput(message.name)}`, `E-mail: ${message.email}`];
  const words = quotedLines(message.message);
  const label = 'Their message, quoted as typed (links are not clickable)';
  const newsletter = message.newsletter ? 'They would also like to hear about new books and offers.' : '';
  return mailOf(
    {
      to: owner,
      subject: messageToOwnerSubject,
      text: [
        'A message came through the contact form.',
        '',
        ...sender,
        '',
        `${label}:`,
        ...words.map((line) => `  ${line}`),
        '',
        ...(newsletter ? [newsletter, ''] : []),
        `Read and reply in the admin inbox: ${inboxLink}`,
      ].join('\n'),
    },
    messageToOwnerMail({ sender, label, words, newsletter }, inboxLink),
  );
}

const ukTime = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/**
 * To the owner, once for a window of the cap on their e-mails about messages: how many more messages came than were
 * e-mailed, and that every one of them waits in the inbox. Names no sender: it counts.
 */
export function messagesHeld(
  held: { count: number; cap: number; windowStart: string; windowEnd: string },
  owner: string,
  inboxLink: string,
): Promise<MailMessage> {
  const more = `${held.count} more message${held.count === 1 ? '' : 's'}`;
  const subject = `${more} through the contact form, not e-mailed`;
  const lines = [
    `Between ${ukTime().format(new Date(held.windowStart))} and ${ukTime().format(new Date(held.windowEnd))} (UK time), ${more} came through the contact form than the ${held.cap} the shop e-mails you in that time.`,
    `They were not e-mailed one by one, so that a flood of messages cannot fill your mailbox; every one of them is kept, unread, in the admin inbox.`,
  ];
  return mailOf(
    { to: owner, subject, text: [...lines, '', `Read them in the admin inbox: ${inboxLink}`].join('\n') },
    messagesHeldMail(subject, lines, inboxLink),
  );
}

/** To the sender: the owner's reply, with their own words beneath it. */
export function replyToSender(
  message: { name: string; email: string; message: string },
  reply: string,
): Promise<MailMessage> {
  return mailOf(
    {
      to: message.email,
      subject: `A reply from ${shopContent.shop.name}`,
      text: [`Dear ${message.name},`, '', reply, signOff, '', 'You wrote:', quoted(message.message)].join('\n'),
    },
    replyToSenderMail(message, reply),
  );
}

/** To a new subscriber: what they agreed to, and how to stop it at any time. */
export function newsletterWelcome(email: string, wording: string, unsubscribeLink: string): Promise<MailMessage> {
  return mailOf(
    {
      to: email,
      subject: `You're on the list at ${shopContent.shop.name}`,
      unsubscribe: unsubscribeLink,
      text: [
        'Thank you for wanting to hear from us!',
        '',
        `When you wrote to us you ticked: “${wording}”. We will only send news of new books and the occasional offer, and never share your address.`,
        '',
        `Changed your mind? Unsubscribe at any time, no sign-in needed: ${unsubscribeLink}`,
        signOff,
      ].join('\n'),
    },
    newsletterWelcomeMail(wording, unsubscribeLink),
  );
}

/**
 * To a shopper who asked: the book they waited for is back. Sent under their request, so it carries the request's
 * unsubscribe link in its headers (a withdrawal after it changes nothing, as nothing more is sent).
 */
export function backInStock(
  email: string,
  title: string,
  bookLink: string,
  unsubscribeLink: string,
): Promise<MailMessage> {
  return mailOf(
    {
      to: email,
      subject: `“${title}” is back in stock`,
      unsubscribe: unsubscribeLink,
      text: [
        'Good news!',
        '',
        `“${title}” is back on our shelf, as you asked us to tell you. Copies can go quickly, so here it is: ${bookLink}`,
        '',
        'This is the one e-mail you asked for: we will not write about this book again.',
        signOff,
      ].join('\n'),
    },
    backInStockMail(title, bookLink),
  );
}

/**
 * To a shopper who has just asked to hear when a book is back: that the request is taken, the words they ticked, that
 * one e-mail will follow, and the signed link that withdraws the request without signing in.
 */
export function restockRequested(
  email: string,
  title: string,
  wording: string,
  withdrawLink: string,
): Promise<MailMessage> {
  return mailOf(
    {
      to: email,
      subject: `We will e-mail you when “${title}” is back`,
      unsubscribe: withdrawLink,
      text: [
        'Thank you for asking!',
        '',
        `“${title}” is resting between printings. As soon as it is back on our shelf, we will write to tell you.`,
        '',
        `When you asked, you ticked: “${wording}”`,
        '',
        'That will be one e-mail only: once it has gone, we will not write about this book again.',
        '',
        `Changed your mind? Withdraw your request at any time, no sign-in needed: ${withdrawLink}`,
        signOff,
      ].join('\n'),
    },
    restockRequestedMail(title, wording, withdrawLink),
  );
}
