// One order in the console's accordion: "Order #AH-…" (the number the customer quotes) with its status, a flag when
// placing it found something to look at, and under it who it is for, how many items, the total and the date; opened,
// who it is for, what was paid, what was ordered, how it got here, and the status buttons.
import { Box, Button, Flex, Grid, Link, Text } from '@radix-ui/themes';
import { Link as RouteLink } from '@tanstack/react-router';
import * as Accordion from 'radix-ui/accordion';
import type { AdminOrder } from '#contracts/orders/console.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { CustomerDetailsForm } from './CustomerDetailsForm.tsx';
import { formatOrderDate } from './orderDate.ts';
import { itemCountOf, itemCountText, rowCustomer } from './orderRow.ts';
import { netAmountOf } from '#contracts/orders/queue.ts';
import { RowBadges } from './RowBadges.tsx';
import { OrderItems } from './OrderItems.tsx';
import { RefundPanel } from './RefundPanel.tsx';
import { useCanChange } from '../../../lib/admin/role.ts';
import { StatusActions } from './StatusActions.tsx';
import { Facts, Panel } from './OrderPanels.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { StatusTimeline } from './StatusTimeline.tsx';

export function OrderEntry({ order }: { order: AdminOrder }) {
  // An auditor reads the order and changes nothing: no status buttons, no details form.
  const canChange = useCanChange();
  const customer = rowCustomer(order);
  const items = itemCountOf(order.items);
  const refunded = order.refunded ?? 0;
  return (
    <Accordion.Item value={order.orderId} className="order-entry" data-order-id={order.orderId}>
      <Accordion.Header asChild>
        <h3 className="order-entry__header">
          <Accordion.Trigger className="order-entry__trigger">
            <span className="order-entry__summary">
              <Flex gap="2" align="center" wrap="wrap" asChild>
                <span>
                  <Text weight="bold" size={{ initial: '2', sm: '3' }} className="order-entry__id">
                    Order #{order.orderNumber}
                  </Text>
                  <StatusBadge status={order.status} />
                  <RowBadges order={order} />
                </span>
              </Flex>
              <Text as="span" size="2" weight="regular" className="order-entry__facts">
                <span className={customer.muted ? 'order-entry__customer--muted' : undefined}>{customer.text}</span>
                {items !== null && <span>{itemCountText(items)}</span>}
                <span className="order-entry__total">{order.total}</span>
                {refunded > 0 && <span className="order-entry__net">net {formatPence(netAmountOf(order))}</span>}
                <span className="order-entry__date">{formatOrderDate(order.orderDate)}</span>
              </Text>
            </span>
            <svg className="order-entry__chevron" aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
              <path
                d="M4 6l4 4 4-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Accordion.Trigger>
        </h3>
      </Accordion.Header>
      <Accordion.Content className="order-entry__content">
        <Flex direction="column" gap="3" p={{ initial: '3', sm: '4' }}>
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <Panel level="h4" title="Customer Information">
              <Facts
                facts={[
                  ['Name', order.customerName],
                  ['Email', <Link href={`mailto:${order.customerEmail}`}>{order.customerEmail}</Link>],
                  ['Address', order.shippingAddress],
                ]}
              />
              {canChange && <CustomerDetailsForm order={order} />}
            </Panel>
            <Panel level="h4" title="Order Information">
              <Facts
                facts={[
                  ['Total', order.total],
                  ['Payment Method', order.paymentMethod],
                  ['Date', formatOrderDate(order.orderDate)],
                ]}
              />
            </Panel>
          </Grid>
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <Panel level="h4" title="Order Details">
              <OrderItems items={order.items} {...(order.discounts ? { discounts: order.discounts } : {})} />
              <Text as="p" size="2" color="gray" mt="2">
                Shipping: {formatPence(order.shippingCost)}
              </Text>
            </Panel>
            <Panel level="h4" title="Status History">
              <StatusTimeline order={order} />
            </Panel>
          </Grid>
          <RefundPanel order={order} />
          <Box>{canChange && <StatusActions order={order} />}</Box>
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="soft" highContrast>
              <RouteLink to="/admin/orders/$orderId" params={{ orderId: order.orderId }}>
                Open Order Page
              </RouteLink>
            </Button>
            <Button asChild variant="soft" color="gray" highContrast>
              <RouteLink to="/admin/orders/$orderId/packing-slip" params={{ orderId: order.orderId }}>
                Packing Slip
              </RouteLink>
            </Button>
          </Flex>
        </Flex>
      </Accordion.Content>
    </Accordion.Item>
  );
}
