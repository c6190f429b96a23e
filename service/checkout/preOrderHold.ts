// A checkout that holds a coming book takes a pre-order of it when it starts (decision 120): decided on the title's
// stream under its revision, so racing shoppers never take more copies than its limit. The pre-order holds its copies
// until the checkout's hold ends and for good once paid; a checkout that never opens cancels it at once.
import type { OrderItem } from '../../contracts/orders/model.ts';
import { comingTitleDecider, takesPreOrders, type ComingTitleState } from '../../contracts/preorders/title.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import { Invalid } from '../../contracts/shared/errors.ts';
import { preOrderStream } from '../../contracts/shared/streams.ts';
import { fold, handleCommand, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';

/** Enough rounds for every shopper of a launch minute to be decided on, not refused for losing a race. */
export const preOrderRaceRetries = 64;

export type PreOrderHold = { release(): Promise<void> };

/**
 * The coming titles among `items` that still take pre-orders: book id → its title's state. Books not coming, and
 * coming titles whose copies have arrived (decision 131), are sold from the shelf as any other.
 */
export async function comingTitlesOf(
  deps: Pick<ShopDeps, 'events'>,
  items: readonly OrderItem[],
): Promise<Map<number, ComingTitleState>> {
  const ids = [...new Set(items.flatMap((i) => (i.bookId === undefined ? [] : [i.bookId])))].sort((a, b) => a - b);
  const coming = new Map<number, ComingTitleState>();
  for (const bookId of ids) {
    const state = fold(comingTitleDecider, await deps.events.readStream(preOrderStream(bookId)));
    if (takesPreOrders(state)) coming.set(bookId, state);
  }
  return coming;
}

/** Takes a pre-order of every coming book in `items` for `checkoutId` until `expiresAt`; refuses (409) past a limit. */
export async function holdPreOrders(
  deps: Pick<ShopDeps, 'events'>,
  checkoutId: string,
  items: readonly OrderItem[],
  meta: CommandMeta,
  expiresAt: string,
): Promise<PreOrderHold> {
  const coming = await comingTitlesOf(deps, items);
  const taken: number[] = [];
  const release = async () => {
    for (const bookId of taken)
      await handleCommand(
        deps.events,
        preOrderStream(bookId),
        comingTitleDecider,
        { type: 'CancelPreOrder', bookId, checkoutId, cancelledBy: 'unpaid', at: new Date().toISOString() },
        meta,
        { raceRetries: preOrderRaceRetries },
      );
  };
  try {
    for (const [bookId, state] of coming) {
      const lines = items.filter((i) => i.bookId === bookId);
      const quantity = lines.reduce((sum, i) => sum + i.quantity, 0);
      try {
        await handleCommand(
          deps.events,
          preOrderStream(bookId),
          comingTitleDecider,
          { type: 'PlacePreOrder', bookId, title: state.title, checkoutId, quantity, at: meta.now, expiresAt },
          meta,
          { raceRetries: preOrderRaceRetries },
        );
      } catch (error) {
        // Its copies arrived as this checkout started: the shelf sells it (its hold was asked for above), no pre-order.
        if (error instanceof Invalid && error.message === preOrderMessages.onSale(state.title)) continue;
        throw error;
      }
      taken.push(bookId);
    }
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
  return { release };
}
