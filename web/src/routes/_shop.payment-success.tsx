import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccess } from '../features/checkout/shop/Confirmations.tsx';
import { SessionSearchSchema } from '../features/checkout/shop/search.ts';

export const Route = createFileRoute('/_shop/payment-success')({
  validateSearch: SessionSearchSchema,
  component: function Screen() {
    const { session_id } = Route.useSearch();
    return <PaymentSuccess homeLabel="Return to Homepage" {...(session_id ? { sessionId: session_id } : {})} />;
  },
});
