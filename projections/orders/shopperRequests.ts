// Read model: the shoppers' requests still waiting for the owner's answer (decision 086), oldest first, for the
// orders screen's Requests tab and its count. A request leaves the list once it is accepted or declined.
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { ReturnReason, ShopperRequestKind } from '../../contracts/orders/shopperRequests.ts';
import { defineProjection } from '../engine/projection.ts';

const collection = 'shopperRequests';
const openIndex = 'shopperRequests:open';

export type OpenRequestDoc = {
  orderId: string;
  requestId: string;
  kind: ShopperRequestKind;
  reason?: ReturnReason;
  note?: string;
  at: string;
};

const idOf = (orderId: string, requestId: string) => `${orderId}:${requestId}`;

const opened = (doc: OpenRequestDoc): Write[] => [
  { op: 'put', collection, id: idOf(doc.orderId, doc.requestId), doc },
  { op: 'index', index: openIndex, id: idOf(doc.orderId, doc.requestId), score: Date.parse(doc.at) || 0 },
];

const answered = (orderId: string, requestId: string): Write[] => [
  { op: 'delete', collection, id: idOf(orderId, requestId) },
  { op: 'unindex', index: openIndex, id: idOf(orderId, requestId) },
];

export const shopperRequestsProjection = defineProjection({
  name: 'shopperRequests',
  handlers: {
    CancellationRequested: (event) => opened({ ...event.data, kind: 'cancel' }),
    ReturnRequested: (event) => {
      const { orderId, requestId, reason, note, at } = event.data;
      return opened({ orderId, requestId, kind: 'return', reason, ...(note ? { note } : {}), at });
    },
    ShopperRequestAccepted: (event) => answered(event.data.orderId, event.data.requestId),
    ShopperRequestDeclined: (event) => answered(event.data.orderId, event.data.requestId),
  },
});

/** The open requests, oldest first (at most `limit`), and how many there are. */
export async function openRequests(
  reader: ReadStoreReader,
  limit = 200,
): Promise<{ requests: OpenRequestDoc[]; count: number }> {
  const [ids, count] = await Promise.all([reader.range(openIndex, { limit }), reader.count(openIndex)]);
  const docs = await reader.getMany<OpenRequestDoc>(collection, ids);
  return { requests: docs.filter((d): d is OpenRequestDoc => d !== null), count: count ?? 0 };
}
