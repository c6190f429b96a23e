// The owner's order console: tabs by status with counts, the total, and an
// accordion in which several orders may be open at once. Orders come a page at a time ("Load more orders"), found by
// a search and a date range; while every order of the list is loaded, the tabs filter it at once, as they always have.
import { Button, Card, Flex, Heading, Spinner, Tabs, Text, TextField } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import * as Accordion from 'radix-ui/accordion';
import { useEffect, useState, type ReactNode } from 'react';
import type { AdminOrder, AdminOrdersResponse } from '#contracts/orders/console.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { isToFulfil, toFulfilCount, toFulfilQueue } from '#contracts/orders/queue.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { ApiError, serverMessage } from '../../../lib/api.ts';
import { OrderEntry } from './OrderEntry.tsx';
import { OrdersCsvDownload } from './OrdersCsvDownload.tsx';
import { adminOrderPagesQuery, type OrdersFilter } from './ordersQuery.ts';
import { statusLabel } from './StatusBadge.tsx';
import { orderTabs, type OrderTab, type OrdersSearch } from './ordersSearch.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { DateFields } from '../../../components/DateRangeFilter.tsx';
import { rangeOf, type DateRange } from '../../../lib/dateRange.ts';
import { AdminLink, AdminPage } from '../../../components/AdminPage.tsx';
import { useCanChange } from '../../../lib/admin/role.ts';
import { ShopperRequests, useShopperRequests } from './ShopperRequests.tsx';
import './orders.css';

const tabs = orderTabs;
type Tab = OrderTab;

/** The orders page logs out to this spelling of the login page, which the owner may have bookmarked. */
const loginPath = '/admin-login';

function countFor(tab: StatusTab, data: AdminOrdersResponse) {
  if (tab === 'to-fulfil') return toFulfilCount(data.counts);
  return tab === 'all' ? data.totalOrders : data.counts[tab];
}

function tabLabel(tab: StatusTab) {
  if (tab === 'to-fulfil') return 'To fulfil';
  return tab === 'all' ? 'All' : statusLabel(tab);
}

/** What a tab asks the server for when it pages through its own orders. */
function filterOf(tab: StatusTab): Pick<OrdersFilter, 'status' | 'queue'> {
  if (tab === 'to-fulfil') return { queue: toFulfilQueue };
  return tab === 'all' ? {} : { status: tab };
}

/** The tabs that list orders by status; the Requests tab lists the shoppers' requests instead. */
type StatusTab = Exclude<Tab, 'requests'>;

type Search = Pick<OrdersFilter, 'q' | 'from' | 'to'>;

/** The object without its undefined entries: the address then holds only what was chosen. */
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The search and the dates, applied when the owner submits them. */
function SearchForm({ applied, onApply }: { applied: Search; onApply: (search: Search) => void }) {
  const [q, setQ] = useState(applied.q ?? '');
  const [range, setRange] = useState<DateRange>(applied);
  const filtered = !!(applied.q || applied.from || applied.to);
  return (
    <form
      className="orders-search"
      role="search"
      aria-label="Find orders"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...(q.trim() ? { q: q.trim() } : {}), ...rangeOf(range) });
      }}
    >
      <label className="orders-search__field orders-search__field--wide">
        <Text size="2" weight="medium">
          Search orders
        </Text>
        <TextField.Root
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Order number, name, e-mail or postcode"
          maxLength={200}
        />
      </label>
      <DateFields value={range} onChange={setRange} />
      <Flex gap="2" align="end">
        <Button type="submit">Search</Button>
        {filtered && (
          <Button
            type="button"
            variant="soft"
            color="gray"
            onClick={() => {
              setQ('');
              setRange({});
              onApply({});
            }}
          >
            Clear
          </Button>
        )}
      </Flex>
    </form>
  );
}

/** A tab's orders from the whole list (newest first): the queue's oldest first, as the server pages it. */
function ordersFor(tab: StatusTab, orders: AdminOrder[]) {
  if (tab === 'to-fulfil') return orders.filter((order) => isToFulfil(order.status)).reverse();
  return tab === 'all' ? orders : orders.filter((order) => order.status === tab);
}

function Notice({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <Card size="3" className="orders-notice">
      <Flex direction="column" align="center" gap="2" py="4">
        {title && (
          <Heading as="h2" size="4" align="center">
            {title}
          </Heading>
        )}
        {children}
      </Flex>
    </Card>
  );
}

