// The HTML halves of the letters about messages and consents (decision 088), in the shop's one layout; their plain
// text is in emails.ts. What a person wrote is shown as they wrote it, escaped, in a quoted block — never as markup.
import { Link } from '@react-email/link';
import { shopContent } from '../../contracts/catalog/content.ts';
import { ActionButton, mailColours, Para, Quoted, ShopMail, Signature } from '../mail/layout.tsx';

/** The owner's notice of a new message. Its subject names nobody: a subject stays in the log after its sender is erased. */
export const messageToOwnerSubject = 'New message through the contact form';

export const messageToOwnerMail = (
  notice: { sender: string[]; label: string; words: string[]; newsletter: string },
  inboxLink: string,
) => (
  <ShopMail preview={messageToOwnerSubject} heading={messageToOwnerSubject}>
    <Para>A message came through the contact form.</Para>
    {notice.sender.map((line) => (
      <Para key={line}>{line}</Para>
    ))}
    <Para>{`${notice.label}:`}</Para>
    <Quoted text={notice.words.join('\n')} />
    {notice.newsletter ? <Para>{notice.newsletter}</Para> : null}
    <ActionButton href={inboxLink}>Read and reply in the admin inbox</ActionButton>
  </ShopMail>
);

/** The owner's one notice of an hour's messages past the cap: kept in the inbox, not e-mailed (decision 095). */
export const messagesHeldMail = (subject: string, lines: string[], inboxLink: string) => (
  <ShopMail preview={subject} heading={subject}>
    {lines.map((line) => (
      <Para key={line}>{line}</Para>
    ))}
    <ActionButton href={inboxLink}>Open the admin inbox</ActionButton>
  </ShopMail>
);

export const replyToSenderMail = (message: { name: string; message: string }, reply: string) => (
  <ShopMail preview={`A reply from ${shopContent.shop.name}`} heading={`A reply from ${shopContent.shop.name}`}>
    <Para>{`Dear ${message.name},`}</Para>
    <Para>
      <span style={{ whiteSpace: 'pre-wrap' }}>{reply}</span>
    </Para>
    <Signature />
    <Para>You wrote:</Para>
    <Quoted text={message.message} />
  </ShopMail>
);

export const newsletterWelcomeMail = (wording: string, unsubscribeLink: string) => (
  <ShopMail preview="Thank you for wanting to hear from us!" heading="You're on the list">
    <Para>Thank you for wanting to hear from us!</Para>
    <Para>
      {`When you wrote to us you ticked: “${wording}”. We will only send news of new books and the occasional offer, and never share your address.`}
    </Para>
    <Para>
      Changed your mind? Unsubscribe at any time, no sign-in needed:{' '}
      <Link href={unsubscribeLink} style={{ color: mailColours.tealDeep }}>
        {unsubscribeLink}
      </Link>
    </Para>
    <Signature />
  </ShopMail>
);

export const backInStockMail = (title: string, bookLink: string) => (
  <ShopMail preview={`“${title}” is back in stock`} heading={`“${title}” is back in stock`}>
    <Para>Good news!</Para>
    <Para>{`“${title}” is back on our shelf, as you asked us to tell you. Copies can go quickly, so here it is:`}</Para>
    <ActionButton href={bookLink}>{`See “${title}”`}</ActionButton>
    <Para>This is the one e-mail you asked for: we will not write about this book again.</Para>
    <Signature />
  </ShopMail>
);

export const restockRequestedMail = (title: string, wording: string, withdrawLink: string) => (
  <ShopMail
    preview={`We will e-mail you when “${title}” is back`}
    heading={`We will e-mail you when “${title}” is back`}
  >
    <Para>Thank you for asking!</Para>
    <Para>{`“${title}” is resting between printings. As soon as it is back on our shelf, we will write to tell you.`}</Para>
    <Para>{`When you asked, you ticked: “${wording}”`}</Para>
    <Para>That will be one e-mail only: once it has gone, we will not write about this book again.</Para>
    <Para>
      Changed your mind? Withdraw your request at any time, no sign-in needed:{' '}
      <Link href={withdrawLink} style={{ color: mailColours.tealDeep }}>
        {withdrawLink}
      </Link>
    </Para>
    <Signature />
  </ShopMail>
);
