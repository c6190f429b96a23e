// The bundle saving (decision 072): the owner's rule from the content file, and the one pure function that decides what
// it takes off a basket. The server prices every checkout with it; the cart shows the same figure before checkout.
import * as v from 'valibot';
import { formatPence } from '../shared/money.ts';

export const BundleRuleSchema = v.pipe(
  v.object({
    enabled: v.boolean(),
    /** whole percent taken off each complete set of the required products */
    percentOff: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
    /** the product ids one set holds, one copy of each */
    requires: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(2)),
  }),
  v.check((rule) => new Set(rule.requires).size === rule.requires.length, 'A bundle names each product once'),
);
export type BundleRule = v.InferOutput<typeof BundleRuleSchema>;

/** The bundle as the shop offers it to shoppers: null when it is switched off. */
export type BundleOffer = { percentOff: number; requires: number[] } | null;

export const bundleOfferOf = (rule: BundleRule | undefined): BundleOffer =>
  rule?.enabled ? { percentOff: rule.percentOff, requires: [...rule.requires] } : null;

/** The spec's note ("You're saving 10% with this bundle!" at 10%), shown only where the saving is applied. */
export const bundleNote = (offer: { percentOff: number }) => `You're saving ${offer.percentOff}% with this bundle!`;
export const bundleSavingLabel = 'Bundle saving';

/**
 * Titles as a sentence lists them: "A", "A and B", "A, B and C" (en-GB's list, no comma before "and"), written by hand:
 * an Intl.ListFormat loads its locale's data, about 40 ms of a phone's main thread on the landing page.
 */
const listed = (titles: readonly string[]) =>
  titles.length < 2 ? titles.join('') : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;

/**
 * The offer as the landing page states it, generated from the rule (decision 113): exactly the products one set holds,
 * by the titles `titleOf` gives them. Null when the offer is off or a product of the set is not on sale (a set that
 * cannot be bought is not offered).
 */
export function bundleOfferText(offer: BundleOffer, titleOf: (bookId: number) => string | undefined): string | null {
  if (!offer) return null;
  const titles = offer.requires.map(titleOf);
  if (titles.some((title) => title === undefined)) return null;
  return `Buy ${listed(titles as string[])} together, one of each, and save ${offer.percentOff}% on the set.`;
}

/**
 * The one product a basket lacks to hold a complete set, when it holds every other one and no set yet; null otherwise
 * (no offer, a set already there, or more than one title missing).
 */
export function bundleCompletedBy(offer: BundleOffer, lines: readonly BasketLine[]): number | null {
  if (!offer || bundleSaving(offer, lines)) return null;
  const held = new Set(lines.filter((l) => l.quantity > 0 && l.bookId !== undefined).map((l) => l.bookId));
  const missing = offer.requires.filter((id) => !held.has(id));
  return missing.length === 1 ? missing[0]! : null;
}

/** What a cart one title short says: which title completes the bundle. */
export const bundleCompleteText = (title: string, offer: { percentOff: number }) =>
  `Add ${title} to complete the bundle and save ${offer.percentOff}% on the set.`;
/** What a payment page says under a line at the bundle's price. */
export const bundleLineDescription = (listPrice: number) => `Bundle price (was ${formatPence(listPrice)})`;

/** A basket's line as the rule sees it: a product, how many, and its unit price in pence. */
export type BasketLine = { bookId?: number | undefined; quantity: number; price: number };

/** A line split for the bundle: `quantity` copies at `price` each, `listPrice` before the saving. */
export type BundledLine = { line: number; quantity: number; price: number; listPrice: number };

export type BundleSaving = {
  /** complete sets in the basket */
  sets: number;
  /** pence taken off in all */
  amount: number;
  /** the pence each required product's copy in a set is cheaper by, by product id */
  perCopy: Map<number, number>;
};

/**
 * What the bundle takes off a basket, or null when it does not apply. A set is one copy of each required product;
 * each complete set is `percentOff` of the set's price cheaper, rounded to the nearest penny (a half penny up). The
 * set's saving is split across its products by largest remainder: each takes the floor of its share by price, and the
 * pence left go one each to the largest fractional parts (the earlier product in `requires` first on a tie), so each
 * copy's price stays a whole number of pence and the parts add up to the saving exactly.
 */
export function bundleSaving(offer: BundleOffer, lines: readonly BasketLine[]): BundleSaving | null {
  if (!offer) return null;
  const copies = new Map<number, { quantity: number; price: number }>();
  for (const line of lines) {
    if (line.bookId === undefined || line.quantity <= 0) continue;
    const seen = copies.get(line.bookId);
    copies.set(line.bookId, { quantity: (seen?.quantity ?? 0) + line.quantity, price: seen?.price ?? line.price });
  }
  const required = offer.requires.map((id) => ({ id, held: copies.get(id) }));
  if (required.some((r) => !r.held)) return null;
  const sets = Math.min(...required.map((r) => r.held!.quantity));
  const setPrice = required.reduce((sum, r) => sum + r.held!.price, 0);
  if (sets <= 0 || setPrice <= 0) return null;
  const setSaving = Math.round((setPrice * offer.percentOff) / 100);
  const shares = required.map((r, order) => {
    const exact = (setSaving * r.held!.price) / setPrice;
    return { id: r.id, order, pence: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = setSaving - shares.reduce((sum, s) => sum + s.pence, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.order - b.order)) {
    if (left <= 0) break;
    share.pence += 1;
    left -= 1;
  }
  return { sets, amount: setSaving * sets, perCopy: new Map(shares.map((s) => [s.id, s.pence])) };
}

/**
 * The basket's lines with the bundle applied: each line of a required product splits into the copies in sets (at the
 * bundle's price) and any copies beyond them (at the list price), in the basket's order, so every line's recorded unit
 * price is what is charged for it. `from` is the index in `lines` each result line comes from.
 */
export function withBundle<L extends BasketLine>(
  offer: BundleOffer,
  lines: readonly L[],
): { lines: (L & { listPrice?: number; from: number })[]; saving: BundleSaving | null } {
  const saving = bundleSaving(offer, lines);
  if (!saving) return { lines: lines.map((line, from) => ({ ...line, from })), saving: null };
  const setsLeft = new Map([...saving.perCopy.keys()].map((id) => [id, saving.sets]));
  const out: (L & { listPrice?: number; from: number })[] = [];
  lines.forEach((line, from) => {
    const off = line.bookId === undefined ? undefined : saving.perCopy.get(line.bookId);
    const inSets = off === undefined ? 0 : Math.min(line.quantity, setsLeft.get(line.bookId!) ?? 0);
    if (inSets > 0) {
      setsLeft.set(line.bookId!, setsLeft.get(line.bookId!)! - inSets);
      out.push({ ...line, quantity: inSets, price: line.price - off!, listPrice: line.price, from });
    }
    if (line.quantity - inSets > 0) out.push({ ...line, quantity: line.quantity - inSets, from });
  });
  return { lines: out, saving };
}
