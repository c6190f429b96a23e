// The owner's orders as the console reads and changes them: the list (refetched every minute), each order's
// history, and the status change, which sends back the revision the screen showed.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddOrderCustomerDetailsBody,
  AddOrderCustomerDetailsResponse,
  AdminOrder,
  AdminOrdersResponse,
  ChangeOrderStatusBody,
  ChangeOrderStatusResponse,
  OrderHistoryResponse,
} from '../../../../contracts/adminOrders.ts';
import { timings } from '../../../../contracts/constants.ts';
import type { AnyOrderStatus } from '../../../../contracts/constants.ts';
import { apiGetRevalidated, apiRequest } from '../../lib/api.ts';

export const adminOrdersPath = '/api/admin/orders';
const orderPath = (orderId: string) => `${adminOrdersPath}/${encodeURIComponent(orderId)}`;

export const adminOrdersQuery = queryOptions({
  queryKey: [adminOrdersPath],
  queryFn: () => apiRequest<AdminOrdersResponse>('GET', adminOrdersPath),
  refetchInterval: timings.ordersRefreshMs,
  retry: false,
});

/** Orders the console asks for at a time. */
export const ordersPageSize = 50;

export type OrdersFilter = { status?: AnyOrderStatus | undefined; q?: string | undefined; from?: string | undefined; to?: string | undefined };

/** The list a page at a time for one tab, search and date range: "Load more" asks for the next. */
export const adminOrderPagesQuery = (filter: OrdersFilter) =>
  infiniteQueryOptions({
    queryKey: [adminOrdersPath, 'pages', filter],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(ordersPageSize) });
      if (filter.status) query.set('status', filter.status);
      if (filter.q) query.set('q', filter.q);
      if (filter.from) query.set('from', filter.from);
      if (filter.to) query.set('to', filter.to);
      if (pageParam) query.set('cursor', pageParam);
      return apiGetRevalidated<AdminOrdersResponse>(`${adminOrdersPath}?${query}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: timings.ordersRefreshMs,
    retry: false,
  });

/** Keyed by the revision too: when the list shows a newer revision, the history is fetched again. */
export const orderHistoryQuery = (order: Pick<AdminOrder, 'orderId' | 'revision'>) =>
  queryOptions({
    queryKey: [`${orderPath(order.orderId)}/history`, order.revision],
    queryFn: () => apiRequest<OrderHistoryResponse>('GET', `${orderPath(order.orderId)}/history`),
    // The history shown stays up while the newer one loads.
    placeholderData: (previous) => previous,
    retry: false,
  });

export function useChangeOrderStatus(order: AdminOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, notes }: Pick<ChangeOrderStatusBody, 'status' | 'notes'>) =>
      apiRequest<ChangeOrderStatusResponse>('POST', `${orderPath(order.orderId)}/status`, {
        status,
        notes,
        expectedRevision: order.revision,
      } satisfies ChangeOrderStatusBody),
    // Settled either way: after a refusal the owner sees what the order is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [adminOrdersPath] }),
  });
}

/** The buyer's details an order lacks, added by the owner against the revision the screen showed. */
export function useAddCustomerDetails(order: AdminOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: Omit<AddOrderCustomerDetailsBody, 'expectedRevision'>) =>
      apiRequest<AddOrderCustomerDetailsResponse>('POST', `${orderPath(order.orderId)}/customer`, {
        ...details,
        expectedRevision: order.revision,
      } satisfies AddOrderCustomerDetailsBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [adminOrdersPath] }),
  });
}
