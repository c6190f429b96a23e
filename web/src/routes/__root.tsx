import { Theme } from '@radix-ui/themes';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { isHomePath } from '#contracts/shared/clientRoutes.ts';
import { NotFound } from '../components/NotFound.tsx';
import { DeferredToaster } from '../components/toast/DeferredToaster.tsx';
import { dropFirstScreen, keepsBookScreen } from '../lib/firstScreen.ts';
import { lateStyles } from '../lateStyles.ts';
import { TestModeLabel } from '../shell/TestModeLabel.tsx';
import { themeProps } from '../theme.ts';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Every screen but the landing page may draw a component whose rules are in the late stylesheet (decision 129).
  beforeLoad: ({ location }) => (isHomePath(location.pathname) ? undefined : lateStyles()),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // The page's HTML shows the landing page's first screen; any other screen replaces it at once (the landing page
  // itself does once its own header and hero are drawn).
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const landing = isHomePath(pathname);
  // A book's page whose HTML the server filled with the book (decision 114) keeps it until its own page is drawn.
  const bookScreen = !landing && pathname.startsWith('/books/') && keepsBookScreen();
  useLayoutEffect(() => {
    if (!landing && !bookScreen) dropFirstScreen();
  }, [landing, bookScreen]);
  return (
    <Theme {...themeProps}>
      <TestModeLabel />
      <Outlet />
      <DeferredToaster />
    </Theme>
  );
}
