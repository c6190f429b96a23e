// The mailer adapter: SMTP through nodemailer when SMTP_URL is set, else each message as an .eml file in the outbox.
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { privateDirMode, privateFileMode } from '../../service/dataFiles.ts';
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage, MailOptions } from '../../contracts/ports/mailer.ts';
import { withoutAddresses, type LogHash } from '../../service/logHashes.ts';

type Log = { info(obj: object, msg?: string): void };

/**
 * `logHash` is how a recipient is named in the log (decision 095): a keyed hash, never the address; the subject, which
 * may name a person, a title they asked about or their order, is not logged at all — the e-mail's kind is.
 */
export type MailerOptions = { from: string; smtpUrl?: string; outboxDir: string; logger: Log; logHash: LogHash };

/**
 * nodemailer is loaded with the first message, not at start: it is a large package (a tenth of the shop's start-up
 * time) and most starts send nothing before the first order.
 */
function lazyTransport(
  make: (nodemailer: (typeof import('nodemailer'))['default']) => Transporter,
): () => Promise<Transporter> {
  let transport: Promise<Transporter> | null = null;
  return () => (transport ??= import('nodemailer').then((module) => make(module.default)));
}

export function createMailer(options: MailerOptions): Mailer {
  const mailer = options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.from, loggedBy(options))
    : outboxMailer(options.outboxDir, options.from, loggedBy(options));
  return {
    ...mailer,
    send: (message, sendOptions) => withoutRecipients(mailer.send(message, sendOptions), options.logHash),
  };
}

/**
 * A failed send's error with every address in its message hashed: a mail server quotes the recipient back ("550
 * <zainab@example.org>: no such user"), and whoever logs the error would write the address into the server's log. The
 * error's code stays, for whoever tells a passing failure from a lasting one.
 */
async function withoutRecipients<T>(sending: Promise<T>, hash: LogHash): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    const scrubbed = new Error(withoutAddresses(error instanceof Error ? error.message : String(error), hash));
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    throw Object.assign(
      scrubbed,
      code === undefined ? {} : { code },
      responseCode === undefined ? {} : { responseCode },
    );
  }
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** A Message-ID that is the same for every attempt at one e-mail, in the sender's own domain. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${digest(key).slice(0, 32)}@${domain}>`;
}

/** The outbox file of one keyed e-mail: readable, and the same name on every attempt. */
export function outboxNameFor(key: string): string {
  return `${key.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 120)}-${digest(key).slice(0, 8)}.eml`;
}

/** The headers of one-click unsubscribe (RFC 8058): the signed link, and that a POST to it is all it takes. */
export const unsubscribeHeaders = (link: string) => ({
  'List-Unsubscribe': `<${link}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * What nodemailer is handed: with `html` it writes multipart/alternative, the plain text first and the HTML last (the
 * part a reader's program prefers when it can show it); without, a plain-text e-mail as before. An e-mail sent under a
 * consent carries its unsubscribe headers.
 */
const mailOf = (from: string, { html, unsubscribe, ...message }: MailMessage) => ({
  from,
  ...message,
  ...(html ? { html } : {}),
  ...(unsubscribe ? { headers: unsubscribeHeaders(unsubscribe) } : {}),
});

const keyed = (options: MailOptions | undefined, from: string) =>
  options?.idempotencyKey ? { messageId: messageIdFor(options.idempotencyKey, from) } : {};

/** The fields of a mail's log line: its kind and its recipient's hash, nothing a person could be read from. */
type Logged = (message: MailMessage, options: MailOptions | undefined, fields: object, msg: string) => void;

const loggedBy =
  ({ logger, logHash }: MailerOptions): Logged =>
  (message, options, fields, msg) =>
    logger.info({ kind: options?.kind ?? 'unkeyed', to: logHash(message.to), ...fields }, msg);

function smtpMailer(url: string, from: string, logged: Logged): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
  let opened = false;
  return {
    transport: 'smtp',
    async send(message, options) {
      opened = true;
      const info = await (await transport()).sendMail({ ...mailOf(from, message), ...keyed(options, from) });
      logged(message, options, { messageId: info.messageId }, 'mail sent over SMTP');
      return { messageId: String(info.messageId), transport: 'smtp' };
    },
    async close() {
      if (opened) (await transport()).close();
    },
  };
}

/** Writes the whole file under a temporary name, on disk, then gives it its name: a reader never sees half an e-mail. */
function writeDurably(dir: string, name: string, content: Buffer) {
  const temporary = join(dir, `.${name}.${process.pid}.tmp`);
  const fd = openSync(temporary, 'w', privateFileMode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, join(dir, name));
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

/** Without SMTP the shop still produces every message, complete and readable, for the owner to inspect or forward. */
function outboxMailer(dir: string, from: string, logged: Logged): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    transport: 'outbox',
    async send(message, options) {
      const info = await (await transport()).sendMail({ ...mailOf(from, message), ...keyed(options, from) });
      mkdirSync(dir, { recursive: true, mode: privateDirMode });
      const messageId = String(info.messageId);
      // A keyed e-mail sent again (after a crash between sending and recording it) replaces its own file.
      const name = options?.idempotencyKey
        ? outboxNameFor(options.idempotencyKey)
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^A-Za-z0-9@.-]/g, '')}.eml`;
      writeDurably(dir, name, info.message as Buffer);
      logged(message, options, { file: join(dir, name) }, 'mail written to the outbox');
      return { messageId, transport: 'outbox' };
    },
    async forget(matches) {
      let removed = 0;
      let files: string[];
      try {
        files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
      } catch {
        return 0;
      }
      for (const name of files) {
        const file = join(dir, name);
        if (matches(`${name}\n${readableMessage(readFileSync(file))}`)) {
          rmSync(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async close() {},
  };
}

/** An .eml as a reader sees it: quoted-printable soft breaks joined and escapes decoded, base64 bodies decoded. */
export function readableMessage(raw: Buffer): string {
  const text = raw.toString('latin1');
  const joined = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const decoded = Buffer.from(joined, 'latin1').toString('utf8');
  // Base64 parts (a long non-ASCII text) are decoded beside the rest, so an address inside one is found too.
  const base64 = [...text.matchAll(/\r?\n\r?\n((?:[A-Za-z0-9+/=]{4,}\r?\n?)+)/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [decoded, ...base64].join('\n');
}
