import { createFileRoute } from '@tanstack/react-router';
import { CustomCheckout } from '../features/checkout/CustomCheckout.tsx';
import { paymentsConfigQuery } from '../features/checkout/payments.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/custom-checkout')({
  // Which payment provider takes the card, known before the page shows.
  loader: ({ context }) => loadForScreen(context.queryClient.ensureQueryData(paymentsConfigQuery)),
  component: CustomCheckout,
});
