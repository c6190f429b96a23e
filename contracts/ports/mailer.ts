// The mailer port: order confirmations and owner notifications leave the shop through it.
/**
 * One e-mail. `text` is always there (every mail program can show it); `html`, when given, goes beside it as the other
 * half of a multipart/alternative message, and the reader's program picks the one it shows.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * For an e-mail sent under a consent: the https address of the signed link that withdraws it. The adapter names it in
   * `List-Unsubscribe`, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so a mail program can offer
   * its own unsubscribe button and stop it with one POST to that address.
   */
  unsubscribe?: string;
};

/**
 * What makes one e-mail the same e-mail however often it is handed over: the adapter derives the outbox file's name
 * and the Message-ID from it, so sending it again after a crash (sent, not yet recorded) replaces the copy already
 * written and lets the receiving side recognise the repeat.
 */
export type MailOptions = {
  idempotencyKey?: string;
  /** what the e-mail is (`order-confirmation`, `low-stock`, ...): the log names it by this, never by its subject */
  kind?: string;
};

export type MailReceipt = { messageId: string; transport: 'outbox' | 'smtp' };

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage, options?: MailOptions): Promise<MailReceipt>;
  /**
   * Removes every kept copy of a sent e-mail whose text (headers and body, as a reader sees them) `matches`; answers how
   * many. Absent where no copy is kept (SMTP).
   */
  forget?(matches: (text: string) => boolean): Promise<number>;
  close(): Promise<void>;
}
