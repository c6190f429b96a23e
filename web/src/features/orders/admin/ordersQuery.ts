// The owner's orders as the console reads and changes them: the list (refetched every minute), each order's
// history, and the status change, which sends back the revision the screen showed.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ordersApi } from '#contracts/orders/api.ts';
import type {
  AddOrderCustomerDetailsBody,
  AdminOrder,
  ChangeOrderStatusBody,
  ProcessOrdersBody,
  ShipOrdersBody,
} from '#contracts/orders/console.ts';
import { toFulfilQueue } from '#contracts/orders/queue.ts';
import { hasPendingRefund, type RefundEntry, type RequestRefundBody } from '#contracts/orders/refunds.ts';
import { timings } from '#contracts/shared/constants.ts';
import type { AnyOrderStatus } from '#contracts/shared/constants.ts';
import { call, callRevalidated, queryFor, urlFor } from '../../../lib/api.ts';

/** Every query of the order list starts with this address, so one invalidation reaches them all. */
export const ordersKey = urlFor(ordersApi.list);

export const adminOrdersQuery = queryOptions({
  ...queryFor(ordersApi.list),
  refetchInterval: timings.ordersRefreshMs,
  retry: false,
});

/** Orders the console asks for at a time. */
export const ordersPageSize = 50;

export type OrdersFilter = {
  status?: AnyOrderStatus | undefined;
  /** the orders still to be sent, oldest first, instead of one status */
  queue?: typeof toFulfilQueue | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The list a page at a time for one tab, search and date range: "Load more" asks for the next. */
export const adminOrderPagesQuery = (filter: OrdersFilter) =>
  infiniteQueryOptions({
    queryKey: [ordersKey, 'pages', filter],
    queryFn: ({ pageParam }) =>
      callRevalidated(ordersApi.list, {
        query: {
          limit: String(ordersPageSize),
          status: filter.status,
          queue: filter.queue,
          q: filter.q,
          from: filter.from,
          to: filter.to,
          cursor: pageParam,
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: timings.ordersRefreshMs,
    retry: false,
  });

/** Keyed by the revision too: when the list shows a newer revision, the history is fetched again. */
export const orderHistoryQuery = (order: Pick<AdminOrder, 'orderId' | 'revision'>) =>
  queryOptions({
    queryKey: [urlFor(ordersApi.history, { params: { id: order.orderId } }), order.revision],
    queryFn: () => call(ordersApi.history, { params: { id: order.orderId } }),
    // The history shown stays up while the newer one loads.
    placeholderData: (previous) => previous,
    retry: false,
  });

/** One order's page: the order, its address as lines, payment, parcel, money and whole timeline. */
export const orderPageQuery = (orderId: string) =>
  queryOptions({
    // Under the list's address, so whatever refreshes the list refreshes the page too.
    queryKey: [ordersKey, 'order', orderId],
    queryFn: () => call(ordersApi.order, { params: { id: orderId } }),
    refetchInterval: timings.ordersRefreshMs,
    retry: false,
  });

/** The packing slips of every order now processing. */
export const packingSlipsQuery = queryOptions({
  queryKey: [ordersKey, 'packing-slips'],
  queryFn: () => call(ordersApi.packingSlips, { query: {} }),
  retry: false,
});

/** The packing slips of the orders chosen on the fulfilment screen, in the order chosen. */
export const chosenPackingSlipsQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [ordersKey, 'packing-slips', ids.join(',')],
    queryFn: () => call(ordersApi.packingSlips, { query: { ids: ids.join(',') } }),
    retry: false,
  });

/** Every order still to be sent (paid and processing), oldest first: the fulfilment screen's list. */
export const ordersToFulfilQuery = queryOptions({
  queryKey: [ordersKey, 'fulfil'],
  queryFn: async () => (await call(ordersApi.list, { query: { queue: toFulfilQueue } })).orders,
  refetchInterval: timings.ordersRefreshMs,
  retry: false,
});

/** Several paid orders marked processing in one step; each order's outcome comes back, and the lists are fetched again. */
export function useProcessMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessOrdersBody) => call(ordersApi.processMany, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/** Several orders shipped in one step; each order's outcome comes back, and the lists are fetched again. */
export function useShipMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipOrdersBody) => call(ordersApi.shipMany, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

export function useChangeOrderStatus(order: AdminOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      status,
      notes,
      shipment,
      confirmBackward,
    }: Pick<ChangeOrderStatusBody, 'status' | 'notes' | 'shipment' | 'confirmBackward'>) =>
      call(ordersApi.changeStatus, {
        params: { id: order.orderId },
        body: {
          status,
          notes,
          expectedRevision: order.revision,
          ...(shipment ? { shipment } : {}),
          ...(confirmBackward ? { confirmBackward } : {}),
        },
      }),
    // Settled either way: after a refusal the owner sees what the order is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/** The buyer's details an order lacks, added by the owner against the revision the screen showed. */
export function useAddCustomerDetails(order: AdminOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: Omit<AddOrderCustomerDetailsBody, 'expectedRevision'>) =>
      call(ordersApi.addCustomerDetails, {
        params: { id: order.orderId },
        body: { ...details, expectedRevision: order.revision },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/** An internal note on the order; refreshes the list and the page, whose timeline shows it. */
export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(ordersApi.addNote, { params: { id: orderId }, body: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/**
 * Money back (lines with quantities, or an amount) with a reason, against the revision the screen showed. The answer
 * comes as soon as the request is recorded, with the refund pending; useRefundProgress follows it from there.
 */
export function useRefund(order: Pick<AdminOrder, 'orderId' | 'revision'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RequestRefundBody, 'expectedRevision'>) =>
      call(ordersApi.refund, { params: { id: order.orderId }, body: { ...body, expectedRevision: order.revision } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/** Accepts an order whose payment does not match its checkout, as it stands (decision 102). */
export function useAcceptPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ordersApi.clearFlag, { params: { id: orderId }, body: { flag: 'payment-mismatch' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/** Asks the payment provider again for a refund whose outcome is unknown. */
export function useRetryRefund(order: Pick<AdminOrder, 'orderId' | 'revision'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) =>
      call(ordersApi.retryRefund, {
        params: { id: order.orderId, refundId },
        body: { expectedRevision: order.revision },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ordersKey] }),
  });
}

/** The read model has folded the request `asked` answered: the refund is there, at that attempt or a later one. */
export const reached = (refunds: readonly RefundEntry[], asked: Pick<RefundEntry, 'refundId' | 'attempts'>) =>
  refunds.find((r) => r.refundId === asked.refundId && r.attempts >= asked.attempts);

/**
 * Follows an order's refunds from its read model: while one is pending, or one just asked for is not in it yet, the
 * order's queries are fetched again every moment; once every refund has settled the usual refresh is all there is.
 */
export function useRefundProgress(order: Pick<AdminOrder, 'refunds'>, asked: RefundEntry | null) {
  const queryClient = useQueryClient();
  const refunds = order.refunds ?? [];
  const following = hasPendingRefund(refunds) || (asked !== null && !reached(refunds, asked));
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(
      () => void queryClient.refetchQueries({ queryKey: [ordersKey], type: 'active' }),
      timings.refundProgressMs,
    );
    return () => clearInterval(timer);
  }, [following, queryClient]);
  return following;
}
