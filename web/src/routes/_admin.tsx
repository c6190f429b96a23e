// The admin pages' layout (no address of its own), and their guard. Before any admin page loads: without a stored
// token the browser goes straight to the login page; with one, the server is asked which account it is (which also
// says whether it still accepts the token), and a refusal ends the session and goes to the login page as well.
// The login page says "Authentication Required" and comes back here once logged in.
import { createFileRoute, Outlet, useRouter, type AnyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { screenError } from '../components/ScreenError.tsx';
import { adminToken } from '../lib/api.ts';
import { adminData, toLogin } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    if (adminToken() === null) throw toLogin(location.href);
    // The role's module is loaded here, not imported: a layout's beforeLoad is part of the landing page's scripts,
    // and the admin's API (with its sign-in messages) stays out of them. The screens show write controls to owners
    // only, and read the role without waiting (useCanChange).
    const { meQuery } = await import('../lib/admin/role.ts');
    await adminData(queryClient, location.href, queryClient.ensureQueryData(meQuery));
  },
  component: AdminShell,
  // The session could not be checked (the server failed otherwise than refusing it): no admin page draws.
  errorComponent: screenError('Error Loading Admin'),
});

/**
 * Every admin page, and once the first is drawn, the code of all the others fetched while the owner reads it (each
 * screen is a chunk of its own, split from the shop's pages): the next screen opened is drawn from code already here,
 * with only its data to wait for.
 */
function AdminShell() {
  const router = useRouter();
  useEffect(() => {
    const preload = () => {
      for (const route of Object.values(router.routesById) as AnyRoute[])
        if (String(route.id).startsWith('/_admin/')) void router.loadRouteChunk(route)?.catch(() => undefined);
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 200);
    return () => clearTimeout(id);
  }, [router]);
  return <Outlet />;
}
