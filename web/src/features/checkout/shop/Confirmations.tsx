// The screens a shopper lands on after paying or not paying: payment success, cancelled, order confirmed.
import { Button, Card, Flex, Heading, Link as TextLink, Separator, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { orderNumberFrom } from '#contracts/shared/constants.ts';
import { shopContent } from '#contracts/catalog/content.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { ApiError, call } from '../../../lib/api.ts';
import type { OrderSummary } from '#contracts/checkout/model.ts';
import { giftForLine, quotedGiftMessage } from '#contracts/checkout/gift.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { keepPlacedOrder, keepProcessingPayment, paymentProcessing, placedOrder } from './placedOrders.ts';
import { dispatchCart, useCart } from './cart/cartStore.ts';
import { setDiscountCode } from './cart/discountCodeStore.ts';
import './checkout.css';

function Confirmation({ tone, icon, children }: { tone: 'green' | 'amber'; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="confirmation">
      <Card size="4" className="confirmation__card">
        <Flex direction="column" align="center" gap="4">
          <span
            className="confirmation__icon"
            style={{ background: `var(--${tone}-a3)`, color: `var(--${tone}-11)` }}
            aria-hidden="true"
          >
            {icon}
          </span>
          {children}
        </Flex>
      </Card>
    </div>
  );
}

/** The screens' 32-pixel line icons, drawn in the text's colour. */
const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    width="32"
    height="32"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

const Tick = () => (
  <Icon>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);
const Cross = () => (
  <svg
    width="32"
    height="32"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
  >
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

/** Runs once per mounted screen, even when React renders it twice in development. */
function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
    // Once per mount by design: a later render's effect is not run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The order a success screen names, as the server answered placing it; `null` while asked or when it has none. */
function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <Card variant="surface" style={{ width: '100%' }} data-testid="order-details">
      <Heading as="h2" size="3" mb="2" align="left">
        Your order
      </Heading>
      <Flex direction="column" gap="1" data-testid="order-items">
        {order.items.map((item, i) => (
          <Flex justify="between" gap="3" key={i}>
            <Text size="2">
              {item.quantity} × {item.name}
            </Text>
            <Text size="2">{formatPence(item.price * item.quantity)}</Text>
          </Flex>
        ))}
        <Flex justify="between" gap="3">
          <Text size="2" color="gray">
            Shipping
          </Text>
          <Text size="2" color="gray">
            {formatPence(order.shippingCost)}
          </Text>
        </Flex>
        <Separator size="4" my="1" />
        <Flex justify="between" gap="3">
          <Text size="2" weight="bold">
            Total
          </Text>
          <Text size="2" weight="bold" data-testid="order-total">
            {formatPence(order.total)}
          </Text>
        </Flex>
      </Flex>
      {/* A gift sent to someone else goes to them, and the screen says so (decision 110). */}
      <Heading as="h3" size="2" mt="3" mb="1" align="left" data-testid="order-delivery-heading">
        {order.gift?.recipientName ? giftForLine(order.gift.recipientName).replace(/:$/, '') : 'Delivering to'}
      </Heading>
      <Text as="p" size="2" data-testid="order-address" style={{ whiteSpace: 'pre-line' }}>
        {order.shippingAddress.join('\n')}
      </Text>
      {order.gift?.message && (
        <>
          <Heading as="h3" size="2" mt="3" mb="1" align="left">
            Your gift message
          </Heading>
          <Text as="p" size="2" data-testid="order-gift-message">
            {quotedGiftMessage(order.gift.message)}
          </Text>
        </>
      )}
      <Text as="p" size="2" mt="3">
        <TextLink href={order.orderPath} data-testid="order-page-link">
          Follow your order on its own page
        </TextLink>
      </Text>
    </Card>
  );
}

const Clock = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

/**
 * A payment that settles later (a bank debit, pay by bank): no order yet, its books held; the shopper is e-mailed when
 * it completes (decision 105).
 */
function PaymentProcessingScreen({ orderNumber }: { orderNumber?: string | undefined }) {
  return (
    <Confirmation tone="amber" icon={<Clock />}>
      <Heading as="h1" size="7">
        Payment Processing
      </Heading>
      <Text as="p" size="3" role="status">
        Your payment is processing. Some payment methods take a few days to complete; your books are held for you
        meanwhile.
      </Text>
      {orderNumber && (
        <Text as="p" size="4" weight="bold" data-testid="order-number">
          Order Number: {orderNumber}
        </Text>
      )}
      <Text as="p" size="2" color="gray">
        We will e-mail your order confirmation as soon as the payment completes, and let you know if it does not.
      </Text>
      <ContactLine />
      <Button asChild size="3">
        <Link to="/">Continue Shopping</Link>
      </Button>
    </Confirmation>
  );
}

