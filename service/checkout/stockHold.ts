// A checkout holds the copies it asks for before the payment page opens: one reservation per product, decided on the
// product's stock stream under optimistic concurrency, so two shoppers racing for the last copy cannot both get it.
// A product whose stock was never recorded sells without limit (its shelf answers nothing). See decision 040.
import type { OrderItem } from '../../contracts/orders/model.ts';
import { reservationMinutes } from '../../contracts/stock/model.ts';
import { shelfDecider } from '../../contracts/stock/shelf.ts';
import { stockStream } from '../../contracts/shared/streams.ts';
import { handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';

/** Enough rounds for every shopper of a busy minute to be decided on, not refused for losing a race. */
export const stockRaceRetries = 64;

export type StockHold = { release(): Promise<void> };

/** Reserves every line with a book id for `checkoutId`; refuses (Conflict, 409) when a product has too few copies. */
export async function holdStock(deps: Pick<ShopDeps, 'events'>, checkoutId: string, items: readonly OrderItem[], meta: CommandMeta): Promise<StockHold> {
  const lines = new Map<number, { title: string; quantity: number }>();
  for (const item of items) {
    if (item.bookId === undefined) continue;
    const line = lines.get(item.bookId);
    lines.set(item.bookId, { title: item.name, quantity: (line?.quantity ?? 0) + item.quantity });
  }
  const at = meta.now;
  const expiresAt = new Date(Date.parse(at) + reservationMinutes * 60_000).toISOString();
  const held: number[] = [];
  const release = async () => {
    for (const bookId of held) {
      await handleCommand(deps.events, stockStream(bookId), shelfDecider, { type: 'ReleaseStock', bookId, checkoutId, reason: 'not-started', at: new Date().toISOString() }, meta, {
        raceRetries: stockRaceRetries,
      });
    }
  };
  try {
    // In book order, so two carts never hold one product each while waiting for the other's.
    for (const [bookId, line] of [...lines].sort(([a], [b]) => a - b)) {
      await handleCommand(
        deps.events,
        stockStream(bookId),
        shelfDecider,
        { type: 'ReserveStock', bookId, title: line.title, checkoutId, quantity: line.quantity, at, expiresAt },
        meta,
        { raceRetries: stockRaceRetries, eventIds: () => idFromReference('StockReserved', `${checkoutId}:${bookId}`) },
      );
      held.push(bookId);
    }
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
  return { release };
}
