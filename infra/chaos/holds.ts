// Holding stock hostage, as an attacker would try it (decision 061): a flood of unpaid checkouts for the last copies
// from one address or from forged ones, while real shoppers and some of the flood pay at once. What counts: no shopper
// is told "out of stock" while copies are on the shelf, every copy is charged at most once, nothing is flagged.
import { sandboxPayBody } from '../testing/checkout.ts';
import { call } from '../testing/shop.ts';

const cartCheckoutBody = (bookId: number, quantity: number) => ({
  items: [{ bookId, quantity }],
  customerCountry: 'GB',
});

export type HoldFloodOptions = {
  bookId: number;
  /** copies on the shelf when the flood starts */
  copies: number;
  /** unpaid checkouts, each for `floodQuantity` copies */
  flood: number;
  floodQuantity: number;
  /** the flood's addresses (X-Forwarded-For; the shop must trust one proxy hop), or none: all from the caller's own */
  floodAddresses: string[];
  /** shoppers who pay for one copy each, from addresses of their own */
  shoppers: number;
  /** how many of the flood's checkouts pay too, at the same moment as the shoppers */
  floodPayers: number;
  admin: Record<string, string>;
};

export type HoldFloodResult = {
  floodStarted: number;
  floodRefused: Map<number, number>;
  /** shoppers told the product could not be bought while copies were on the shelf */
  shoppersRefusedAtStart: number;
  /** copies charged: by shoppers, and by the flood */
  shoppersCharged: number;
  floodCharged: number;
  /** payments refused with nothing charged (409, or 410 for a page ended when its hold was taken over), and any other answer */
  paymentsRefused: number;
  paymentsOther: Map<number, number>;
  onHandAfter: number;
  shortfalls: number;
  /** copies the flood held at its height */
  heldAtHeight: number;
};

type StockProduct = { bookId: number; onHand: number; reserved: number; shortfalls: unknown[] };

export async function holdFlood(
  url: string,
  options: HoldFloodOptions,
  settled: () => Promise<void>,
): Promise<HoldFloodResult> {
  const { bookId, admin } = options;
  const product = async () =>
    ((await call(`${url}/api/admin/stock`, { headers: admin })).json.products as StockProduct[]).find(
      (p) => p.bookId === bookId,
    )!;
  const from = (address: string | undefined): Record<string, string> => (address ? { 'x-forwarded-for': address } : {});
  const onHand = (await product()).onHand;
  const change = options.copies - onHand;
  if (change > 0)
    await call(`${url}/api/admin/stock/${bookId}/received`, {
      body: { quantity: change, note: 'chaos: holds' },
      headers: admin,
    });
  if (change < 0)
    await call(`${url}/api/admin/stock/${bookId}/corrections`, {
      body: { delta: change, reason: 'chaos: holds' },
      headers: admin,
    });

  const floodFrom = (i: number) => options.floodAddresses[i % Math.max(1, options.floodAddresses.length)];
  const flood = await Promise.all(
    Array.from({ length: options.flood }, (_, i) =>
      call(`${url}/api/cart/checkout`, {
        body: cartCheckoutBody(bookId, options.floodQuantity),
        headers: from(floodFrom(i)),
      }),
    ),
  );
  const heldAtHeight = (await product()).reserved;
  const started = flood.filter((a) => a.status === 200);
  const floodRefused = new Map<number, number>();
  for (const a of flood) if (a.status !== 200) floodRefused.set(a.status, (floodRefused.get(a.status) ?? 0) + 1);

  const shopperAddress = (i: number) => `192.0.2.${(i % 250) + 1}`;
  const shoppers = await Promise.all(
    Array.from({ length: options.shoppers }, (_, i) =>
      call(`${url}/api/cart/checkout`, {
        body: cartCheckoutBody(bookId, 1),
        headers: from(options.floodAddresses.length ? shopperAddress(i) : undefined),
      }),
    ),
  );
  const shoppersRefusedAtStart = shoppers.filter((a) => a.status !== 200).length;
  const pay = (sessionId: string, address: string | undefined) =>
    call(`${url}/api/sandbox/checkout-sessions/${sessionId}/pay`, { body: sandboxPayBody(), headers: from(address) });
  const [shopperPaid, floodPaid] = await Promise.all([
    Promise.all(
      shoppers.map((s, i) =>
        s.status === 200
          ? pay(s.json.sessionId, options.floodAddresses.length ? shopperAddress(i) : undefined)
          : Promise.resolve(null),
      ),
    ),
    Promise.all(started.slice(0, options.floodPayers).map((s, i) => pay(s.json.sessionId, floodFrom(i)))),
  ]);
  await settled();
  const paymentsOther = new Map<number, number>();
  let paymentsRefused = 0;
  for (const a of [...shopperPaid, ...floodPaid]) {
    if (!a || a.status === 200) continue;
    // 409: others paid first; 410: the page was ended because its hold was taken over. Neither charged anything.
    if ((a.status === 409 || a.status === 410) && /your card has not been charged/i.test(a.json?.message ?? ''))
      paymentsRefused++;
    else paymentsOther.set(a.status, (paymentsOther.get(a.status) ?? 0) + 1);
  }
  const after = await product();
  return {
    floodStarted: started.length,
    floodRefused,
    shoppersRefusedAtStart,
    shoppersCharged: shopperPaid.filter((a) => a?.status === 200).length,
    floodCharged: floodPaid.filter((a) => a.status === 200).length * options.floodQuantity,
    paymentsRefused,
    paymentsOther,
    onHandAfter: after.onHand,
    shortfalls: after.shortfalls.length,
    heldAtHeight,
  };
}

/** Whether a run kept every promise: shoppers served while copies were there, no copy charged twice, none flagged. */
export function holdFloodKept(options: HoldFloodOptions, r: HoldFloodResult): boolean {
  const charged = r.shoppersCharged + r.floodCharged;
  return (
    r.shoppersRefusedAtStart === 0 &&
    charged <= options.copies &&
    r.onHandAfter === options.copies - charged &&
    r.shortfalls === 0 &&
    r.paymentsOther.size === 0 &&
    // Shoppers outnumbering nothing: with copies left for every shopper after the flood's payers, every shopper buys.
    (options.shoppers + options.floodPayers * options.floodQuantity > options.copies ||
      r.shoppersCharged === options.shoppers)
  );
}
