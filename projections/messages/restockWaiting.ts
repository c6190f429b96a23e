// How many shoppers wait to hear that each book is back (decision 091): a request counts from when it is made until
// its e-mail is sent or it is withdrawn. Counts only: the owner's stock screen shows no one's address.
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';
import { defineProjection } from '../engine/projection.ts';

export const restockReadModel = {
  name: 'restock',
  collection: 'restock',
  /** the requests still waiting for a book */
  waitingIndex: (bookId: number) => `restock:waiting:book:${bookId}`,
} as const;

const { collection, waitingIndex } = restockReadModel;
type StoredRequest = { bookId: number };

/** The notification a back-in-stock e-mail is sent under: `restock-<request id>` (service/restock/reactions.ts). */
export const restockNotificationId = (requestId: string) => `restock-${requestId}`;
const requestOfNotification = (notificationId: string) =>
  notificationId.startsWith('restock-') ? notificationId.slice('restock-'.length) : null;

async function stopWaiting(view: ReadStoreReader, requestId: string) {
  const request = await view.get<StoredRequest>(collection, requestId);
  return request ? [{ op: 'unindex' as const, index: waitingIndex(request.bookId), id: requestId }] : [];
}

export const restockProjection = defineProjection({
  name: restockReadModel.name,
  version: 1,
  handlers: {
    RestockAlertRequested(event) {
      const { requestId: id, bookId, at } = event.data;
      return [
        { op: 'put', collection, id, doc: { bookId } satisfies StoredRequest },
        { op: 'index', index: waitingIndex(bookId), id, score: Date.parse(at) },
      ];
    },
    RestockAlertWithdrawn: (event, view) => stopWaiting(view, event.data.requestId),
    async EmailSent(event, view) {
      if (event.data.kind !== 'back-in-stock') return [];
      const requestId = requestOfNotification(event.data.notificationId);
      return requestId ? stopWaiting(view, requestId) : [];
    },
  },
});

/** How many wait for one book. */
export const waitingFor = (reader: ReadStoreReader, bookId: number) => reader.count(waitingIndex(bookId));
