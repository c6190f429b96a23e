import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { SandboxCheckoutPage } from '../features/checkout/shop/SandboxCheckoutPage.tsx';
import { sandboxSessionQuery } from '../features/checkout/shop/sandboxSession.ts';
import { SandboxSearchSchema } from '../features/checkout/shop/search.ts';
import { ApiError } from '../lib/api.ts';

export const Route = createFileRoute('/sandbox/checkout')({
  validateSearch: SandboxSearchSchema,
  loaderDeps: ({ search }) => ({ session: search.session ?? '' }),
  // The checkout session the page takes payment for, fetched before the page shows (without one, the page says so).
  loader: ({ context: { queryClient }, deps }) =>
    deps.session === '' ? undefined : queryClient.ensureQueryData(sandboxSessionQuery(deps.session)),
  component: function Screen() {
    const { session } = Route.useSearch();
    return <SandboxCheckoutPage sessionId={session ?? ''} />;
  },
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404 ? 'Checkout Session Not Found' : 'Error Loading Checkout',
  ),
});
