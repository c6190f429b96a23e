// The owner's sales view, folded from the sales read model, and the bookkeeper's CSV of orders, streamed a page at a
// time with the order console's filter and dates.
import type { Context } from 'koa';
import { Readable } from 'node:stream';
import {
  addVatAtRates,
  csvLine,
  maxSalesBuckets,
  ordersCsvColumns,
  type ProductSales,
  type SalesBucket,
  type SalesResponse,
  type SalesTotals,
} from '../../contracts/sales/model.ts';
import { salesApi } from '../../contracts/sales/api.ts';
import { salesBuckets, salesOrderRows, type BucketDoc, type SalesOrderRow } from '../../projections/sales/sales.ts';
import type { ShopDeps } from '../deps.ts';
import { route, type Routers } from '../http/route.ts';
import { listSubject, personalReadsFor } from '../http/personalReads.ts';

const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayEnd = (day: string) => Date.parse(`${day}T23:59:59.999Z`);

export function totalsOf(list: readonly SalesBucket[]): SalesTotals {
  const sum = (pick: (b: SalesBucket) => number) => list.reduce((s, b) => s + pick(b), 0);
  const orders = sum((b) => b.orders);
  const revenue = sum((b) => b.revenue);
  const refunds = sum((b) => b.refunds);
  return {
    orders,
    revenue,
    averageOrderValue: orders ? Math.round(revenue / orders) : 0,
    shipping: sum((b) => b.shipping),
    refunds,
    net: revenue - refunds,
    uk: { orders: sum((b) => b.uk.orders), revenue: sum((b) => b.uk.revenue) },
    international: { orders: sum((b) => b.international.orders), revenue: sum((b) => b.international.revenue) },
    vat: addVatAtRates(...list.map((b) => b.vat)),
  };
}

function productsOf(list: readonly BucketDoc[]): ProductSales[] {
  const all = new Map<string, ProductSales>();
  for (const bucket of list) {
    for (const [name, t] of Object.entries(bucket.products)) {
      const was = all.get(name) ?? { name, quantity: 0, revenue: 0 };
      all.set(name, { name, quantity: was.quantity + t.quantity, revenue: was.revenue + t.revenue });
    }
  }
  return [...all.values()].sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name));
}

const nameWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length > 0);

/** The console's search: an e-mail address, an order number, a postcode, or every word of a name. */
export function matchesSearch(row: SalesOrderRow, q: string | undefined): boolean {
  const text = q?.trim();
  if (!text) return true;
  if (text.includes('@')) return row.customerEmail.trim().toLowerCase() === text.toLowerCase();
  if (row.orderNumber.toUpperCase() === text.toUpperCase().replace(/^#/, '')) return true;
  const key = (s: string) => s.toUpperCase().replace(/\s+/g, '');
  if (row.postcode && key(row.postcode) === key(text)) return true;
  const words = new Set(nameWords(row.customerName));
  const wanted = nameWords(text);
  return wanted.length > 0 && wanted.every((w) => words.has(w));
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

export function csvRow(row: SalesOrderRow): string {
  return csvLine([
    row.orderNumber,
    row.placedAt,
    row.customerName,
    row.country,
    row.items,
    pounds(row.subtotal),
    pounds(row.shipping),
    pounds(row.refunded),
    pounds(row.total - row.refunded),
    row.status,
    row.paymentReference,
  ]);
}

export function salesRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, salesApi.summary, async (ctx, input) => {
    const { period, from, to } = input.query();
    const list = await salesBuckets(
      deps.reads,
      period,
      from ? dayStart(from) : undefined,
      to ? dayEnd(to) : undefined,
      maxSalesBuckets,
    );
    const body: SalesResponse = {
      period,
      buckets: list.map(({ key, orders, revenue, shipping, refunds, uk, international, vat }) => ({
        key,
        orders,
        revenue,
        shipping,
        refunds,
        uk,
        international,
        vat,
      })),
      products: productsOf(list),
      totals: totalsOf(list),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  route(routers, salesApi.ordersCsv, async (ctx, input) => {
    const { status, q, from, to, reason } = input.query();
    // Every customer's name and address leaves the shop in this file: recorded with the reader's reason before it goes.
    const reads = personalReadsFor(deps);
    await reads.download(ctx, salesApi.ordersCsv, listSubject(reads, 'orders.csv', { status, q, from, to }), reason);
    const rows = salesOrderRows(deps.reads, {
      status,
      since: from ? dayStart(from) : undefined,
      until: to ? dayEnd(to) : undefined,
    });
    async function* lines() {
      yield `\uFEFF${csvLine([...ordersCsvColumns])}`;
      for await (const row of rows) if (matchesSearch(row, q)) yield csvRow(row);
    }
    const day = deps.clock().toISOString().slice(0, 10);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    // The API table types the CSV as its text; Koa's own context, which takes any body, sends it as a stream of its rows.
    const response: Context = ctx;
    response.body = Readable.from(lines());
  });
}
