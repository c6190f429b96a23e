// /payment/cancelled is another address of /payment-cancelled: the browser is sent on there with the same checkout.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { CancelledSearchSchema } from '../features/checkout/shop/search.ts';

export const Route = createFileRoute('/payment/cancelled')({
  validateSearch: CancelledSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/payment-cancelled', search, replace: true });
  },
});
