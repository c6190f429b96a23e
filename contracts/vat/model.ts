// The owner's VAT settings screen: what it reads and what it sends (decision 069).
import * as v from 'valibot';
import { VatRateSchema, type Day, type VatRate } from './rates.ts';
import { periodOrderMessage, type VatDocumentKind, type VatPeriod, type VatReturnBoxes } from './vatReturn.ts';
import type { RateEntry, Registration } from './settings.ts';
import { VatNumberSchema } from './vatNumber.ts';

const isDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

const daySchema = (what: string) => {
  const message = `${what} must be a date written YYYY-MM-DD`;
  return v.pipe(v.string(message), v.trim(), v.check(isDay, message));
};

/** POST /api/admin/vat/registration */
export const RegisterVatSchema = v.object(
  { vatNumber: VatNumberSchema, registeredFrom: daySchema('The day registration started') },
  'Send a JSON object with a VAT number and the day registration started',
);
export type RegisterVatBody = v.InferInput<typeof RegisterVatSchema>;

/** POST /api/admin/vat/deregistration: `from` is the first day the shop is no longer registered. */
export const DeregisterVatSchema = v.object(
  { from: daySchema('The day registration ended') },
  'Send a JSON object with the first day the shop is no longer registered',
);
export type DeregisterVatBody = v.InferInput<typeof DeregisterVatSchema>;

/** POST /api/admin/vat/rates/{bookId}: the product's rate from `from` onward. */
export const ChangeVatRateSchema = v.object(
  { from: daySchema('The first day of the rate'), rate: VatRateSchema },
  'Send a JSON object with the rate in basis points and its first day',
);
export type ChangeVatRateBody = v.InferInput<typeof ChangeVatRateSchema>;

/** A product's VAT rate on the owner's screen: its rate today, what a sale today is charged, and its history. */
export type VatProduct = {
  bookId: number;
  title: string;
  /** the product's rate today, whether or not the shop is registered */
  rate: VatRate;
  /** what a sale today is charged: the rate when registered today, else 0 */
  charged: VatRate;
  /** the catalog's default first, then the owner's changes, in day order */
  history: RateEntry[];
};

/** GET /api/admin/vat */
export type VatSettingsResponse = {
  /** the UK day the answer was made on */
  today: Day;
  /** registered on `today` */
  registered: boolean;
  /** the registration in force or to come (null when none is open) */
  registration: Registration | null;
  /** every period, oldest first */
  registrations: Registration[];
  products: VatProduct[];
};

export type VatChangeResponse = { success: true; message: string; settings: VatSettingsResponse };

/** A book id as it appears in a path; anything else names no product (404). */
export const vatBookIdPattern = /^[1-9][0-9]{0,8}$/;

/** GET /api/admin/vat/return?start=&end=: the period's first and last days, both counted. */
export const VatReturnQuerySchema = v.pipe(
  v.object(
    { start: daySchema("The period's first day"), end: daySchema("The period's last day") },
    'Give the period as start and end, each a date written YYYY-MM-DD',
  ),
  v.check((q) => q.start <= q.end, periodOrderMessage),
);
export type VatReturnQuery = v.InferInput<typeof VatReturnQuerySchema>;

/**
 * A receipt (a sale) or a credit note within the period, with its net and VAT per rate as it recorded them; or an
 * export's UK VAT falling due without its proof, or given back when the proof came late (decision 097).
 */
export type VatReturnDocument = {
  kind: VatDocumentKind;
  /** the receipt's or the credit note's number (an export's adjustments name its receipt) */
  number: string;
  orderId: string;
  orderNumber: string;
  /**
   * its tax point: the day of the sale, or the day the credit note was issued; for an export's VAT due, the last day its
   * proof could come; for VAT given back, the day the proof came
   */
  day: Day;
  rates: { rate: VatRate; net: number; vat: number }[];
};

/** The nine boxes of the period and every document behind them, oldest first (receipts, then credit notes). */
export type VatReturnResponse = { period: VatPeriod; boxes: VatReturnBoxes; documents: VatReturnDocument[] };
