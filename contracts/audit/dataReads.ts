// Who read whose data: every read of personal data through the admin API is a PersonalDataRead event in the day's
// `access-<date>` stream, naming the reader (account and role), the endpoint, the subject (an order's stream, a keyed
// hash of an e-mail address, a list and its filter; never a person's details in plain text), when and why. The audit
// console lists them from a read model, newest first, by reader, subject and dates (decision 058).
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import type { PersonalDataRead } from './events.ts';

export const dataReadMessages = {
  reason: 'Give a short reason for reading this data (3 to 200 characters, without the person’s details)',
  reader: 'Reader must be at most 100 characters',
  subject: 'Subject must be at most 254 characters',
  limit: 'Limit must be a whole number from 1 to 200',
  cursor: 'That page is not one this list gave',
  day: (what: string) => `${what} must be a date (YYYY-MM-DD)`,
  order: 'From must not be after To',
} as const;

/** The reason a reader gives for a download (a person's data, the orders CSV): asked for in the UI, required by the API. */
export const ReadReasonSchema = v.pipe(
  // A missing reason is refused with the same words as a blank one.
  v.optional(v.string(dataReadMessages.reason), ''),
  ownerText('The reason'),
  v.trim(),
  v.minLength(3, dataReadMessages.reason),
  v.maxLength(200, dataReadMessages.reason),
);

/**
 * The fixed reasons of routine views. A routine view is recorded once per reader, endpoint and subject in each UTC
 * hour; a download is recorded every time, with the reader's own reason (or, for the log's export, `logExport`).
 */
export const routineReasons = {
  orderPage: 'order page opened',
  orderHistory: 'order history opened',
  orderList: 'order list viewed',
  packingSlips: 'packing slips opened',
  fullInvoice: 'full VAT invoice opened',
  reviewList: 'review list viewed',
  messageList: 'message inbox viewed',
  eventView: 'event view opened',
  related: 'related events opened',
  timeTravel: 'time travel opened',
  retention: 'retention report viewed',
  logExport: 'log exported',
  backup: 'data folder backed up',
} as const;

/** The prefix of a subject that is a keyed hash of an e-mail address (or of a search's text), never the text itself. */
export const hashedSubjectPrefix = 'email:';

const isoDay = (what: string) =>
  v.pipe(
    v.string(dataReadMessages.day(what)),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, dataReadMessages.day(what)),
    v.check((s) => Number.isFinite(Date.parse(`${s}T00:00:00Z`)), dataReadMessages.day(what)),
  );

/** GET /api/admin/audit/reads?reader=&subject=&from=&to=&cursor=&limit= */
export const DataReadsQuerySchema = v.pipe(
  v.object({
    reader: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, dataReadMessages.reader))),
    /** an order id or number's stream (`order-…`), a stream name, or an e-mail address (hashed by the server) */
    subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, dataReadMessages.subject))),
    from: v.optional(isoDay('From')),
    to: v.optional(isoDay('To')),
    cursor: v.optional(v.pipe(v.string(), v.maxLength(200, dataReadMessages.cursor))),
    limit: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,2}$/, dataReadMessages.limit),
        v.transform(Number),
        v.maxValue(200, dataReadMessages.limit),
      ),
    ),
  }),
  v.check((q) => !(q.from && q.to && q.from > q.to), dataReadMessages.order),
);
export type DataReadsQuery = v.InferInput<typeof DataReadsQuerySchema>;

export const defaultDataReadsPage = 50;

/** One read as the console lists it. */
export type DataReadDto = PersonalDataRead['data'] & { id: string; position: number };
export type DataReadsResponse = { reads: DataReadDto[]; total: number; nextCursor: string | null };
