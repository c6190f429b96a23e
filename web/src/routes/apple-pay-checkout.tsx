import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { WalletCheckout } from '../features/checkout/shop/WalletCheckout.tsx';
import { paymentsConfigQuery } from '../features/checkout/shop/payments.ts';

export const Route = createFileRoute('/apple-pay-checkout')({
  // Which payment provider takes the card, known before the page shows.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(paymentsConfigQuery),
  component: WalletCheckout,
  errorComponent: screenError('Error Loading Checkout'),
});
