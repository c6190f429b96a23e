// The words of the e-mails about messages and consents, in the shop's own voice (decisions 090, 091). Kept apart from
// the order e-mails: these are plain letters between the shop and one person.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { mailOf } from '../mail/layout.tsx';
import { backInStockMail, messageToOwnerMail, newsletterWelcomeMail, replyToSenderMail } from './messageMails.tsx';

const signOff = ['', 'With warm wishes,', shopContent.shop.name].join('\n');
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/** To the owner: a new message from the contact form, with where to answer it. */
export function messageToOwner(
  message: { name: string; email: string; message: string; newsletter: boolean },
  owner: string,
  inboxLink: string,
): Promise<MailMessage> {
  return mailOf(
    {
      to: owner,
      subject: `New message from ${message.name}`,
      text: [
        `${message.name} (${message.email}) wrote through the contact form:`,
        '',
        quoted(message.message),
        '',
        message.newsletter ? 'They would also like to hear about new books and offers.' : '',
        `Read and reply in the admin inbox: ${inboxLink}`,
      ]
        .filter((line, i, all) => line !== '' || all[i - 1] !== '')
        .join('\n'),
    },
    messageToOwnerMail(message, inboxLink),
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

/** To a shopper who asked: the book they waited for is back. */
export function backInStock(email: string, title: string, bookLink: string): Promise<MailMessage> {
  return mailOf(
    {
      to: email,
      subject: `“${title}” is back in stock`,
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
