// The owner's order console (spec §2 "Admin orders page"): tabs by status with counts, the total, and an
// accordion in which several orders may be open at once.
import { Box, Button, Card, Container, Flex, Heading, Spinner, Tabs, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import type { AdminOrder, AdminOrdersResponse } from '../../../../contracts/adminOrders.ts';
import { useLogOut } from '../admin/session.tsx';
import { serverMessage } from '../../lib/api.ts';
import { OrderEntry } from './OrderEntry.tsx';
import { adminOrdersQuery } from './ordersQuery.ts';
import { statusLabel } from './StatusBadge.tsx';
import './orders.css';

const tabs = ['all', 'pending', 'processing', 'shipped', 'delivered'] as const;
type Tab = (typeof tabs)[number];

/** The links inside admin pages use these spellings (spec §2). */
const reviewsDashboardPath = '/admin-dashboard';
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
  const [tab, setTab] = useState<Tab>('all');
  const [open, setOpen] = useState<string[]>([]);

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py={{ initial: '4', sm: '6' }}>
      <Flex justify="between" align={{ initial: 'start', sm: 'center' }} direction={{ initial: 'column', sm: 'row' }} gap="3" mb="4">
        <Box>
          <Heading as="h1" size={{ initial: '7', sm: '8' }}>
            Order Management
          </Heading>
          {orders.data && (
            <Text as="p" color="gray" mt="1" data-testid="total-orders">
              Total Orders: {orders.data.totalOrders}
            </Text>
          )}
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft" highContrast>
            <a href={reviewsDashboardPath}>Reviews Dashboard</a>
          </Button>
          <Button variant="outline" color="gray" onClick={logOut}>
            Log Out
          </Button>
        </Flex>
      </Flex>

      {orders.isPending && (
        <Flex align="center" gap="2" py="6" justify="center" role="status">
          <Spinner size="3" />
          <Text color="gray">Loading orders...</Text>
        </Flex>
      )}

      {orders.isError && (
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
  );
}
