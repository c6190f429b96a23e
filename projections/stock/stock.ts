// Read model: each product's shelf as the stock decider folds it, with the owner's last movements. The storefront's
// levels and the owner's stock screen read it; what is available is worked out at read time, because reservations run
// out with the clock.
import { type StockMovement } from '../../contracts/stock/model.ts';
import { stockEventTypes, type StockEvent } from '../../contracts/stock/events.ts';
import { emptyShelf, evolveShelf } from '../../contracts/stock/shelf.ts';
import { defineProjection, each } from '../engine/projection.ts';
import { stockReadModel, type StockDoc } from '../../contracts/stock/readModel.ts';

const { collection, index } = stockReadModel;
const keptMovements = 20;

export { getStock, listStock, type StockDoc } from '../../contracts/stock/readModel.ts';

function movementOf(event: StockEvent): StockMovement | null {
  switch (event.type) {
    case 'StockReceived':
      return {
        kind: 'received',
        quantity: event.data.quantity,
        detail: event.data.note,
        by: event.data.by,
        at: event.data.at,
      };
    case 'StockCorrected':
      return {
        kind: 'corrected',
        quantity: event.data.delta,
        detail: event.data.reason,
        by: event.data.by,
        at: event.data.at,
      };
    case 'StockSold':
      return {
        kind: 'sold',
        quantity: -event.data.quantity,
        detail: event.data.orderId,
        by: 'order',
        at: event.data.at,
      };
    case 'StockReturned':
      return {
        kind: 'returned',
        quantity: event.data.quantity,
        detail: `${event.data.orderId} (${event.data.reason})`,
        by: 'order',
        at: event.data.at,
      };
    case 'StockRestocked':
      return {
        kind: 'returned',
        quantity: event.data.quantity,
        detail: `${event.data.orderId} (refunded, back on the shelf)`,
        by: event.data.by,
        at: event.data.at,
      };
    case 'StockShortfall':
      return {
        kind: 'shortfall',
        quantity: event.data.quantity,
        detail: event.data.orderId,
        by: 'order',
        at: event.data.at,
      };
    default:
      return null;
  }
}

export const stockProjection = defineProjection({
  name: stockReadModel.name,
  version: 1,
  handlers: {
    ...each(stockEventTypes, async (event, view) => {
      const id = String(event.data.bookId);
      const current = (await view.get<StockDoc>(collection, id)) ?? {
        bookId: event.data.bookId,
        revision: -1,
        shelf: emptyShelf(),
        movements: [],
      };
      // Guard on the stream revision: an event delivered again changes nothing.
      if (current.revision >= event.revision) return [];
      const movement = movementOf(event);
      const doc: StockDoc = {
        bookId: event.data.bookId,
        revision: event.revision,
        shelf: evolveShelf(current.shelf, event),
        movements: movement ? [movement, ...current.movements].slice(0, keptMovements) : current.movements,
      };
      return [
        { op: 'put', collection, id, doc },
        { op: 'index', index, id, score: event.data.bookId },
      ];
    }),
  },
});
