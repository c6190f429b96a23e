import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { CustomCheckout } from '../features/checkout/shop/CustomCheckout.tsx';
import { paymentsConfigQuery } from '../features/checkout/shop/payments.ts';

export const Route = createFileRoute('/custom-checkout')({
  // Which payment provider takes the card, known before the page shows.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(paymentsConfigQuery),
  component: CustomCheckout,
  errorComponent: screenError('Error Loading Checkout'),
});
