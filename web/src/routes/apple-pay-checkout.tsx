import { createFileRoute } from '@tanstack/react-router';
import { WalletCheckout } from '../features/checkout/WalletCheckout.tsx';
import { paymentsConfigQuery } from '../features/checkout/payments.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/apple-pay-checkout')({
  // Which payment provider takes the card, known before the page shows.
  loader: ({ context }) => loadForScreen(context.queryClient.ensureQueryData(paymentsConfigQuery)),
  component: WalletCheckout,
});
