// The HTML halves of the order page's e-mails (decisions 086, 088), in the shop's one layout; their plain text is in
// requestEmails.ts, and both say the same paragraphs. A note the shopper wrote is shown to them as typed, escaped,
// quoted; to the owner as the quoted, defanged lines the text has already made.
import { Link } from '@react-email/link';
import { shopContent } from '../../contracts/catalog/content.ts';
import {
  ActionButton,
  ContactLine,
  Lines,
  mailColours,
  Para,
  Quoted,
  ShopMail,
  Signature,
  SubHeading,
} from '../mail/layout.tsx';
import type { ItemRow } from '../mail/orderFacts.ts';

type Items = { heading: string; rows: ItemRow[] };

export type RequestLetter = {
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** the order's items, under their heading */
  items?: Items;
  /** what a cancellation refunds, each amount and the total */
  refunds?: { heading: string; rows: (ItemRow & { strong?: boolean })[] };
  /** words quoted under their own label: the shopper's note, or the shop's message */
  quote?: { label: string; text: string; shoppers: boolean };
  after?: string[];
  pageLink: string;
};

export const requestLetterMail = (letter: RequestLetter) => (
  <ShopMail preview={letter.preview} heading={letter.heading}>
    <Para>{letter.greeting}</Para>
    {letter.paragraphs.map((p, i) => (
      <Para key={i}>{p}</Para>
    ))}
    {letter.items ? (
      <>
        <SubHeading>{letter.items.heading}</SubHeading>
        <Lines rows={letter.items.rows} />
      </>
    ) : null}
    {letter.refunds ? (
      <>
        <SubHeading>{letter.refunds.heading}</SubHeading>
        <Lines rows={letter.refunds.rows} />
      </>
    ) : null}
    {letter.quote ? (
      <>
        <SubHeading>{letter.quote.label}</SubHeading>
        <Quoted text={letter.quote.text} ours={!letter.quote.shoppers} />
      </>
    ) : null}
    {(letter.after ?? []).map((p, i) => (
      <Para key={i}>{p}</Para>
    ))}
    <ActionButton href={letter.pageLink}>{`Your ${shopContent.shop.name} order page`}</ActionButton>
    <ContactLine />
    <Signature />
  </ShopMail>
);

export type RequestNotice = {
  subject: string;
  intro: string;
  facts: string[];
  noteLabel: string;
  /** the shopper's note as quoted, defanged lines; none when they wrote none */
  note: string[];
  items: Items;
  next: string;
  links: { requests: string; order: string };
};

/** The owner's notice of a new request: the same pieces as its text, the Requests tab as its one button. */
export const requestToOwnerMail = (notice: RequestNotice) => (
  <ShopMail preview={notice.subject} heading={notice.subject}>
    <Para>{notice.intro}</Para>
    <Para>
      {notice.facts.map((fact, i) => (
        <span key={i}>
          {fact}
          {i < notice.facts.length - 1 ? <br /> : null}
        </span>
      ))}
    </Para>
    {notice.note.length ? (
      <>
        <SubHeading>{notice.noteLabel}</SubHeading>
        <Quoted text={notice.note.join('\n')} />
      </>
    ) : null}
    <SubHeading>{notice.items.heading}</SubHeading>
    <Lines rows={notice.items.rows} />
    <Para>{notice.next}</Para>
    <ActionButton href={notice.links.requests}>Answer it in the Requests tab</ActionButton>
    <Para>
      The order in the console:{' '}
      <Link href={notice.links.order} style={{ color: mailColours.tealDeep }}>
        {notice.links.order}
      </Link>
    </Para>
  </ShopMail>
);
