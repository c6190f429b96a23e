// The VAT in an order's VAT-inclusive prices (decision 068). Money is integer pence; rates are basis points.
//
// - The VAT in a VAT-inclusive amount is gross × rate / (1 + rate), the "VAT fraction" (1/6 at 20%), worked out per
//   line and rounded to the nearest penny, a half penny up (HMRC internal manual VATREC12020 and VATREC12030: a
//   retailer working out VAT line by line rounds each line up or down to the nearest 1p, never always down; VAT Notice
//   700, The VAT Guide, on rounding). The net is the gross less that VAT, so net + VAT is the gross to the penny.
// - A delivery charge on goods at different rates is apportioned between the rates by the goods' values (VAT Notice
//   700/24 "Postage, delivery charges and direct marketing", section 2, delivered goods): each rate's part is
//   delivery × its goods / all goods, in whole pence, the pence left over going to the largest remainders (ties to the
//   higher rate), so the parts add up to the charge exactly. Each part carries its rate's VAT.
import { invalid } from '../shared/errors.ts';
import { BASIS_POINTS_IN_WHOLE, checkRate, type VatRate } from './rates.ts';

function checkPence(amount: number, what: string): number {
  if (!Number.isSafeInteger(amount)) throw invalid(`${what} must be a whole number of pence. Got ${String(amount)}.`);
  return amount;
}

function checkNonNegativePence(amount: number, what: string): number {
  if (checkPence(amount, what) < 0) throw invalid(`${what} cannot be negative. Got ${amount}.`);
  return amount;
}

/** The VAT in `gross` pence at `rate` basis points, to the nearest penny (a half penny away from zero). */
export function vatOf(gross: number, rate: VatRate): number {
  checkPence(gross, 'An amount');
  checkRate(rate);
  const numerator = 2 * Math.abs(gross) * rate;
  if (!Number.isSafeInteger(numerator)) throw invalid(`An amount of ${gross} pence is too large to work VAT out on.`);
  const denominator = 2 * (BASIS_POINTS_IN_WHOLE + rate);
  const vat = Math.floor((numerator + denominator / 2) / denominator);
  return gross < 0 && vat > 0 ? -vat : vat;
}

/** What a VAT-inclusive amount is made of. */
export type VatSplit = { gross: number; vat: number; net: number };

export function splitGross(gross: number, rate: VatRate): VatSplit {
  const vat = vatOf(gross, rate);
  return { gross, vat, net: gross - vat };
}

/** One line of an order: its VAT-inclusive total in pence and its rate. */
export type VatLine = { gross: number; rate: VatRate };

/** The part of a delivery charge at one rate, and the VAT in it. */
export type DeliveryPart = { rate: VatRate; gross: number; vat: number };

/** Each rate's goods value, rates in ascending order. */
function goodsByRate(lines: readonly VatLine[]): Map<VatRate, number> {
  const byRate = new Map<VatRate, number>();
  for (const line of lines) {
    checkNonNegativePence(line.gross, "A line's price");
    checkRate(line.rate);
    byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.gross);
  }
  return new Map([...byRate].sort(([a], [b]) => a - b));
}

/** The delivery charge split between the rates of the goods it delivers, by their values; the parts sum to it. */
export function apportionDelivery(delivery: number, lines: readonly VatLine[]): DeliveryPart[] {
  checkNonNegativePence(delivery, 'A delivery charge');
  const byRate = goodsByRate(lines);
  const goods = [...byRate.values()].reduce((sum, value) => sum + value, 0);
  if (delivery > 0 && goods === 0)
    throw invalid('A delivery charge is apportioned by the value of the goods, and these goods are worth nothing.');
  if (!Number.isSafeInteger(delivery * goods)) throw invalid('The order is too large to apportion its delivery.');
  const shares = [...byRate].map(([rate, value]) => ({
    rate,
    gross: goods === 0 ? 0 : Math.floor((delivery * value) / goods),
    remainder: goods === 0 ? 0 : (delivery * value) % goods,
  }));
  let left = delivery - shares.reduce((sum, share) => sum + share.gross, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || b.rate - a.rate)) {
    if (left === 0) break;
    share.gross += 1;
    left -= 1;
  }
  return shares.map(({ rate, gross }) => ({ rate, gross, vat: vatOf(gross, rate) }));
}

/** An order at one rate: its goods and its part of the delivery, VAT-inclusive, and what that is made of. */
export type RateBreakdown = VatSplit & { rate: VatRate; goods: number; delivery: number };

export type VatBreakdown = { rates: RateBreakdown[]; totals: VatSplit };

/**
 * An order's VAT per rate (rates ascending) and in total. Each line's VAT is rounded on its own and the rate's VAT is
 * their sum plus the VAT of its part of the delivery; the totals' gross is the order's total to the penny.
 */
export function vatBreakdown(order: { lines: readonly VatLine[]; delivery: number }): VatBreakdown {
  const parts = new Map(apportionDelivery(order.delivery, order.lines).map((part) => [part.rate, part]));
  const rates = [...goodsByRate(order.lines)].map(([rate, goods]): RateBreakdown => {
    const linesVat = order.lines
      .filter((line) => line.rate === rate)
      .reduce((sum, line) => sum + vatOf(line.gross, rate), 0);
    const part = parts.get(rate)!;
    const gross = goods + part.gross;
    const vat = linesVat + part.vat;
    return { rate, goods, delivery: part.gross, gross, vat, net: gross - vat };
  });
  const totals = rates.reduce(
    (sum, at) => ({ gross: sum.gross + at.gross, vat: sum.vat + at.vat, net: sum.net + at.net }),
    { gross: 0, vat: 0, net: 0 },
  );
  return { rates, totals };
}
