// Read model: sales per day, week and month (orders, what was paid, shipping, refunds, UK and abroad, per product),
// and one bookkeeping row per order for the CSV export, with indexes by date and by status.
import { discountLabelOf, type ShippingAddress } from '../../contracts/orders/model.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import {
  addVatAtRates,
  refundEventTypes,
  refundOf,
  type SalesBucket,
  type SalesPeriod,
} from '../../contracts/sales/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { defineProjection, each } from '../engine/projection.ts';

const orders = 'salesOrders';
const byDate = 'salesOrders:byDate';
const byStatus = (status: string) => `salesOrders:status:${status}`;
const buckets = 'salesBuckets';
const periodIndex = (period: SalesPeriod) => `salesBuckets:${period}`;
/** the credit notes whose VAT the buckets have taken off */
const creditNotesCounted = 'salesCreditNotes';

export type ProductTally = Record<string, { quantity: number; revenue: number }>;
export type BucketDoc = SalesBucket & { period: SalesPeriod; products: ProductTally };

/** One order as the bookkeeper sees it. Money in pence. */
export type SalesOrderRow = {
  orderId: string;
  orderNumber: string;
  placedAt: string;
  customerName: string;
  customerEmail: string;
  postcode: string;
  /** ISO code when the address has one, else 'GB' or '' as the shipping paid says */
  country: string;
  international: boolean;
  items: string;
  subtotal: number;
  shipping: number;
  total: number;
  refunded: number;
  status: string;
  paymentReference: string;
  revision: number;
};

const ukPostcode = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/i;

function whereTo(
  address: ShippingAddress | string,
  shipping: number,
): { country: string; postcode: string; international: boolean } {
  if (typeof address !== 'string')
    return { country: address.country, postcode: address.postcode, international: address.country !== 'GB' };
  const postcode = ukPostcode.exec(address)?.[0] ?? '';
  // A free-text address: the UK when it has a UK postcode or paid UK shipping.
  const uk = !!postcode || /united kingdom|\bUK\b/i.test(address) || shipping <= 399;
  return { country: uk ? 'GB' : '', postcode, international: !uk };
}

/** The day, the week's Monday and the month of an ISO time, with each start in ms. */
export function periodKeys(iso: string): Array<{ period: SalesPeriod; key: string; start: number }> {
  const t = Date.parse(iso) || 0;
  const day = new Date(t).toISOString().slice(0, 10);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const weekStart = dayStart - ((new Date(dayStart).getUTCDay() + 6) % 7) * 86_400_000;
  const month = day.slice(0, 7);
  return [
    { period: 'day', key: day, start: dayStart },
    { period: 'week', key: new Date(weekStart).toISOString().slice(0, 10), start: weekStart },
    { period: 'month', key: month, start: Date.parse(`${month}-01T00:00:00Z`) },
  ];
}

const emptyBucket = (period: SalesPeriod, key: string): BucketDoc => ({
  period,
  key,
  orders: 0,
  revenue: 0,
  shipping: 0,
  refunds: 0,
  uk: { orders: 0, revenue: 0 },
  international: { orders: 0, revenue: 0 },
  vat: [],
  products: {},
});

async function addToBuckets(
  view: ReadStoreReader,
  at: string,
  change: (bucket: BucketDoc) => BucketDoc,
): Promise<Write[]> {
  const keys = periodKeys(at);
  const ids = keys.map((k) => `${k.period}:${k.key}`);
  const current = await view.getMany<BucketDoc>(buckets, ids);
  return keys.flatMap((k, i): Write[] => [
    { op: 'put', collection: buckets, id: ids[i]!, doc: change(current[i] ?? emptyBucket(k.period, k.key)) },
    ...(current[i] ? [] : [{ op: 'index', index: periodIndex(k.period), id: ids[i]!, score: k.start } as Write]),
  ]);
}

async function placed(event: RecordedEvent<OrderPlaced>, view: ReadStoreReader): Promise<Write[]> {
  const o = event.data;
  const where = whereTo(o.shippingAddress, o.shippingCost);
  const row: SalesOrderRow = {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    placedAt: o.placedAt,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    postcode: where.postcode,
    country: where.country,
    international: where.international,
    // A saving already in the subtotal (decision 072) is named after the lines, so the bookkeeper sees why it is lower.
    items: [
      ...o.items.map((i) => `${i.quantity} × ${i.name}`),
      ...(o.discounts ?? []).map((d) => `${discountLabelOf(d)} −${formatPence(d.amount)}`),
    ].join('; '),
    subtotal: o.subtotal,
    shipping: o.shippingCost,
    total: o.total,
    refunded: 0,
    status: o.status,
    paymentReference: o.paymentReference,
    revision: event.revision,
  };
  const score = Date.parse(o.placedAt) || 0;
  const tally = (bucket: BucketDoc): BucketDoc => {
    const products = { ...bucket.products };
    for (const item of o.items) {
      const was = products[item.name] ?? { quantity: 0, revenue: 0 };
      products[item.name] = {
        quantity: was.quantity + item.quantity,
        revenue: was.revenue + item.quantity * item.price,
      };
    }
    const side = where.international ? 'international' : 'uk';
    return {
      ...bucket,
      orders: bucket.orders + 1,
      revenue: bucket.revenue + o.total,
      shipping: bucket.shipping + o.shippingCost,
      [side]: { orders: bucket[side].orders + 1, revenue: bucket[side].revenue + o.total },
      // A bucket folded by version 1 has no VAT list; an order placed unregistered adds nothing to it.
      vat: addVatAtRates(
        bucket.vat ?? [],
        (o.vat?.rates ?? []).map(({ rate, net, vat, gross }) => ({ rate, net, vat, gross })),
      ),
      products,
    };
  };
  return [
    { op: 'put', collection: orders, id: o.orderId, doc: row },
    { op: 'index', index: byDate, id: o.orderId, score },
    { op: 'index', index: byStatus(o.status), id: o.orderId, score },
    ...(await addToBuckets(view, o.placedAt, tally)),
  ];
}

