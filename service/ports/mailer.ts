// The mailer port: order confirmations and owner notifications leave the shop through it.
export type MailMessage = { to: string; subject: string; text: string };

export type MailReceipt = { messageId: string; transport: 'outbox' | 'smtp' };

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<MailReceipt>;
  close(): Promise<void>;
}
