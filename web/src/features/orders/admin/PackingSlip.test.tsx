// A packing slip as it renders (decision 098): a parcel to France prints its CN22 summary (category, each line's
// description, quantity, net weight, value, tariff number and origin, the totals), one worth more than £270 the CN23
// wording, and a parcel within the UK none.
import { renderToStaticMarkup } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PackingSlip as Slip } from '#contracts/orders/console.ts';
import { customsDeclarationOf, type DeclaredItem } from '#contracts/orders/customs.ts';
import { packingSlipContent } from '#contracts/orders/fulfilment.ts';
import { PackingSlip } from './PackingSlip.tsx';

const catalogue = [
  { id: 1, title: 'The Kindness Basket', kind: 'story' as const },
  { id: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', kind: 'poster' as const },
];
const items: DeclaredItem[] = [
  { name: 'The Kindness Basket', quantity: 2, price: 899, bookId: 1 },
  { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
];

function slipTo(country: string, lines: DeclaredItem[] = items): Slip {
  const customs = customsDeclarationOf(country, lines, catalogue);
  return {
    orderId: 'cs_test_customs',
    orderNumber: 'AH-CUSTOMS1',
    orderDate: '2026-06-15T10:00:00.000Z',
    customerName: 'Camille Martin',
    addressLines: ['8 rue des Lilas', 'Lyon', '69003', country],
    items: lines.map(({ name, quantity, price }) => ({ name, quantity, price })),
    subtotal: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    shippingCost: 500,
    total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0) + 500,
    status: 'processing',
    ...(customs ? { customs } : {}),
  };
}

/** The rendered slip's text, tags gone and entities read, so sentences can be found in it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

test('a parcel to France prints a CN22 summary with every line and the totals', () => {
  const html = renderToStaticMarkup(<PackingSlip slip={slipTo('FR')} gift={false} />);
  assert.match(html, 'aria-label="Customs declaration CN22"');
  const text = textOf(html);
  for (const expected of [
    'Customs declaration CN22',
    packingSlipContent.customs.cn22,
    'Destination France (FR)',
    'Category of item Sale of goods',
    // description, the item's name, quantity, net weight, value, HS code, origin
    "Children's picture book The Kindness Basket 2 700 g £17.98 4903.00.00 United Kingdom (GB)",
    'Printed poster Alif to Ya: My Arabic Alphabet Poster 1 150 g £9.99 4911.91.00 United Kingdom (GB)',
    'Total 3 850 g £27.97 GBP',
  ])
    assert.ok(text.includes(expected), `${expected}\nnot in: ${text}`);
  assert.not.ok(text.includes('CN23'));
});

test('the summary prints in gift mode too, after the slip and apart from it: the declaration goes outside the parcel', () => {
  const html = renderToStaticMarkup(<PackingSlip slip={slipTo('FR')} gift={true} />);
  const [slip, declaration] = html.split('</article>');
  assert.not.match(slip!, '£', 'the slip inside the parcel shows no prices');
  assert.ok(textOf(declaration!).includes('Total 3 850 g £27.97 GBP'), declaration);
  assert.match(declaration!, /^<section class="packing-slip__customs"/);
});

test('contents worth more than £270 print the CN23 wording', () => {
  const dear = [{ name: 'The Kindness Basket', quantity: 30, price: 999, bookId: 1 }];
  const text = textOf(renderToStaticMarkup(<PackingSlip slip={slipTo('US', dear)} gift={false} />));
  assert.ok(text.includes('Customs declaration CN23'), text);
  assert.ok(text.includes(packingSlipContent.customs.cn23), text);
  assert.ok(text.includes('Total 30 10.5 kg £299.70 GBP'), text);
});

test('a parcel within the UK prints no customs declaration', () => {
  const slip = slipTo('GB');
  assert.is(slip.customs, undefined);
  const html = renderToStaticMarkup(<PackingSlip slip={slip} gift={false} />);
  assert.not.match(html, 'Customs declaration');
  assert.not.match(html, 'packing-slip__customs');
});

test.run();
