// The nine boxes of a VAT return (the VAT100) from the period's sales and credit notes (decision 068; VAT Notice
// 700/12 "How to fill in and submit your VAT Return").
//
// - Box 1, VAT due on sales: the sales' VAT less the VAT of the credit notes issued, in pence.
// - Box 2, VAT due on goods brought into Northern Ireland from the EU: 0. The shop is in Great Britain and sells from
//   there; since 1 January 2021 boxes 2, 8 and 9 are for Northern Ireland's trade in goods with the EU only.
// - Box 3 = box 1 + box 2.
// - Box 4, VAT reclaimed on purchases: 0. The shop records no purchases; the owner's bookkeeper reclaims input VAT
//   outside it.
// - Box 5 = box 3 − box 4, the VAT to pay (negative: to be repaid). HMRC's return takes its size and reads the sign
//   from boxes 3 and 4.
// - Box 6, total sales excluding VAT (zero-rated sales and delivery included, credit notes' net taken off), in whole
//   pounds: the pence are left out (toward zero), as the return's boxes 6 to 9 have no pence.
// - Box 7, purchases excluding VAT: 0 (no purchases recorded). Boxes 8 and 9, goods supplied to and acquired from the
//   EU: 0 (Northern Ireland only, see box 2).
//
// Boxes 1 to 5 are in pence, boxes 6 to 9 in whole pounds.
//
// Exports (decision 097) are sales at 0%: in box 6, never in box 1. An export whose proof did not come within 3 months
// owes the VAT a UK sale of the same goods would have carried, in the period in which the limit ran out ("export-due":
// box 1 gains that VAT, and box 6 loses it, since the price the buyer paid now includes it); proof that comes later
// gives it back in the period it came ("export-relief", the reverse). Notice 703 section 3; HMRC manual VEXP30300.
import { invalid } from '../shared/errors.ts';
import { checkDay, checkRate, type Day, type VatRate } from './rates.ts';

/**
 * A sale (an order) or a credit note (money given back), dated by its tax point, with its net and VAT per rate; or the
 * UK VAT of an export falling due when its proof is late, or given back when the proof comes after all, dated by the
 * day it falls due (the last day of the limit) or the day the proof came, with the VAT per rate a UK sale would carry.
 */
export type VatDocumentKind = 'sale' | 'credit' | 'export-due' | 'export-relief';
export type VatDocument = {
  kind: VatDocumentKind;
  day: Day;
  rates: ReadonlyArray<{ rate: VatRate; net: number; vat: number }>;
};

/** The first and last days of the period, both included. */
export type VatPeriod = { start: Day; end: Day };

export type VatReturnBoxes = {
  box1: number;
  box2: number;
  box3: number;
  box4: number;
  box5: number;
  box6: number;
  box7: number;
  box8: number;
  box9: number;
};

/** HMRC's wording of each box (VAT Notice 700/12); boxes 6 to 9 are whole pounds. */
export const vatReturnBoxLabels: { box: keyof VatReturnBoxes; label: string; pounds?: true }[] = [
  { box: 'box1', label: 'VAT due on sales and other outputs' },
  { box: 'box2', label: 'VAT due on acquisitions of goods made in Northern Ireland from EU Member States' },
  { box: 'box3', label: 'Total VAT due (the sum of boxes 1 and 2)' },
  { box: 'box4', label: 'VAT reclaimed on purchases and other inputs' },
  { box: 'box5', label: 'Net VAT to pay to HMRC or reclaim' },
  { box: 'box6', label: 'Total value of sales and all other outputs excluding any VAT', pounds: true },
  { box: 'box7', label: 'Total value of purchases and all other inputs excluding any VAT', pounds: true },
  {
    box: 'box8',
    label:
      'Total value of dispatches of goods and related costs, excluding VAT, from Northern Ireland to EU Member States',
    pounds: true,
  },
  {
    box: 'box9',
    label:
      'Total value of acquisitions of goods and related costs, excluding VAT, made in Northern Ireland from EU Member States',
    pounds: true,
  },
];

export const periodOrderMessage = 'A VAT period cannot end before it starts.';

export function checkPeriod(period: VatPeriod): VatPeriod {
  checkDay(period.start, "The period's first day");
  checkDay(period.end, "The period's last day");
  if (period.end < period.start) throw invalid(periodOrderMessage);
  return period;
}

const inPeriod = (period: VatPeriod, day: Day) => period.start <= day && day <= period.end;

/** The boxes for `period` from the documents dated within it (others are left out). */
export function vatReturn(period: VatPeriod, documents: readonly VatDocument[]): VatReturnBoxes {
  checkPeriod(period);
  let vat = 0;
  let net = 0;
  for (const document of documents) {
    checkDay(document.day, "A document's day");
    if (!inPeriod(period, document.day)) continue;
    const sign = document.kind === 'credit' || document.kind === 'export-relief' ? -1 : 1;
    const adjustsExport = document.kind === 'export-due' || document.kind === 'export-relief';
    for (const at of document.rates) {
      checkRate(at.rate);
      if (!Number.isSafeInteger(at.net) || !Number.isSafeInteger(at.vat) || at.net < 0 || at.vat < 0)
        throw invalid(
          'A net or VAT amount must be a whole number of pence, not negative (a credit note is its own kind).',
        );
      vat += sign * at.vat;
      // An export's VAT falling due comes out of the price it was sold at: the net falls by as much as the VAT rises.
      net += adjustsExport ? -sign * at.vat : sign * at.net;
    }
  }
  const box1 = vat;
  const box2 = 0;
  const box3 = box1 + box2;
  const box4 = 0;
  return {
    box1,
    box2,
    box3,
    box4,
    box5: box3 - box4,
    box6: Math.trunc(net / 100) + 0,
    box7: 0,
    box8: 0,
    box9: 0,
  };
}
