// /payment/success and /payment/cancelled, the spec's second spelling of the payment return screens. One route with
// a parameter, because the router would give the dashed and the slashed spellings the same generated name.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { PaymentCancelled, PaymentSuccess } from '../features/checkout/Confirmations.tsx';
import { PaymentOutcomeSearchSchema } from '../features/checkout/search.ts';

export const Route = createFileRoute('/payment/$outcome')({
  validateSearch: PaymentOutcomeSearchSchema,
  beforeLoad: ({ params }) => {
    if (params.outcome !== 'success' && params.outcome !== 'cancelled') throw notFound();
  },
  component: function Screen() {
    const { outcome } = Route.useParams();
    const { session_id, checkout } = Route.useSearch();
    if (outcome === 'success') return <PaymentSuccess homeLabel="Return to Homepage" {...(session_id ? { sessionId: session_id } : {})} />;
    return <PaymentCancelled {...(checkout ? { checkoutId: checkout } : {})} />;
  },
});
