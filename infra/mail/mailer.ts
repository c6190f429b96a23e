// The mailer adapter: SMTP through nodemailer when SMTP_URL is set, else each message as an .eml file in the outbox.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Mailer } from '../../service/ports/mailer.ts';

type Log = { info(obj: object, msg?: string): void };

export type MailerOptions = { from: string; smtpUrl?: string; outboxDir: string; logger: Log };

/**
 * nodemailer is loaded with the first message, not at start: it is a large package (a tenth of the shop's start-up
 * time) and most starts send nothing before the first order.
 */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')['default']) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | null = null;
  return () => (transport ??= import('nodemailer').then((module) => make(module.default)));
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, options.logger) : outboxMailer(options.outboxDir, options.from, options.logger);
}

function smtpMailer(url: string, from: string, logger: Log): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
  let opened = false;
  return {
    transport: 'smtp',
    async send(message) {
      opened = true;
      const info = await (await transport()).sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent over SMTP');
      return { messageId: String(info.messageId), transport: 'smtp' };
    },
    async close() {
      if (opened) (await transport()).close();
    },
  };
}

/** Without SMTP the shop still produces every message, complete and readable, for the owner to inspect or forward. */
function outboxMailer(dir: string, from: string, logger: Log): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    transport: 'outbox',
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      mkdirSync(dir, { recursive: true });
      const messageId = String(info.messageId);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/[^A-Za-z0-9@.-]/g, '')}.eml`;
      const file = join(dir, name);
      writeFileSync(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
      return { messageId, transport: 'outbox' };
    },
    async close() {},
  };
}
