// The one look of every e-mail the shop sends: its cream paper, ink and teal, a serif heading as on the site, and the
// shop's name and contact at the foot. Built from React Email's parts, which write the tables and inline styles mail
// programs need; each template fills it with its own sections.
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { shopContent } from '../../contracts/catalog/content.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';

/** The shop's colours (web/src/styles.css), written out: mail programs do not read custom properties. */
export const mailColours = {
  cream: '#fdf8ef',
  paper: '#fffdf8',
  ink: '#3a2a22',
  muted: '#6b5a50',
  tealDeep: '#0f766e',
  saffron: '#f2b33d',
  line: '#eadfcd',
} as const;

const serif = "Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Book Antiqua', serif";
const sans = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * Fluid from 320 px (decision 112): a long word (a signed link, an address, a note typed without spaces) breaks rather
 * than widening its table past the window, in the mail programs that read inline styles.
 */
const fluid = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/** Where a mail program reads a style sheet: less padding on a phone, so the text keeps its width. */
const narrowScreens =
  '@media only screen and (max-width: 480px) { .shop-mail { padding: 20px 16px !important; border-radius: 0 !important; } }';

export const paragraph = {
  color: mailColours.ink,
  fontFamily: sans,
  fontSize: '15px',
  lineHeight: '1.6',
  margin: '0 0 14px',
  ...fluid,
};
const small = { ...paragraph, color: mailColours.muted, fontSize: '13px' };

export function ShopMail({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en-GB">
      <Head>
        {/* Laid out for the phone's own width, not a desktop page shrunk to it. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{narrowScreens}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: mailColours.cream, margin: 0, padding: '24px 0', ...fluid }}>
        <Container
          className="shop-mail"
          style={{
            backgroundColor: mailColours.paper,
            border: `1px solid ${mailColours.line}`,
            borderTop: `4px solid ${mailColours.saffron}`,
            borderRadius: '12px',
            boxSizing: 'border-box',
            maxWidth: '600px',
            padding: '28px 32px',
            ...fluid,
          }}
        >
          <Text style={{ ...small, color: mailColours.tealDeep, fontFamily: serif, fontSize: '18px', margin: 0 }}>
            {shopContent.shop.name}
          </Text>
          <Heading
            as="h1"
            style={{ color: mailColours.ink, fontFamily: serif, fontSize: '24px', margin: '12px 0 18px' }}
          >
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: mailColours.line, margin: '24px 0 12px' }} />
          <Text style={small}>
            {shopContent.shop.name} · {shopContent.shop.address.join(', ')} ·{' '}
            <Link href={`mailto:${shopContent.shop.contactEmail}`} style={{ color: mailColours.tealDeep }}>
              {shopContent.shop.contactEmail}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const Para = ({ children }: { children: ReactNode }) => <Text style={paragraph}>{children}</Text>;

export const SubHeading = ({ children }: { children: ReactNode }) => (
  <Heading as="h2" style={{ color: mailColours.ink, fontFamily: serif, fontSize: '17px', margin: '20px 0 8px' }}>
    {children}
  </Heading>
);

/** Rows of label and figure: the items with their totals, or any list of facts. */
export function Lines({ rows }: { rows: { label: string; figure?: string; strong?: boolean }[] }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      {rows.map((row, i) => (
        <Row key={i} style={{ borderBottom: `1px solid ${mailColours.line}` }}>
          <Column style={{ ...paragraph, margin: 0, padding: '6px 0', fontWeight: row.strong ? 700 : 400 }}>
            {row.label}
          </Column>
          <Column
            align="right"
            style={{
              ...paragraph,
              margin: 0,
              padding: '6px 0 6px 12px',
              // A price stays on one line; a long figure (a reference, a tracking number) may break instead.
              ...((row.figure ?? '').length <= 16 ? { whiteSpace: 'nowrap' as const } : {}),
              fontWeight: row.strong ? 700 : 400,
            }}
          >
            {row.figure ?? ''}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** An address, a line each. */
export const AddressBlock = ({ lines }: { lines: string[] }) => (
  <Text style={paragraph}>
    {lines.map((line, i) => (
      <span key={i}>
        {line}
        {i < lines.length - 1 ? <br /> : null}
      </span>
    ))}
  </Text>
);

/**
 * Words quoted as written, escaped and kept to their lines: a person's (a saffron edge) or the shop's own (teal).
 */
export const Quoted = ({ text, ours = false }: { text: string; ours?: boolean }) => (
  <pre
    style={{
      backgroundColor: mailColours.cream,
      borderLeft: `3px solid ${ours ? mailColours.tealDeep : mailColours.saffron}`,
      color: mailColours.ink,
      fontSize: '14px',
      margin: '0 0 14px',
      padding: '10px 12px',
      whiteSpace: 'pre-wrap',
    }}
  >
    {text}
  </pre>
);

/** The one call to action of an e-mail, in the shop's teal. */
export const ActionButton = ({ href, children }: { href: string; children: ReactNode }) => (
  <Section style={{ margin: '8px 0 18px' }}>
    <Button
      href={href}
      style={{
        backgroundColor: mailColours.tealDeep,
        borderRadius: '8px',
        color: '#ffffff',
        fontFamily: sans,
        fontSize: '15px',
        fontWeight: 600,
        padding: '12px 20px',
      }}
    >
      {children}
    </Button>
    <Text style={small}>
      Or copy this address into your browser:{' '}
      <Link href={href} style={{ color: mailColours.tealDeep }}>
        {href}
      </Link>
    </Text>
  </Section>
);

export const Signature = () => (
  <Text style={paragraph}>
    With warm wishes,
    <br />
    {shopContent.shop.name}
  </Text>
);

export const ContactLine = () => (
  <Para>
    If you have any questions, write to us at{' '}
    <Link href={`mailto:${shopContent.shop.contactEmail}`} style={{ color: mailColours.tealDeep }}>
      {shopContent.shop.contactEmail}
    </Link>
    .
  </Para>
);

/**
 * An e-mail with both parts: the HTML from its component, and its plain text as the shop writes it line by line
 * (decision 088) — the part a plain-text reader sees, and the one the tests read word for word.
 */
export async function mailOf(head: Omit<MailMessage, 'html'>, element: ReactNode): Promise<MailMessage> {
  // The renderer (React's server renderer, an HTML-to-text converter and a code formatter) is loaded by the first
  // e-mail, not when the shop starts: a shop serving pages sends none (decision 119).
  const { render } = await import('@react-email/render');
  return { ...head, html: await render(element) };
}

/**
 * A short letter to a shopper: "Dear …", what the shop has to say, where to write, the signature; both parts. The
 * e-mails about a payment that could not simply become an order are written so.
 */
export function shopperLetter(letter: {
  to: string;
  name?: string | undefined;
  subject: string;
  heading: string;
  said: string;
}) {
  const dear = `Dear ${letter.name ?? 'customer'},`;
  return mailOf(
    {
      to: letter.to,
      subject: letter.subject,
      text: [
        dear,
        '',
        letter.said,
        '',
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    <ShopMail preview={letter.heading} heading={letter.heading}>
      <Para>{dear}</Para>
      <Para>{letter.said}</Para>
      <ContactLine />
      <Signature />
    </ShopMail>,
  );
}