/** The order's row, unless it already folded this event of the order's stream (a redelivered event changes nothing). */
async function rowBefore(
  view: ReadStoreReader,
  event: RecordedEvent<{ type: string; data: { orderId: string } }>,
): Promise<SalesOrderRow | null> {
  const row = await view.get<SalesOrderRow>(orders, event.data.orderId);
  return row && row.revision < event.revision ? row : null;
}

export const salesProjection = defineProjection({
  name: 'sales',
  // 2: each bucket's sales per VAT rate, less its credit notes'
  version: 2,
  handlers: {
    async OrderPlaced(event, view) {
      return (await view.get<SalesOrderRow>(orders, event.data.orderId)) ? [] : placed(event, view);
    },
    async OrderCustomerDetailsAdded(event, view) {
      const row = await rowBefore(view, event);
      if (!row) return [];
      const added = event.data;
      const where = added.shippingAddress ? whereTo(added.shippingAddress, row.shipping) : null;
      const next: SalesOrderRow = {
        ...row,
        ...(added.customerName ? { customerName: added.customerName } : {}),
        ...(added.customerEmail ? { customerEmail: added.customerEmail } : {}),
        ...(where ? { country: where.country, postcode: where.postcode } : {}),
        revision: event.revision,
      };
      return [{ op: 'put', collection: orders, id: row.orderId, doc: next }];
    },
    async OrderStatusChanged(event, view) {
      const row = await rowBefore(view, event);
      if (!row) return [];
      const score = Date.parse(row.placedAt) || 0;
      return [
        {
          op: 'put',
          collection: orders,
          id: row.orderId,
          doc: { ...row, status: event.data.to, revision: event.revision },
        },
        { op: 'unindex', index: byStatus(row.status), id: row.orderId },
        { op: 'index', index: byStatus(event.data.to), id: row.orderId, score },
      ];
    },
    // A credit note takes the VAT it reverses off its rates on the day it was issued, as the VAT return does.
    async CreditNoteIssued(event, view) {
      const { vat, creditNoteNumber, issuedAt } = event.data;
      // Counted once: a credit note already counted (its event delivered again) changes nothing.
      if (!vat || (await view.get(creditNotesCounted, creditNoteNumber))) return [];
      const reversed = vat.rates.map(({ rate, net, vat, gross }) => ({ rate, net: -net, vat: -vat, gross: -gross }));
      return [
        { op: 'put', collection: creditNotesCounted, id: creditNoteNumber, doc: { issuedAt } },
        ...(await addToBuckets(view, issuedAt, (b) => ({ ...b, vat: addVatAtRates(b.vat ?? [], reversed) }))),
      ];
    },
    // Shipments and notes change nothing the books count. Refunds count on the day they were made.
    ...each(refundEventTypes, async (event, view) => {
      const refund = refundOf(event.data);
      if (!refund) return [];
      const row = await rowBefore(view, event);
      if (!row) return [];
      return [
        {
          op: 'put',
          collection: orders,
          id: row.orderId,
          doc: { ...row, refunded: row.refunded + refund.amount, revision: event.revision },
        },
        ...(await addToBuckets(view, event.metadata.at, (b) => ({ ...b, refunds: b.refunds + refund.amount }))),
      ];
    }),
  },
});

/** The buckets of a period whose start lies within [since, until], oldest first, at most `limit` (the newest). */
export async function salesBuckets(
  reader: ReadStoreReader,
  period: SalesPeriod,
  since: number | undefined,
  until: number | undefined,
  limit: number,
): Promise<BucketDoc[]> {
  const ids = await reader.range(periodIndex(period), {
    reverse: true,
    ...(since === undefined ? {} : { min: since }),
    ...(until === undefined ? {} : { max: until }),
    limit,
  });
  return (await reader.getMany<BucketDoc>(buckets, ids.reverse())).filter((b): b is BucketDoc => b !== null);
}

/** Bookkeeping rows, oldest first, a page at a time: within the dates, one status when given. */
export async function* salesOrderRows(
  reader: ReadStoreReader,
  query: { status?: string | undefined; since?: number | undefined; until?: number | undefined },
  pageSize = 500,
): AsyncGenerator<SalesOrderRow> {
  const index = query.status ? byStatus(query.status) : byDate;
  for (let offset = 0; ; offset += pageSize) {
    const ids = await reader.range(index, {
      ...(query.since === undefined ? {} : { min: query.since }),
      ...(query.until === undefined ? {} : { max: query.until }),
      offset,
      limit: pageSize,
    });
    const rows = await reader.getMany<SalesOrderRow>(orders, ids);
    for (const row of rows) if (row) yield row;
    if (ids.length < pageSize) return;
  }
}
