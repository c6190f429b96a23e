import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccess } from '../features/checkout/shop/Confirmations.tsx';
import { OrderSearchSchema } from '../features/checkout/shop/search.ts';

export const Route = createFileRoute('/_shop/order-success')({
  validateSearch: OrderSearchSchema,
  component: function Screen() {
    const { orderNumber, payment_intent } = Route.useSearch();
    return (
      <OrderSuccess
        {...(orderNumber ? { orderNumber } : {})}
        {...(payment_intent ? { paymentIntentId: payment_intent } : {})}
      />
    );
  },
});
