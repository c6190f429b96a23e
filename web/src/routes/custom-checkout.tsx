import { createFileRoute } from '@tanstack/react-router';
import { CustomCheckout } from '../features/checkout/CustomCheckout.tsx';

export const Route = createFileRoute('/custom-checkout')({
  component: CustomCheckout,
});