type Confirming =
  | { state: 'checking' }
  | { state: 'paid'; order: OrderSummary | null }
  /** paid with a method that settles later: no order yet (decision 105) */
  | { state: 'processing' }
  /** the payment named was not made, or names nothing: the screen must not say it succeeded */
  | { state: 'unpaid' }
  | { state: 'unknown' };

/**
 * /checkout-success, /payment-success and /payment/success: the order number comes from session_id. With a session,
 * the screen first asks the server to place its order (if the provider's webhook has not yet) and says "Payment
 * Successful!" only once the server answers that it is paid, with the order it placed; a session that was not paid, or
 * that does not exist, gets the spec's words for a payment not taken (decision 089).
 */
export function PaymentSuccess({
  sessionId,
  homeLabel,
}: {
  sessionId?: string;
  homeLabel: 'Return to Home' | 'Return to Homepage';
}) {
  const [confirming, setConfirming] = useState<Confirming>(
    sessionId ? { state: 'checking' } : { state: 'paid', order: null },
  );
  const paid = confirming.state === 'paid';
  useOnce(() => {
    if (!sessionId) return;
    call(checkoutApi.confirmCheckout, { body: { sessionId } })
      .then((answer) =>
        setConfirming(answer?.processing ? { state: 'processing' } : { state: 'paid', order: answer?.order ?? null }),
      )
      .catch((error) => {
        console.error('Order confirmation failed', error);
        const refused = error instanceof ApiError && [400, 404, 409].includes(error.status);
        setConfirming({ state: refused ? 'unpaid' : 'unknown' });
      });
  });
  const celebrated = useRef(false);
  useEffect(() => {
    if (!paid || celebrated.current) return;
    celebrated.current = true;
    dispatchCart({ type: 'clear' });
    // The code went with the paid order; the next cart starts without it.
    setDiscountCode(null);
    toast({
      title: 'Order Confirmed!',
      description: 'Your order has been processed. You will receive confirmation emails shortly.',
    });
  }, [paid]);

  if (confirming.state === 'checking')
    return (
      <Confirmation tone="green" icon={<Tick />}>
        <Text as="p" size="3" role="status">
          Confirming your payment…
        </Text>
      </Confirmation>
    );
  if (confirming.state === 'unpaid') return <NotCharged />;
  if (confirming.state === 'processing')
    return <PaymentProcessingScreen orderNumber={sessionId ? orderNumberFrom(sessionId) : undefined} />;
  if (confirming.state === 'unknown')
    return (
      <Confirmation tone="amber" icon={<Cross />}>
        <Text as="p" size="3" role="alert">
          We could not check your payment just now. If it was taken, your confirmation e-mail will follow shortly.
        </Text>
        <ContactLine />
      </Confirmation>
    );
  return (
    <Confirmation tone="green" icon={<Tick />}>
      <Heading as="h1" size="7">
        Payment Successful!
      </Heading>
      <Text as="p" size="3">
        Thank you for your purchase. Your order has been successfully processed.
      </Text>
      {sessionId && (
        <Text as="p" size="4" weight="bold" data-testid="order-number">
          Order Number: {orderNumberFrom(sessionId)}
        </Text>
      )}
      {confirming.order && <OrderDetails order={confirming.order} />}
      <Text as="p" size="2" color="gray">
        A confirmation e-mail with your order details will follow shortly.
      </Text>
      <Flex gap="3" direction={{ initial: 'column', xs: 'row' }} width="100%" justify="center">
        <Button asChild size="3">
          <a href="/#books">Explore More Books</a>
        </Button>
        <Button asChild size="3" variant="soft">
          <Link to="/">{homeLabel}</Link>
        </Button>
      </Flex>
    </Confirmation>
  );
}

const ContactLine = () => (
  <Text as="p" size="2" color="gray">
    If you have any questions or need help with your order, please contact us at{' '}
    <TextLink href={`mailto:${shopContent.shop.contactEmail}`}>{shopContent.shop.contactEmail}</TextLink>.
  </Text>
);