export function OrdersConsole() {
  // The tab, the search, the dates and the open orders are the address's (ordersSearch.ts): a reload or a shared link
  // shows the same list. Each change replaces the address rather than adding to the history.
  const address = useSearch({ from: '/_admin/admin/orders' });
  const navigate = useNavigate({ from: '/admin/orders' });
  const change = (next: Partial<OrdersSearch>) =>
    void navigate({ search: (prev) => withoutEmpty({ ...prev, ...next }), replace: true, resetScroll: false });
  const search: Search = withoutEmpty({ q: address.q, from: address.from, to: address.to });
  const tab: Tab = address.tab ?? 'all';
  const setTab = (next: Tab) => change({ tab: next === 'all' ? undefined : next });
  const setSearch = (next: Search) => change({ q: next.q, from: next.from, to: next.to, open: undefined });
  // Not a suspense read: the route's loader fetches the first page of every order, but the list is polled, searched and
  // paged, and a later failure shows the console's own error state with its Refresh rather than leaving the screen.
  const all = useInfiniteQuery(adminOrderPagesQuery(search));
  // Every order of the list is here: a tab filters it at once. Else a tab pages through its own status.
  const allLoaded = !!all.data && !all.hasNextPage;
  const ofTab = useInfiniteQuery({
    ...adminOrderPagesQuery({
      ...search,
      ...(tab === 'all' || tab === 'requests' ? { status: 'pending' } : filterOf(tab)),
    }),
    enabled: tab !== 'all' && tab !== 'requests' && !allLoaded,
  });
  const first = all.data?.pages[0];
  const data: AdminOrdersResponse | undefined = first
    ? { ...first, orders: all.data!.pages.flatMap((p) => p.orders) }
    : undefined;
  const logOut = useLogOut(loginPath);
  const sessionExpired = useSessionExpiry();
  // A token the server refuses ends the session, as on every admin page; other failures show the error state.
  useEffect(() => {
    const error = all.error ?? ofTab.error;
    if (error) sessionExpired(error);
  }, [all.error, ofTab.error, sessionExpired]);
  const refused = all.error instanceof ApiError && all.error.status === 401;
  const open = address.open ?? [];
  const setOpen = (ids: string[]) => change({ open: ids.length ? ids : undefined });
  const paged = tab !== 'all' && tab !== 'requests' && !allLoaded;
  const requests = useShopperRequests();
  const canChange = useCanChange();
  const source = paged ? ofTab : all;
  const filtered = !!(search.q || search.from || search.to);

  return (
    <AdminPage
      title="Order Management"
      subtitle={data && `Total Orders: ${data.totalOrders}`}
      links={
        <>
          <AdminLink to="/admin/packing-slips">Print Packing Slips</AdminLink>
          <AdminLink to="/admin/orders/fulfil">Fulfil Orders</AdminLink>
          <OrdersCsvDownload
            filter={{
              ...search,
              ...(tab === 'all' || tab === 'requests' || tab === 'to-fulfil' ? {} : { status: tab }),
            }}
          />
        </>
      }
      onLogOut={logOut}
    >
      {data && <SearchForm key={JSON.stringify(search)} applied={search} onApply={setSearch} />}
      {all.isPending && (
        <Flex align="center" gap="2" py="6" justify="center" role="status">
          <Spinner size="3" />
          <Text color="gray">Loading orders...</Text>
        </Flex>
      )}

      {all.isError && !refused && (
        <Notice title="Error Loading Orders">
          <Text as="p" color="gray" align="center">
            {serverMessage(all.error) ?? all.error.message}
          </Text>
          <Button onClick={() => void all.refetch()} loading={all.isFetching}>
            Refresh
          </Button>
        </Notice>
      )}

      {data && (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <Tabs.List className="orders-tabs" aria-label="Orders by status">
            {tabs.map((t) => (
              <Tabs.Trigger key={t} value={t}>
                {t === 'requests' ? `Requests (${requests.data?.count ?? 0})` : `${tabLabel(t)} (${countFor(t, data)})`}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="requests" className="orders-tab">
            <ShopperRequests canAnswer={canChange} />
          </Tabs.Content>
          {tabs.map((t) => {
            if (t === 'requests') return null;
            const shown =
              t === tab && paged ? (ofTab.data?.pages.flatMap((p) => p.orders) ?? []) : ordersFor(t, data.orders);
            return (
              <Tabs.Content key={t} value={t} className="orders-tab">
                {t === tab && paged && ofTab.isPending ? (
                  <Flex align="center" gap="2" py="6" justify="center" role="status">
                    <Spinner size="3" />
                    <Text color="gray">Loading orders...</Text>
                  </Flex>
                ) : data.totalOrders === 0 && !filtered ? (
                  <Notice title="No Orders Found">
                    <Text as="p" color="gray" align="center">
                      Orders appear here as soon as customers place them.
                    </Text>
                  </Notice>
                ) : shown.length === 0 ? (
                  <Notice>
                    <Text as="p" color="gray" align="center">
                      No orders found in this category
                    </Text>
                  </Notice>
                ) : (
                  <>
                    <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="orders-list">
                      {shown.map((order) => (
                        <OrderEntry key={order.orderId} order={order} />
                      ))}
                    </Accordion.Root>
                    {t === tab && source.hasNextPage && (
                      <Flex justify="center" py="4">
                        <Button
                          variant="soft"
                          size="3"
                          onClick={() => void source.fetchNextPage()}
                          loading={source.isFetchingNextPage}
                        >
                          Load more orders
                        </Button>
                      </Flex>
                    )}
                  </>
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </AdminPage>
  );
}
