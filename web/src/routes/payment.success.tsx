// /payment/success is another address of /payment-success: the browser is sent on there with the same session_id.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { SessionSearchSchema } from '../features/checkout/shop/search.ts';

export const Route = createFileRoute('/payment/success')({
  validateSearch: SessionSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/payment-success', search, replace: true });
  },
});
