import { createFileRoute } from '@tanstack/react-router';
import { SandboxCheckoutPage } from '../features/checkout/SandboxCheckoutPage.tsx';
import { sandboxSessionQuery } from '../features/checkout/sandboxSession.ts';
import { SandboxSearchSchema } from '../features/checkout/search.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/sandbox/checkout')({
  validateSearch: SandboxSearchSchema,
  loaderDeps: ({ search }) => ({ session: search.session ?? '' }),
  // The checkout session the page takes payment for, fetched before the page shows.
  loader: ({ context, deps }) =>
    deps.session !== '' && loadForScreen(context.queryClient.ensureQueryData(sandboxSessionQuery(deps.session))),
  component: function Screen() {
    const { session } = Route.useSearch();
    return <SandboxCheckoutPage sessionId={session ?? ''} />;
  },
});
