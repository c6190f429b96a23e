// The owner's order console (spec §2 "Admin orders page"): tabs by status with counts, the total, and an
// accordion in which several orders may be open at once.
import { Button, Card, Container, Flex, Heading, Spinner, Tabs, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as Accordion from 'radix-ui/accordion';
import { useEffect, useState, type ReactNode } from 'react';
import type { AdminOrder, AdminOrdersResponse } from '../../../../contracts/adminOrders.ts';
import { useSessionExpiry } from '../admin/reviews/useSessionExpiry.ts';
import { useLogOut } from '../admin/session.tsx';
import { ApiError, serverMessage } from '../../lib/api.ts';
import { OrderEntry } from './OrderEntry.tsx';
import { adminOrdersQuery } from './ordersQuery.ts';
import { statusLabel } from './StatusBadge.tsx';
import '../admin/admin.css';
import './orders.css';

const tabs = ['all', 'pending', 'processing', 'shipped', 'delivered'] as const;
type Tab = (typeof tabs)[number];

/** The orders page logs out to this spelling of the login page (spec §2). */
const loginPath = '/admin-login';

function countFor(tab: Tab, data: AdminOrdersResponse) {
  return tab === 'all' ? data.totalOrders : data.counts[tab];
}

function ordersFor(tab: Tab, orders: AdminOrder[]) {
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
  const orders = useQuery(adminOrdersQuery);
  const logOut = useLogOut(loginPath);
  const sessionExpired = useSessionExpiry();
  // A token the server refuses ends the session, as on every admin page; other failures show the error state.
  useEffect(() => {
    if (orders.error) sessionExpired(orders.error);
  }, [orders.error, sessionExpired]);
  const refused = orders.error instanceof ApiError && orders.error.status === 401;
  const [tab, setTab] = useState<Tab>('all');
  const [open, setOpen] = useState<string[]>([]);

  return (
    <div className="admin-page">
      <header className="admin-bar">
        <Container size="4" px="4">
          <div className="admin-bar__inner">
            <div>
              <Heading as="h1" size="6">
                Order Management
              </Heading>
              {orders.data && (
                <Text as="p" size="2" color="gray">
                  Total Orders: {orders.data.totalOrders}
                </Text>
              )}
            </div>
            <nav aria-label="Admin" className="admin-bar__actions">
              <Button asChild variant="soft" size="2" highContrast>
                <Link to="/admin-dashboard">Reviews Dashboard</Link>
              </Button>
              <Button variant="outline" color="gray" size="2" onClick={logOut}>
                Log Out
              </Button>
            </nav>
          </div>
        </Container>
      </header>
      <Container size="4" px="4" mt="5">
        {orders.isPending && (
          <Flex align="center" gap="2" py="6" justify="center" role="status">
            <Spinner size="3" />
            <Text color="gray">Loading orders...</Text>
          </Flex>
        )}

        {orders.isError && !refused && (
          <Notice title="Error Loading Orders">
            <Text as="p" color="gray" align="center">
              {serverMessage(orders.error) ?? orders.error.message}
            </Text>
            <Button onClick={() => void orders.refetch()} loading={orders.isFetching}>
              Refresh
            </Button>
          </Notice>
        )}

        {orders.data && (
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <Tabs.List className="orders-tabs" aria-label="Orders by status">
              {tabs.map((t) => (
                <Tabs.Trigger key={t} value={t}>
                  {t === 'all' ? 'All' : statusLabel(t)} ({countFor(t, orders.data)})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((t) => {
              const shown = ordersFor(t, orders.data.orders);
              return (
                <Tabs.Content key={t} value={t} className="orders-tab">
                  {orders.data.totalOrders === 0 ? (
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
                    <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="orders-list">
                      {shown.map((order) => (
                        <OrderEntry key={order.orderId} order={order} />
                      ))}
                    </Accordion.Root>
                  )}
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        )}
      </Container>
    </div>
  );
}
