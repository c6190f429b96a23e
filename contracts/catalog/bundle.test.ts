// The bundle rule (decision 072): when a basket earns it, what it takes off, and how that is split across the lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { shopContent } from './content.ts';
import { BundleRuleSchema, bundleNote, bundleOfferOf, bundleOfferText, bundleSaving, withBundle } from './bundle.ts';

const offer = { percentOff: 10, requires: [1, 2, 3] };
const line = (bookId: number, quantity = 1, price = 999) => ({ bookId, quantity, price });

test('the content file offers 10% off a set of both story books and the poster; its note is the spec text', () => {
  assert.equal(bundleOfferOf(shopContent.bundle), offer);
  assert.is(bundleNote(offer), "You're saving 10% with this bundle!");
});

test('a basket with every required product qualifies; one without any of them does not', () => {
  assert.is(bundleSaving(offer, [line(1), line(2), line(3)])?.amount, 300);
  assert.is(bundleSaving(offer, [line(1), line(2)]), null);
  assert.is(bundleSaving(offer, [line(1, 5), line(3, 5)]), null);
  assert.is(bundleSaving(offer, []), null);
  // Lines of the same product add up; a line with no product id is no product of the set.
  assert.is(bundleSaving(offer, [line(1), line(2), { quantity: 1, price: 999 }]), null);
});

test('switched off, nothing is saved and the basket is unchanged', () => {
  const off = bundleOfferOf({ enabled: false, percentOff: 10, requires: [1, 2, 3] });
  assert.is(off, null);
  assert.is(bundleSaving(off, [line(1), line(2), line(3)]), null);
  const basket = [line(1), line(2), line(3)];
  assert.equal(
    withBundle(off, basket).lines.map(({ from: _from, ...l }) => l),
    basket,
  );
  assert.is(bundleOfferOf(undefined), null);
});

test('the set saving is 10% to the nearest penny, split by largest remainder so the parts add up exactly', () => {
  // 2997 × 10% = 299.7 → 300; each third is 99.9 → 99, three pennies left go one each: 100 + 100 + 100.
  assert.equal(
    [...bundleSaving(offer, [line(1), line(2), line(3)])!.perCopy],
    [
      [1, 100],
      [2, 100],
      [3, 100],
    ],
  );
  // Prices 1000, 500, 250 at 15%: 1750 × 15% = 262.5 → 263 (a half penny up). Shares 150.29, 75.14, 37.57 → 150, 75,
  // 37 = 262; the one penny left goes to the largest remainder (0.57, product 3): 150 + 75 + 38 = 263.
  const uneven = bundleSaving({ percentOff: 15, requires: [1, 2, 3] }, [
    line(1, 1, 1000),
    line(2, 1, 500),
    line(3, 1, 250),
  ])!;
  assert.equal(
    [...uneven.perCopy],
    [
      [1, 150],
      [2, 75],
      [3, 38],
    ],
  );
  assert.is(uneven.amount, 263);
  // Equal remainders: the earlier product in the rule takes the penny first. 2 × 5 at 10%: 10 × 10% = 1; shares 0.5 and 0.5 → the first takes it.
  assert.equal(
    [...bundleSaving({ percentOff: 10, requires: [4, 5] }, [line(5, 1, 5), line(4, 1, 5)])!.perCopy],
    [
      [4, 1],
      [5, 0],
    ],
  );
});

test('each complete set is saved on; copies beyond the sets stay at the list price, on lines of their own', () => {
  const { lines, saving } = withBundle(offer, [line(1, 3), line(2, 2), line(3, 2)]);
  assert.is(saving!.sets, 2);
  assert.is(saving!.amount, 600);
  assert.equal(lines, [
    { bookId: 1, quantity: 2, price: 899, listPrice: 999, from: 0 },
    { bookId: 1, quantity: 1, price: 999, from: 0 },
    { bookId: 2, quantity: 2, price: 899, listPrice: 999, from: 1 },
    { bookId: 3, quantity: 2, price: 899, listPrice: 999, from: 2 },
  ]);
  const charged = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  assert.is(charged, 7 * 999 - 600);
});

test('the rule the owner writes is checked: a percentage from 1 to 100, two products at least, each once', () => {
  assert.ok(v.is(BundleRuleSchema, { enabled: true, percentOff: 10, requires: [1, 2] }));
  assert.not.ok(v.is(BundleRuleSchema, { enabled: true, percentOff: 0, requires: [1, 2] }));
  assert.not.ok(v.is(BundleRuleSchema, { enabled: true, percentOff: 101, requires: [1, 2] }));
  assert.not.ok(v.is(BundleRuleSchema, { enabled: true, percentOff: 10, requires: [1] }));
  assert.not.ok(v.is(BundleRuleSchema, { enabled: true, percentOff: 10, requires: [1, 1] }));
  assert.not.ok(v.is(BundleRuleSchema, { enabled: true, percentOff: 12.5, requires: [1, 2] }));
});

test.run();

test("the offer lists its titles as en-GB's list does: one, two, three and four of them", () => {
  const titles = ['Amal', 'Noor Finds the Moon', 'Alif to Ya', 'Kind Hands'];
  for (let count = 1; count <= 4; count++) {
    const requires = titles.slice(0, count).map((_, i) => i + 1);
    const expected = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(titles.slice(0, count));
    assert.is(
      bundleOfferText({ percentOff: 10, requires }, (id) => titles[id - 1]),
      `Buy ${expected} together, one of each, and save 10% on the set.`,
    );
  }
});
