// Copies received for a coming title (decisions 120 and 131): the title's stream records the receipt and the copies it
// allocated to pre-orders in one append, then the shelf records the rest as received, once, under an event id named
// after the receipt. The owner's route does it at once; the reactor does it again from the title's event, so a shop
// that stopped between the two appends still puts the rest on the shelf, and the two never both append it.
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import type { PreOrderStockReceived } from '../../contracts/preorders/events.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { stockStream } from '../../contracts/shared/streams.ts';
import { shelfDecider, type ShelfCommand, type ShelfState } from '../../contracts/stock/shelf.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { handleCommand, idFromReference, type CommandMeta, type Decider, type HandleOptions } from '../commands.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';

/** The shelf's StockReceived of a receipt's rest: one id per receipt, whoever appends it. */
export const shelfReceiptId = (receiptId: string) => idFromReference('StockReceived', `preorder:${receiptId}`);

/** The shelf's decider, that appends nothing once the receipt's StockReceived is on the stream. */
function onceForReceipt(eventId: string): Decider<{ shelf: ShelfState; done: boolean }, ShelfCommand, ShopEvent> {
  return {
    initialState: () => ({ shelf: shelfDecider.initialState(), done: false }),
    evolve: (state, event) => ({
      shelf: shelfDecider.evolve(state.shelf, event),
      done: state.done || (event as Partial<RecordedEvent>).id === eventId,
    }),
    decide: (command, state) => (state.done ? [] : shelfDecider.decide(command, state.shelf)),
  };
}

/** Puts a receipt's rest on the shelf unless it is there already. */
export async function shelveReceipt(
  events: EventStore,
  received: PreOrderStockReceived['data'],
  meta: CommandMeta,
  options: Pick<HandleOptions, 'raceRetries' | 'waiter'>,
) {
  const { bookId, received: copies, allocated, forSale, receiptId, reason, by, at } = received;
  const said = allocated > 0 ? preOrderMessages.receivedNote(copies, allocated) : '';
  const eventId = shelfReceiptId(receiptId);
  return handleCommand(
    events,
    stockStream(bookId),
    onceForReceipt(eventId),
    { type: 'ReceiveStock', bookId, quantity: forSale, note: [said, reason].filter(Boolean).join(' '), by, at },
    meta,
    { ...options, eventIds: () => eventId },
  );
}
