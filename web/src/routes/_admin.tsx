// The admin pages' layout (no address of its own): before any admin page loads, it looks for the stored token.
// Without one the page's data is not asked for; "Authentication Required" shows, then the login page.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthenticationRequired } from '../features/admin/AuthenticationRequired.tsx';
import { adminToken } from '../lib/api.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin')({
  beforeLoad: () => ({ signedIn: adminToken() !== null }),
  // Which role the session acts in, fetched beside the screen's own data: the screens show write controls to owners only.
  // The query's module is loaded here, not imported: a layout's loader is part of the landing page's scripts, and the
  // admin's API (with its sign-in messages) stays out of them.
  loader: ({ context: { queryClient, signedIn } }) =>
    signedIn &&
    loadForScreen(import('../lib/admin/role.ts').then(({ meQuery }) => queryClient.ensureQueryData(meQuery))),
  component: function AdminLayout() {
    const { signedIn } = Route.useRouteContext();
    return signedIn ? <Outlet /> : <AuthenticationRequired />;
  },
});
