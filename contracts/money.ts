// Money is integer pence everywhere; pounds appear only at the edges (display, spec'd request fields).
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 999 → "£9.99" */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** The spec's rule: multiply by 100 and round. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** 999 → "9.99": the two-decimal string the checkout-session item carries. */
export function penceToPoundsString(pence: number): string {
  return (pence / 100).toFixed(2);
}

export const CURRENCY = 'gbp';
