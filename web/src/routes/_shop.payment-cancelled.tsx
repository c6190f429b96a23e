import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelled } from '../features/checkout/shop/Confirmations.tsx';
import { CancelledSearchSchema } from '../features/checkout/shop/search.ts';

export const Route = createFileRoute('/_shop/payment-cancelled')({
  validateSearch: CancelledSearchSchema,
  component: function Screen() {
    const { checkout } = Route.useSearch();
    return <PaymentCancelled {...(checkout ? { checkoutId: checkout } : {})} />;
  },
});