/** The spec's words for a payment that was not taken. */
function NotCharged() {
  return (
    <Confirmation tone="amber" icon={<Cross />}>
      <Heading as="h1" size="7">
        Payment Cancelled
      </Heading>
      <Text as="p" size="3">
        Your payment was cancelled and you have not been charged.
      </Text>
      <ContactLine />
      <Flex gap="3" direction={{ initial: 'column', xs: 'row' }} width="100%" justify="center">
        <Button asChild size="3">
          <a href="/#books">Try Again</a>
        </Button>
        <Button asChild size="3" variant="soft">
          <Link to="/">Return to Home</Link>
        </Button>
      </Flex>
    </Confirmation>
  );
}

/** /payment-cancelled and /payment/cancelled. */
export function PaymentCancelled({ checkoutId }: { checkoutId?: string }) {
  const current = useCart();
  const cart = useRef(current);
  cart.current = current;
  useOnce(() => {
    if (!checkoutId) return;
    // The drawer empties the cart on its way to the payment page; coming back unpaid, the shopper gets it back.
    call(checkoutApi.cancelCheckout, { body: { checkoutId } })
      .then(({ items }) => {
        if (cart.current.length > 0) return;
        for (const item of items) {
          if (item.bookId !== undefined)
            dispatchCart({
              type: 'add',
              // The cart holds list prices: a line the checkout discounted comes back at the price it had.
              line: {
                bookId: item.bookId,
                title: item.name,
                price: item.listPrice ?? item.price,
                quantity: item.quantity,
              },
            });
        }
      })
      .catch((error) => console.error('Recording the cancellation failed', error));
  });
  return <NotCharged />;
}

/**
 * /order-success?orderNumber=, or ?payment_intent= when Stripe brings the shopper back from a payment method that left
 * the page: the order is then saved from the intent, as the card page would have, before the screen says anything.
 */
export function OrderSuccess({ orderNumber, paymentIntentId }: { orderNumber?: string; paymentIntentId?: string }) {
  const [returned, setReturned] = useState<'checking' | 'done' | 'unpaid'>(paymentIntentId ? 'checking' : 'done');
  const [number, setNumber] = useState(orderNumber);
  useOnce(() => {
    if (!paymentIntentId) return;
    call(checkoutApi.saveOrder, { body: { paymentIntentId } })
      .then((answer) => {
        if (answer?.order) keepPlacedOrder(answer.order);
        if (answer?.processing) keepProcessingPayment(answer.orderNumber);
        setNumber(answer?.orderNumber);
        setReturned('done');
      })
      .catch(() => setReturned('unpaid'));
  });
  if (returned === 'checking')
    return (
      <Confirmation tone="green" icon={<Tick />}>
        <Text as="p" size="3" role="status">
          Confirming your payment…
        </Text>
      </Confirmation>
    );
  if (returned === 'unpaid') return <NotCharged />;
  return <OrderConfirmed {...(number ? { orderNumber: number } : {})} />;
}

function OrderConfirmed({ orderNumber }: { orderNumber?: string }) {
  const order = orderNumber ? placedOrder(orderNumber) : null;
  if (orderNumber && !order && paymentProcessing(orderNumber))
    return <PaymentProcessingScreen orderNumber={orderNumber} />;
  return (
    <Confirmation tone="green" icon={<Tick />}>
      <Heading as="h1" size="7">
        Order Confirmed!
      </Heading>
      {orderNumber && (
        <Text as="p" size="4" weight="bold" data-testid="order-number">
          Order Number: {orderNumber}
        </Text>
      )}
      <Text as="p" size="3">
        Thank you for your order! We're so glad these stories are on their way to your family.
      </Text>
      {order && <OrderDetails order={order} />}
      <Card variant="surface" style={{ width: '100%' }}>
        <Heading as="h2" size="3" mb="2" align="left">
          What happens next?
        </Heading>
        <ul className="confirmation__next">
          <li>
            <Text size="2">You'll receive an e-mail confirmation shortly.</Text>
          </li>
          <li>
            <Text size="2">We'll prepare your order for shipping.</Text>
          </li>
          <li>
            <Text size="2">You'll receive tracking information once it ships.</Text>
          </li>
        </ul>
      </Card>
      <Button asChild size="3">
        <Link to="/">Continue Shopping</Link>
      </Button>
    </Confirmation>
  );
}
