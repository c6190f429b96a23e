// Exports zero-rated with their proof (decision 097), on the shop's own clock: two posters to France are recorded as a
// zero-rated export and counted in box 6 but not box 1, the same to Leeds carries UK VAT; without proof the export is
// listed as its 3 months run out and its UK VAT falls due in the quarter they ran out in; a proof-of-posting reference
// takes it off the list and gives the VAT back in the quarter it came; a tracked shipment proves another in time.
import { deliveryOptionFor, type ShippingRatesResponse } from '../../contracts/checkout/shippingRates.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { vatOf } from '../../contracts/vat/breakdown.ts';
import type {
  ExportProofResponse,
  RecordExportEvidenceResponse,
  VatExportsResponse,
} from '../../contracts/vat/exports.ts';
import type { VatReturnResponse } from '../../contracts/vat/model.ts';
import { paidCartCheckout, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { call, settled, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../admin/tokens.ts';

let now = new Date('2027-01-10T12:00:00.000Z');
let shop: TestShop;
let auth: Record<string, string>;
test.before(async () => {
  shop = await startTestShop(sandboxShopEnv, { clock: () => now });
  auth = ownerAt(now);
});
test.after(() => shop.close());

/** The owner's token as the shop's clock reads it: one signed today would have expired by the shop's April. */
const ownerAt = (at: Date) => ({
  authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, shop.shop.deps.admin.username, undefined, undefined, at.getTime())}`,
});
/** The shop's clock moves on, and the owner signs in again. */
const moveTo = (at: string) => {
  now = new Date(at);
  auth = ownerAt(now);
};

const twoPosters = [{ bookId: 3, quantity: 2 }];

/** A cart of `items` paid on the sandbox's page for an address in `country` at the rate for it; its order id. */
async function paidTo(country: string, items = twoPosters): Promise<string> {
  const started = await call(`${shop.url}/api/cart/checkout`, { body: { items, customerCountry: country } });
  assert.is(started.status, 200, started.text);
  const sessionId: string = started.json.sessionId;
  // The page offers the one option of the destination's zone, from the shop's delivery table.
  const table = (await call(`${shop.url}/api/shipping/rates`)).json as ShippingRatesResponse;
  const option = deliveryOptionFor(table, country, {
    items: items.reduce((n, line) => n + line.quantity, 0),
    subtotal: 0,
  });
  assert.ok(option, `the shop delivers to ${country}`);
  const body = sandboxPayBody({ country, shippingOptionId: option.id });
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, { body });
  assert.is(paid.status, 200, paid.text);
  return sessionId;
}

async function placed(orderId: string): Promise<OrderPlaced['data']> {
  const events = await shop.shop.deps.events.readStream(`order-${orderId}`);
  return events.find((e) => e.type === 'OrderPlaced')!.data;
}

const returnFor = async (start: string, end: string) => {
  const answer = await call(`${shop.url}/api/admin/vat/return?start=${start}&end=${end}`, { headers: auth });
  assert.is(answer.status, 200, answer.text);
  return answer.json as VatReturnResponse;
};
const exportsList = async () => {
  const answer = await call(`${shop.url}/api/admin/vat/exports`, { headers: auth });
  assert.is(answer.status, 200, answer.text);
  return answer.json as VatExportsResponse;
};

test('an export to France is zero-rated, in box 6 only; without proof it falls due after 3 months, and its proof of posting gives it back', async () => {
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
    headers: auth,
  });
  assert.is(registered.status, 200, registered.text);

  const paris = await paidTo('FR');
  const lyon = await paidTo('FR');
  const leeds = await paidCartCheckout(shop, twoPosters);
  await settled(shop);

  // Paris: every line and the delivery at 0%, the UK VAT of the same goods kept for later. Leeds: UK VAT, no export.
  const toParis = await placed(paris);
  const goods = toParis.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const ukVat = vatOf(goods, 2000) + vatOf(toParis.shippingCost, 2000);
  assert.equal(
    toParis.vat?.rates.map((r) => [r.rate, r.vat]),
    [[0, 0]],
  );
  assert.equal(toParis.vat?.export?.country, 'FR');
  assert.is(toParis.vat?.export?.ukTotals.vat, ukVat);
  const toLeeds = await placed(leeds);
  assert.is(toLeeds.vat?.export, undefined);
  assert.is(toLeeds.vat?.totals.vat, vatOf(goods, 2000) + vatOf(toLeeds.shippingCost, 2000));

  // The first quarter of 2027: Leeds's VAT in box 1; both exports and Leeds's net in box 6.
  const first = await returnFor('2027-01-01', '2027-03-31');
  const leedsVat = toLeeds.vat!.totals.vat;
  assert.is(first.boxes.box1, leedsVat);
  assert.is(first.boxes.box6, Math.trunc((toParis.total * 2 + toLeeds.total - leedsVat) / 100));
  assert.equal(
    first.documents.filter((d) => d.orderId === paris).map((d) => [d.kind, d.rates]),
    [['sale', [{ rate: 0, net: toParis.total, vat: 0 }]]],
  );

  // Lyon's parcel goes tracked within the month: its tracking number is its proof.
  const orders = (await call(`${shop.url}/api/admin/orders`, { headers: auth })).json.orders as {
    orderId: string;
    revision: number;
  }[];
  const shipped = await call(`${shop.url}/api/admin/orders/${lyon}/status`, {
    body: {
      status: 'shipped',
      notes: '',
      expectedRevision: orders.find((o) => o.orderId === lyon)!.revision,
      shipment: { carrier: 'royal-mail', trackingNumber: 'LX123456789GB' },
    },
    headers: auth,
  });
  assert.is(shipped.status, 200, shipped.text);

  // Ninety days before the limit nothing is listed: both wait (Paris) or are proved (Lyon).
  const early = await exportsList();
  assert.equal([early.today, early.exports, early.waiting], ['2027-01-10', [], 1]);

  // Twenty-one days before 10 April: Paris is listed as approaching its limit, Lyon never.
  moveTo('2027-03-20T10:00:00.000Z');
  const approaching = await exportsList();
  assert.equal(
    approaching.exports.map((e) => [e.orderId, e.state, e.deadline, e.daysLeft, e.vatDue, e.countryName]),
    [[paris, 'approaching', '2027-04-10', 21, ukVat, 'France']],
  );
  assert.is(approaching.waiting, 0);

  // The day after the limit: the VAT is due, counted in the quarter in which the 3 months ran out (the second).
  moveTo('2027-04-11T09:00:00.000Z');
  const overdue = await exportsList();
  assert.equal(
    overdue.exports.map((e) => [e.orderId, e.state, e.daysLeft, e.vatDue]),
    [[paris, 'overdue', -1, ukVat]],
  );
  const second = await returnFor('2027-04-01', '2027-06-30');
  assert.equal(
    second.documents.map((d) => [d.kind, d.orderId, d.day]),
    [['export-due', paris, '2027-04-10']],
  );
  assert.is(second.boxes.box1, ukVat);
  assert.is(second.boxes.box6, Math.trunc(-ukVat / 100));
  assert.is((await returnFor('2027-01-01', '2027-03-31')).boxes.box1, leedsVat);

  // Bad input: a reference that is none, an order that stays in the UK.
  const empty = await call(`${shop.url}/api/admin/orders/${paris}/export-proof`, {
    body: { reference: '  ' },
    headers: auth,
  });
  assert.is(empty.status, 400, empty.text);
  assert.match(empty.text, 'proof-of-posting reference');
  const home = await call(`${shop.url}/api/admin/orders/${leeds}/export-proof`, {
    body: { reference: 'CP-1' },
    headers: auth,
  });
  assert.is(home.status, 409, home.text);
  assert.match(home.text, 'stays in the UK');

  // The owner finds the certificate of posting: the export leaves the list and its VAT comes back this quarter.
  const recorded = await call(`${shop.url}/api/admin/orders/${paris}/export-proof`, {
    body: { reference: ' CP 2027/0114 ' },
    headers: auth,
  });
  assert.is(recorded.status, 200, recorded.text);
  const proof = (recorded.json as RecordExportEvidenceResponse).export;
  assert.equal([proof.state, proof.evidence?.kind, proof.evidence?.reference], ['proved', 'posting', 'CP 2027/0114']);
  assert.equal((await exportsList()).exports, []);
  const after = await returnFor('2027-04-01', '2027-06-30');
  assert.equal(
    after.documents.map((d) => [d.kind, d.day]),
    [
      ['export-due', '2027-04-10'],
      ['export-relief', '2027-04-11'],
    ],
  );
  assert.is(after.boxes.box1, 0);

  // The order pages read each export's proof: Lyon's is its tracking number; Leeds is no export.
  const lyonProof = (await call(`${shop.url}/api/admin/orders/${lyon}/export-proof`, { headers: auth }))
    .json as ExportProofResponse;
  assert.equal(
    [lyonProof.export?.state, lyonProof.export?.evidence?.kind, lyonProof.export?.evidence?.reference],
    ['proved', 'tracking', 'LX123456789GB'],
  );
  const leedsProof = (await call(`${shop.url}/api/admin/orders/${leeds}/export-proof`, { headers: auth }))
    .json as ExportProofResponse;
  assert.is(leedsProof.export, null);

  // The same reference again records nothing more; another is refused, naming the one on record.
  const again = await call(`${shop.url}/api/admin/orders/${paris}/export-proof`, {
    body: { reference: 'CP 2027/0114' },
    headers: auth,
  });
  assert.is(again.status, 200, again.text);
  const other = await call(`${shop.url}/api/admin/orders/${paris}/export-proof`, {
    body: { reference: 'CP 9' },
    headers: auth,
  });
  assert.is(other.status, 409, other.text);
  assert.match(other.text, 'CP 2027/0114');
  const recordedEvents = (await shop.shop.deps.events.readStream(`order-${paris}`)).filter(
    (e) => e.type === 'ProofOfPostingRecorded',
  );
  assert.equal(
    recordedEvents.map((e) => [e.data, e.metadata.causedBy]),
    [
      [
        { orderId: paris, reference: 'CP 2027/0114', by: shop.shop.deps.admin.username, at: now.toISOString() },
        `admin:${shop.shop.deps.admin.username}`,
      ],
    ],
  );
});

test.run();
