// The admin pages' layout (no address of its own), and their guard. Before any admin page loads: without a stored
// token the browser goes straight to the login page; with one, the server is asked which account it is (which also
// says whether it still accepts the token), and a refusal ends the session and goes to the login page as well.
// The login page says "Authentication Required" and comes back here once logged in.
import { createFileRoute } from '@tanstack/react-router';
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
  // The session could not be checked (the server failed otherwise than refusing it): no admin page draws.
  errorComponent: screenError('Error Loading Admin'),
});
