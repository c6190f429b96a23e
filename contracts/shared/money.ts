// Money is integer pence everywhere; pounds appear only at the edges (display, spec'd request fields).

/**
 * 999 → "£9.99", 123456 → "£1,234.56", -150 → "-£1.50": what en-GB currency formatting gives, done by hand, because
 * a browser's first Intl.NumberFormat loads its locale data and stalls the page that shows the first price.
 */
export function formatPence(pence: number): string {
  const whole = Math.round(pence);
  const abs = Math.abs(whole);
  const pounds = groupDigits(Math.floor(abs / 100));
  return `${whole < 0 ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** 30000 → "30,000": a whole number with en-GB's thousands separators, without Intl (see lazily.ts). */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Pounds to pence: multiply by 100 and round. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** 999 → "9.99": the two-decimal string the checkout-session item carries. */
export function penceToPoundsString(pence: number): string {
  return (pence / 100).toFixed(2);
}

export const CURRENCY = 'gbp';
