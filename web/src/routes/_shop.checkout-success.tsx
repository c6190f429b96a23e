import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccess } from '../features/checkout/shop/Confirmations.tsx';
import { SessionSearchSchema } from '../features/checkout/shop/search.ts';

export const Route = createFileRoute('/_shop/checkout-success')({
  validateSearch: SessionSearchSchema,
  component: function Screen() {
    const { session_id } = Route.useSearch();
    return <PaymentSuccess homeLabel="Return to Home" {...(session_id ? { sessionId: session_id } : {})} />;
  },
});
