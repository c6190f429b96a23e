import { Theme } from '@radix-ui/themes';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <Theme accentColor="teal" grayColor="sand" radius="large">
      <Outlet />
    </Theme>
  ),
  notFoundComponent: NotFound,
});
