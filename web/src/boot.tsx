import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './lib/queryClient.ts';
import { routeTree } from './routeTree.gen.ts';

/** What a screen shows while its loader has been waiting a second (the router's pendingMs) or more. */
function Pending() {
  return (
    <p role="status" style={{ padding: 24, textAlign: 'center' }}>
      Loading...
    </p>
  );
}

const makeRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides how fresh a screen's data is; the router keeps no copy of its own for preloads.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: Pending,
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

/**
 * Draws the app in place of the first screen the page's HTML already shows: the router made in one task, the first
 * render started in the next (`nextTask`).
 */
export async function boot(nextTask: () => Promise<unknown>) {
  const router = makeRouter();
  await nextTask();
  // A transition, so React builds the page in slices and the browser stays responsive meanwhile.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
