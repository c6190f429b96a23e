import { Theme } from '@radix-ui/themes';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound.tsx';
import { Toaster } from '../components/toast/Toaster.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <Theme accentColor="teal" grayColor="sand" radius="large">
      <Outlet />
      <Toaster />
    </Theme>
  ),
  notFoundComponent: NotFound,
});
