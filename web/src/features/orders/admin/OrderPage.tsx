// One order on its own page (/admin/orders/{id}): who it is for and where it goes (the address as lines), what is in
// it, the money (paid, shipping, refunded, net) and the payment reference, the parcel, the whole timeline, internal
// notes and the status buttons.
import { parcelTexts } from '#contracts/preorders/parcels.ts';
import { Badge, Card, Flex, Grid, Link as TextLink, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OrderPageResponse } from '#contracts/orders/console.ts';
import { carrierLabels, shipmentFromNoteTexts } from '#contracts/orders/fulfilment.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { AdminLink, AdminPage } from '../../../components/AdminPage.tsx';
import { useLogOut } from '../../../lib/session.tsx';
import { ExportProofPanel } from './ExportProofPanel.tsx';
import { formatOrderDate } from './orderDate.ts';
import { OrderItems } from './OrderItems.tsx';
import { OrderNoteForm } from './OrderNoteForm.tsx';
import { orderPageQuery } from './ordersQuery.ts';
import { OrderTimeline } from './OrderTimeline.tsx';
import { RefundPanel } from './RefundPanel.tsx';
import { OpenRequestsFor } from './ShopperRequests.tsx';
import { StatusActions } from './StatusActions.tsx';
import { useCanChange } from '../../../lib/admin/role.ts';
import { Facts, Panel } from './OrderPanels.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import './orders.css';

function OrderDetails({ data }: { data: OrderPageResponse }) {
  const { order, page, money } = data;
  // An auditor reads the whole page; the controls that change the order are the owner's.
  const canChange = useCanChange();
  return (
    <Flex direction="column" gap="3" mb="6">
      <Flex gap="2" align="center" wrap="wrap">
        <StatusBadge status={order.status} />
        {page.gift && (
          <Badge color="plum" size="2">
            Gift
          </Badge>
        )}
        <Text size="2" color="gray">
          Placed {formatOrderDate(order.orderDate)}
        </Text>
      </Flex>
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <Panel title="Customer">
          <Facts
            facts={[
              ['Name', order.customerName],
              [
                'Email',
                order.customerEmail ? (
                  <TextLink href={`mailto:${order.customerEmail}`}>{order.customerEmail}</TextLink>
                ) : (
                  '—'
                ),
              ],
              ...(page.phone ? ([['Phone', page.phone]] as [string, ReactNode][]) : []),
              [
                'Address',
                <address className="order-address">
                  {page.addressLines.map((line, i) => (
                    <span key={i}>{line}</span>
                  ))}
                </address>,
              ],
            ]}
          />
        </Panel>
        <Panel title="Payment">
          <Facts
            facts={[
              ['Paid', formatPence(money.paid)],
              ['Shipping', formatPence(money.shipping)],
              ...(order.parcels
                ? ([
                    [
                      'Parcels',
                      <span data-testid="order-parcels">
                        {parcelTexts.ownerLabel(order.parcels)}
                        {order.parcels.choice === 'two'
                          ? ` (${parcelTexts.secondDelivery(order.parcels.secondDelivery).toLowerCase()})`
                          : ''}
                      </span>,
                    ],
                  ] as [string, ReactNode][])
                : []),
              ['Refunded', formatPence(money.refunded)],
              ['Net', formatPence(money.net)],
              ['Payment Method', order.paymentMethod],
              ['Payment Reference', <code className="order-reference">{page.paymentReference}</code>],
            ]}
          />
        </Panel>
      </Grid>
      {page.gift && (
        <Panel title="Gift">
          <Facts
            facts={[
              ['Message', page.gift.message || '—'],
              ...(page.gift.recipientName
                ? ([
                    ['Recipient', page.gift.recipientName],
                    [
                      'Ships to',
                      <address className="order-address">
                        {(page.gift.recipientLines ?? []).map((line, i) => (
                          <span key={i}>{line}</span>
                        ))}
                      </address>,
                    ],
                  ] as [string, ReactNode][])
                : []),
              ...(page.gift.noteTo ? ([['Gift note e-mailed to', page.gift.noteTo]] as [string, ReactNode][]) : []),
            ]}
          />
        </Panel>
      )}
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <Panel title="Items">
          <OrderItems
            items={page.items}
            refunds={order.refunds ?? []}
            {...(page.discounts ? { discounts: page.discounts } : {})}
          />
        </Panel>
        <Panel title="Shipment">
          {page.shipment ? (
            <Facts
              facts={[
                ['Carrier', carrierLabels[page.shipment.carrier]],
                [
                  'Tracking Number',
                  page.shipment.trackingUrl ? (
                    <TextLink href={page.shipment.trackingUrl} target="_blank" rel="noreferrer">
                      {page.shipment.trackingNumber}
                    </TextLink>
                  ) : (
                    page.shipment.trackingNumber || '—'
                  ),
                ],
                ['Shipped', formatOrderDate(page.shipment.at)],
                ...(page.shipment.fromNote === undefined
                  ? []
                  : ([
                      [
                        shipmentFromNoteTexts.label,
                        page.shipment.fromNote
                          ? shipmentFromNoteTexts.withNote(page.shipment.fromNote)
                          : shipmentFromNoteTexts.withoutNote,
                      ],
                    ] as [string, ReactNode][])),
              ]}
            />
          ) : (
            <Text as="p" size="2" color="gray">
              Not shipped yet.
            </Text>
          )}
        </Panel>
      </Grid>
      <OpenRequestsFor orderId={order.orderId} canAnswer={canChange} />
      <ExportProofPanel orderId={order.orderId} shippedAt={page.shipment?.at ?? null} canChange={canChange} />
      {canChange && (
        <Card size="2">
          <StatusActions order={order} />
        </Card>
      )}
      <RefundPanel order={order} />
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        <Panel title="Timeline">
          <OrderTimeline orderId={order.orderId} timeline={page.timeline} />
        </Panel>
        <Card size="2">{canChange && <OrderNoteForm orderId={order.orderId} />}</Card>
      </Grid>
    </Flex>
  );
}

export function OrderPage({ orderId }: { orderId: string }) {
  // Fetched by the route's loader; a failure (a missing order too) shows the route's error screen.
  const { data } = useSuspenseQuery(orderPageQuery(orderId));
  const logOut = useLogOut('/admin-login');
  return (
    <AdminPage
      // Headed by the number the customer quotes; the payment reference is with the payment's facts.
      title={`Order #${data.page.orderNumber}`}
      documentTitle={`Order ${data.page.orderNumber}`}
      subtitle={`${data.order.customerName} · ${data.order.total}`}
      links={
        <>
          <AdminLink to="/admin/orders">All Orders</AdminLink>
          <AdminLink to="/admin/orders/$orderId/packing-slip" params={{ orderId }}>
            Packing Slip
          </AdminLink>
          <AdminLink to="/admin/orders/$orderId/receipt" params={{ orderId }}>
            Receipt
          </AdminLink>
        </>
      }
      onLogOut={logOut}
    >
      <OrderDetails data={data} />
    </AdminPage>
  );
}
