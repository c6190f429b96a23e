import { createFileRoute } from '@tanstack/react-router';
import { WalletCheckout } from '../features/checkout/WalletCheckout.tsx';

export const Route = createFileRoute('/apple-pay-checkout')({
  component: WalletCheckout,
});
