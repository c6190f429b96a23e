// A checkout holds the copies it asks for before the payment page opens: one hold per product, decided on the product's
// stock stream under optimistic concurrency. A hold lasts as long as the payment page can be paid (decision 061), is
// capped per address and per product, and never stops anyone from buying: a shopper who pays takes copies that are only
// held for others, and the copies are made the payer's own (secured) before a card is charged, so the last copy is
// never sold twice. A product whose stock was never recorded sells without limit (its shelf answers nothing). See
// decisions 040 and 061.
import { createHmac } from 'node:crypto';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import type { OrderItem } from '../../contracts/orders/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { holdDefaults, securedMinutes } from '../../contracts/stock/model.ts';
import { shelfDecider } from '../../contracts/stock/shelf.ts';
import { checkoutStream, stockStream } from '../../contracts/shared/streams.ts';
import { handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';

/** Enough rounds for every shopper of a busy minute to be decided on, not refused for losing a race. */
export const stockRaceRetries = 64;

export type StockHold = { release(): Promise<void> };

const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** When a checkout started at `at` stops being payable, and until when its copies are held (a grace for late reports). */
export function holdTimes(config: ShopDeps['config'], at: string): { paymentExpiresAt: string; holdExpiresAt: string } {
  const paymentExpiresAt = addMinutes(at, config.STOCK_HOLD_MINUTES);
  return { paymentExpiresAt, holdExpiresAt: addMinutes(paymentExpiresAt, holdDefaults.graceMinutes) };
}

/**
 * Who holds, for the cap per address: a keyed hash of the address, so the log never holds the address itself and the
 * same address is the same holder across processes sharing the shop's secret.
 */
export function holderOf(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`stock-holder:${address}`).digest('base64url').slice(0, 22);
}

/** Copies per product, in book order (so two carts never wait on each other's products in opposite orders). */
function linesOf(items: readonly OrderItem[]): Array<[number, { title: string; quantity: number }]> {
  const lines = new Map<number, { title: string; quantity: number }>();
  for (const item of items) {
    if (item.bookId === undefined) continue;
    const line = lines.get(item.bookId);
    lines.set(item.bookId, { title: item.name, quantity: (line?.quantity ?? 0) + item.quantity });
  }
  return [...lines].sort(([a], [b]) => a - b);
}

/**
 * Holds every line with a book id for `checkoutId` where the caps allow; refuses (Conflict, 409) only when a product has
 * too few copies on the shelf for anyone to sell (copies held for others still count as on the shelf).
 */
export async function holdStock(
  deps: Pick<ShopDeps, 'events' | 'config'>,
  checkoutId: string,
  items: readonly OrderItem[],
  meta: CommandMeta,
  hold: { holder: string; expiresAt: string },
): Promise<StockHold> {
  const at = meta.now;
  const caps = {
    copiesPerAddress: deps.config.STOCK_HOLD_PER_ADDRESS,
    copiesPerProduct: deps.config.STOCK_HOLD_PER_PRODUCT,
  };
  const held: number[] = [];
  const release = async () => {
    for (const bookId of held) {
      await handleCommand(
        deps.events,
        stockStream(bookId),
        shelfDecider,
        { type: 'ReleaseStock', bookId, checkoutId, reason: 'not-started', at: new Date().toISOString() },
        meta,
        {
          raceRetries: stockRaceRetries,
        },
      );
    }
  };
  try {
    for (const [bookId, line] of linesOf(items)) {
      await handleCommand(
        deps.events,
        stockStream(bookId),
        shelfDecider,
        {
          type: 'ReserveStock',
          bookId,
          title: line.title,
          checkoutId,
          quantity: line.quantity,
          at,
          expiresAt: hold.expiresAt,
          holder: hold.holder,
          caps,
        },
        meta,
        { raceRetries: stockRaceRetries, eventIds: () => idFromReference('StockHeld', `${checkoutId}:${bookId}`) },
      );
      held.push(bookId);
    }
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
  return { release };
}

/** The copies a started checkout asked for, from its CheckoutStarted; none for a checkout the log does not hold. */
export async function checkoutItems(deps: Pick<ShopDeps, 'events'>, checkoutId: string): Promise<OrderItem[]> {
  const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
    (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
  );
  return started?.data.items ?? [];
}

export type SecuredStock = { release(): Promise<void> };

/**
 * Before a card is charged: makes the checkout's copies its own on every product (its hold, or copies free or only
 * held for others, whose holds it takes over). Refuses (Conflict, 409, "… Your card has not been charged.") when other
 * payments are promised what is left; what it secured on earlier products is then let go. `release` lets them go
 * when the charge fails.
 */
export async function secureStock(
  deps: Pick<ShopDeps, 'events'>,
  checkoutId: string,
  meta: CommandMeta,
): Promise<SecuredStock> {
  const at = meta.now;
  const expiresAt = addMinutes(at, securedMinutes);
  const secured: number[] = [];
  const release = async () => {
    for (const bookId of secured) {
      await handleCommand(
        deps.events,
        stockStream(bookId),
        shelfDecider,
        { type: 'ReleaseHold', bookId, checkoutId, reason: 'payment-failed', by: meta.causedBy, at },
        meta,
        {
          raceRetries: stockRaceRetries,
        },
      );
    }
  };
  try {
    for (const [bookId, line] of linesOf(await checkoutItems(deps, checkoutId))) {
      await handleCommand(
        deps.events,
        stockStream(bookId),
        shelfDecider,
        { type: 'SecureForPayment', bookId, title: line.title, checkoutId, quantity: line.quantity, at, expiresAt },
        meta,
        { raceRetries: stockRaceRetries },
      );
      secured.push(bookId);
    }
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
  return { release };
}
