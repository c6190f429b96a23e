// A person's data the shop can forget: the owner erases everyone an e-mail address links to (their data keys are
// deleted, so every sealed field reads as its stand-in), downloads what is held about an address, and sees which people
// the retention period has run out for.
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import type { RecordedEvent } from '../shared/events.ts';
import { ReadReasonSchema } from '../audit/dataReads.ts';

export const privacyMessages = {
  email: 'Give the e-mail address the person used',
  reason: 'Give a reason (without the person’s details)',
  unknown: 'Nothing is held under that e-mail address (or it was already erased)',
  plainOnly:
    'That address is only in events written before personal fields were sealed: they cannot be erased until the log is migrated (stop the shop and run npm run events -- migrate-seal, decision 059). Its streams are listed in the download of the person’s data.',
  signInOnly:
    'That address was only typed into the admin sign-in form as a name that is no account. Such names are now kept only as a keyed hash; the attempts recorded before that kept it as typed, and they cannot be erased without rewriting the log (see decision 057). Their streams are listed in the download of the person’s data.',
  erased:
    'Erased: the person’s details read as “Erased customer” everywhere, and their e-mails were removed from the outbox.',
  applied: 'Erased everyone past the retention period.',
  noneDue: 'Nobody is past the retention period.',
  accessRefused:
    'Only an owner, or an account an owner has granted it to, may download a person’s data. Ask an owner for the grant on the accounts screen.',
} as const;

const email = v.pipe(
  v.string(privacyMessages.email),
  v.trim(),
  v.minLength(3, privacyMessages.email),
  v.maxLength(254, privacyMessages.email),
  v.regex(/^[^@\s]+@[^@\s]+$/, privacyMessages.email),
  ownerText('The e-mail address'),
);

/** POST /api/admin/privacy/erase */
export const EraseBodySchema = v.object({
  email,
  reason: v.pipe(
    v.string(privacyMessages.reason),
    ownerText('The reason'),
    v.trim(),
    v.minLength(3, privacyMessages.reason),
    v.maxLength(200, privacyMessages.reason),
  ),
});
/** plainTextStreams: streams written before sealing that name the address; they still read as written (decision 049). */
export type EraseResult = {
  subjects: number;
  streams: number;
  outboxFiles: number;
  plainTextStreams: number;
  erasureId: string;
};
export type EraseResponse = { success: true; message: string; result: EraseResult };

/** GET /api/admin/privacy/access?email=&reason= — the reason is recorded with the download (decision 058). */
export const AccessQuerySchema = v.object({ email, reason: ReadReasonSchema });
/** Everything held about one address, as the owner downloads it: each stream that names them, with its events. */
export type AccessReport = {
  email: string;
  madeAt: string;
  orders: RecordedEvent[][];
  checkouts: RecordedEvent[][];
  reviews: RecordedEvent[][];
  /** contact messages with their replies, newsletter consents and back-in-stock requests (decisions 090, 091) */
  messages: RecordedEvent[][];
  notices: RecordedEvent[][];
  emails: RecordedEvent[];
  /** events written before personal fields were sealed name the address in plain text: listed, they cannot be shredded */
  plainTextStreams: string[];
};

/**
 * GET /api/admin/privacy/unsealed — how much of the log was written before personal fields were sealed: the customers
 * in those events cannot be erased until the log is migrated (decision 059). `message` is null when nothing is.
 */
export type UnsealedReport = { events: number; streams: number; message: string | null };
export const unsealedMessage = (events: number, streams: number) =>
  `The log holds personal data written before personal fields were sealed (${events} ${events === 1 ? 'event' : 'events'} in ${streams} ${streams === 1 ? 'stream' : 'streams'}): those customers cannot be erased until the log is migrated. Stop the shop, run npm run events -- migrate-seal, check the shop on the new log, then run npm run events -- migrate-seal --confirm to delete the old one (decision 059).`;

/** One person the retention period has run out for (their last order older than the cut-off). */
export type RetentionDue = { email: string; lastOrderAt: string; orders: string[] };
export type RetentionReport = { months: number | null; cutoff: string | null; due: RetentionDue[] };
export type RetentionApplyResponse = { success: true; message: string; erased: number };
