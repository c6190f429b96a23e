import { createFileRoute } from '@tanstack/react-router';
import { SandboxCheckoutPage } from '../features/checkout/SandboxCheckoutPage.tsx';
import { SandboxSearchSchema } from '../features/checkout/search.ts';

export const Route = createFileRoute('/sandbox/checkout')({
  validateSearch: SandboxSearchSchema,
  component: function Screen() {
    const { session } = Route.useSearch();
    return <SandboxCheckoutPage sessionId={session ?? ''} />;
  },
});
