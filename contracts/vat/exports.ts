// Goods sent out of the UK: zero-rated exports that need their proof (decision 097).
//
// What HMRC says, and where:
// - Goods exported from the UK are zero-rated when they leave the UK and the seller holds proof of export: VAT Notice
//   703 "VAT on goods exported from the UK", sections 3 (conditions and time limits) and 6 (proof of export).
// - Both the export and its evidence must come within 3 months of the time of supply. The zero-rated supply goes on
//   the return covering the time of supply; when the time limit passes without evidence the seller accounts for the
//   VAT in the period in which the limit expires, and may zero-rate it again, adjusting the period in which the
//   evidence is later obtained (HMRC's internal manual VEXP30300; VEXP90300 on the period assessed).
// - A parcel sent by post is proved by the Post Office's certificate of posting, or Royal Mail's collection manifest or
//   certificate of posting for international mail (VEXP50400); for a tracked service the carrier's tracking record.
// - The UK and the Isle of Man are one VAT area: goods sent to the Isle of Man are not exported. The Channel Islands
//   are outside it, so goods sent there are.
import * as v from 'valibot';
import type { ShippingAddress } from '../orders/model.ts';
import { checkDay, ukDayOf, type Day } from './rates.ts';

/** Country codes of the UK's VAT area (the UK itself, and the Isle of Man, which shares it). */
const ukVatArea = new Set(['GB', 'UK', 'IM']);
/** Names an address may carry instead of a code. */
const ukNames = new Set(['united kingdom', 'great britain', 'england', 'scotland', 'wales', 'northern ireland']);

/** Whether goods sent to `country` (a code or a name) stay in the UK's VAT area. */
export function isUkVatArea(country: string): boolean {
  const given = country.trim();
  return ukVatArea.has(given.toUpperCase()) || ukNames.has(given.toLocaleLowerCase('en-GB'));
}

/**
 * The country an order's goods are exported to, or null when they stay in the UK or where they go is not known when it
 * is placed (an address still to come, or one written as text): such an order is a UK sale, the safe side, as the
 * goods cannot be shown to leave. A gift sent to someone else goes where its recipient is.
 */
export function exportDestinationOf(order: {
  shippingAddress: ShippingAddress | string;
  gift?: { recipientAddress?: ShippingAddress | undefined } | undefined;
}): string | null {
  const address = order.gift?.recipientAddress ?? order.shippingAddress;
  if (typeof address === 'string') return null;
  const country = address.country.trim();
  if (!country || isUkVatArea(country)) return null;
  return country.toUpperCase();
}

/**
 * Whether a shopper sending to `country` (a code or a name; empty while none is chosen) is told the import-duties
 * notice (contracts/content/importDuties.ts): their parcel leaves the UK.
 */
export const importDutiesApply = (country: string): boolean => country.trim() !== '' && !isUkVatArea(country);

/** Months the evidence of an export may take from the time of supply (Notice 703, section 3). */
export const exportEvidenceMonths = 3;
/** The VAT screen lists an export still without evidence from this many days before its limit. */
export const exportEvidenceWarningDays = 30;

const dayMs = 86_400_000;
const dayNumber = (day: Day) => Date.parse(`${day}T00:00:00Z`) / dayMs;
const dayOfNumber = (n: number): Day => new Date(n * dayMs).toISOString().slice(0, 10);

/** `day` plus `days` calendar days. */
export const addDays = (day: Day, days: number): Day => dayOfNumber(dayNumber(checkDay(day)) + days);
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Day, to: Day): number => dayNumber(checkDay(to)) - dayNumber(checkDay(from));

/**
 * The last day an export's evidence may come: the same day of the month three months after the UK day of supply, or
 * that month's last day when it is shorter (a sale on 30 November has until 28 or 29 February).
 */
export function exportEvidenceDeadline(placedAt: string): Day {
  const day = ukDayOf(placedAt);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + exportEvidenceMonths, 1));
  const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastOfMonth));
  return target.toISOString().slice(0, 10);
}

/** Where an export stands on `today`: proved, waiting (time to spare), approaching its limit, or past it (VAT due). */
export type ExportEvidenceState = 'proved' | 'waiting' | 'approaching' | 'overdue';

export function exportEvidenceState(deadline: Day, today: Day, evidencedOn: Day | null): ExportEvidenceState {
  if (evidencedOn !== null) return 'proved';
  if (today > deadline) return 'overdue';
  return daysBetween(today, deadline) <= exportEvidenceWarningDays ? 'approaching' : 'waiting';
}

/** What proves an export: the tracking number its shipment was recorded with, or a proof-of-posting reference. */
export type ExportEvidence =
  | { kind: 'tracking'; reference: string; carrier: string; by: string; at: string }
  | { kind: 'posting'; reference: string; by: string; at: string };

export const maxPostingReferenceLength = 60;
export const postingReferenceMessage = `Enter the proof-of-posting reference: 1 to ${maxPostingReferenceLength} letters, digits, spaces, dashes or slashes, as the certificate of posting or the collection manifest shows it`;

/** POST /api/admin/orders/{id}/export-evidence */
export const RecordExportEvidenceSchema = v.object(
  {
    reference: v.pipe(
      v.string(postingReferenceMessage),
      v.trim(),
      v.regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 /-]{0,${maxPostingReferenceLength - 1}}$`), postingReferenceMessage),
    ),
  },
  'Send a JSON object with the proof-of-posting reference',
);
export type RecordExportEvidenceBody = v.InferInput<typeof RecordExportEvidenceSchema>;

export const exportEvidenceMessages = {
  notExport: 'This order stays in the UK: it was not recorded as a zero-rated export, so it needs no proof of export.',
  recorded: (orderNumber: string) => `Proof of posting recorded for order ${orderNumber}`,
} as const;

/** An export as the owner's screens show it: where it went, its limit, its proof, and the VAT due without it. */
export type ExportProofView = {
  orderId: string;
  orderNumber: string;
  /** null until the receipts reactor has numbered the sale */
  receiptNumber: string | null;
  /** the destination's code, and its name where the shop knows it */
  country: string;
  countryName: string;
  placedAt: string;
  /** the last UK day its proof may come */
  deadline: Day;
  state: ExportEvidenceState;
  /** days from today to the deadline: negative once it has passed */
  daysLeft: number;
  /** what the buyer paid */
  gross: number;
  /** the VAT a UK sale of the same goods would have carried: due when the limit passes without proof */
  vatDue: number;
  evidence: ExportEvidence | null;
};

/** GET /api/admin/vat/exports: the exports still without proof within `warningDays` of their limit, or past it. */
export type VatExportsResponse = {
  today: Day;
  warningDays: number;
  exports: ExportProofView[];
  /** exports without proof whose limit is further off than `warningDays` */
  waiting: number;
};

/** GET /api/admin/orders/{id}/export-proof: null for an order that is not a zero-rated export. */
export type ExportProofResponse = { export: ExportProofView | null };
export type RecordExportEvidenceResponse = { success: true; message: string; export: ExportProofView };
