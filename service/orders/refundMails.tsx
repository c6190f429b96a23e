// The HTML halves of the refund and dispute e-mails (decision 088), in the shop's one layout; their plain-text halves
// are in refundReactions.ts, made from the same facts.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import {
  ActionButton,
  AddressBlock,
  ContactLine,
  Lines,
  Para,
  ShopMail,
  Signature,
  SubHeading,
} from '../mail/layout.tsx';
import { addressLines, itemRows, orderDate } from '../mail/orderFacts.ts';
import { deliveryOf } from '../../contracts/checkout/gift.ts';

type Order = OrderPlaced['data'];

export const refundConfirmationMail = (
  order: Order,
  amount: number,
  lines: { name: string; quantity: number }[],
  orderPageLink?: string,
) => (
  <ShopMail preview={`We have refunded ${formatPence(amount)}`} heading="Your refund is on its way back to you">
    <Para>Dear {order.customerName},</Para>
    <Para>
      We have refunded {formatPence(amount)} for your order {order.orderNumber}. It goes back to the card or wallet you
      paid with; banks usually take 5 to 10 working days to show it.
    </Para>
    {lines.length ? (
      <>
        <SubHeading>The refund covers</SubHeading>
        <Lines rows={lines.map((l) => ({ label: `${l.quantity} × ${l.name}` }))} />
      </>
    ) : null}
    <SubHeading>
      Order {order.orderNumber}, placed on {orderDate(order.placedAt)}
    </SubHeading>
    <Lines rows={itemRows(order.items, order.discounts)} />
    <SubHeading>{deliveryOf(order).giftFor?.replace(/:$/, '') ?? 'Delivery address'}</SubHeading>
    <AddressBlock lines={addressLines(deliveryOf(order).address, deliveryOf(order).name)} />
    {orderPageLink ? <ActionButton href={orderPageLink}>View your order</ActionButton> : null}
    <ContactLine />
    <Signature />
  </ShopMail>
);

export const disputeToOwnerMail = (order: Order, dispute: { amount: number; reason: string; disputeId: string }) => (
  <ShopMail
    preview={`A payment was disputed: order ${order.orderNumber}`}
    heading={`A payment was disputed: order ${order.orderNumber}`}
  >
    <Para>
      The bank of {order.customerName} &lt;{order.customerEmail}&gt; opened a dispute on the payment for order{' '}
      {order.orderNumber}.
    </Para>
    <Lines
      rows={[
        { label: 'Disputed', figure: `${formatPence(dispute.amount)} of ${formatPence(order.total)}` },
        { label: 'Reason given', figure: dispute.reason },
        { label: 'Payment reference', figure: order.paymentReference },
        { label: 'Dispute', figure: dispute.disputeId },
      ]}
    />
    <Para>
      Answer it in the payment provider&apos;s dashboard before its deadline, with the order&apos;s proof of delivery if
      it has shipped.
    </Para>
    <Para>{shopContent.shop.name}</Para>
  </ShopMail>
);
