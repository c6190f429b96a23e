// UK VAT registration numbers (decision 068): "GB" and 9 digits, or "GB" and 12 (the 9 and a 3-digit branch), written
// with or without spaces; kept as "GB" and the digits, no spaces.
//
// The check digits: the first seven digits weighted 8, 7, 6, 5, 4, 3, 2, plus the last two digits read as a number. The
// total is divisible by 97 in the original series, or total + 55 is in the series HMRC began issuing from November 2009
// when the original was running out (the "9755" series). Published examples of the original series: GB 365 6845 14
// (HSBC), GB 339 0727 47. A branch's three digits take no part in the check.
//
// Only the check is applied. Secondary sources (not HMRC's own) add that the 9755 series starts again at 100 0000 00,
// that numbers beginning 00 are the Isle of Man's and 01–09 are kept for HMRC's non-VAT references, and that
// government departments and health authorities have GD/HA numbers; none of that is applied here.
import * as v from 'valibot';

export const vatNumberMessage =
  'Enter a UK VAT number: GB then 9 digits, or 12 for a branch, for example GB 365 6845 14.';

/** Upper case, without spaces; `null` when what is left is not GB and 9 or 12 digits. */
export function normaliseVatNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return /^GB(\d{9}|\d{12})$/.test(compact) ? compact : null;
}

/** 8·d1 + 7·d2 + … + 2·d7 + the last two digits (d8d9) as a number. */
export function checkTotal(nineDigits: string): number {
  const digits = [...nineDigits].map(Number);
  const weighted = [8, 7, 6, 5, 4, 3, 2].reduce((sum, weight, i) => sum + weight * digits[i]!, 0);
  return weighted + Number(nineDigits.slice(7, 9));
}

export type VatNumberSeries = 'mod97' | 'mod9755';

/** Which series the number's check digits belong to, or `null` when they fit neither (a mistyped number). */
export function vatNumberSeries(input: string): VatNumberSeries | null {
  const number = normaliseVatNumber(input);
  if (number === null) return null;
  const total = checkTotal(number.slice(2, 11));
  if (total % 97 === 0) return 'mod97';
  if ((total + 55) % 97 === 0) return 'mod9755';
  return null;
}

export const isValidVatNumber = (input: string): boolean => vatNumberSeries(input) !== null;

/** A VAT number as typed; its output is the normalised number ("GB365684514"). */
export const VatNumberSchema = v.pipe(
  v.string(vatNumberMessage),
  v.check(isValidVatNumber, vatNumberMessage),
  v.transform((input) => normaliseVatNumber(input)!),
);

/** "GB365684514" → "GB 365 6845 14" (a branch's three digits after another space): the number as HMRC prints it. */
export function formatVatNumber(number: string): string {
  const normal = normaliseVatNumber(number);
  if (normal === null) return number;
  const digits = normal.slice(2);
  const branch = digits.length === 12 ? ` ${digits.slice(9)}` : '';
  return `GB ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7, 9)}${branch}`;
}
