// /admin is another address of the login page: without a stored token the browser is sent on to /admin/login. With
// one, the server is asked whose it is and the browser goes to where that role starts (an auditor to the audit
// console); a token it refuses ends the session and goes to the login page, which comes back here once logged in.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminToken } from '../lib/api.ts';
import { adminData } from '../lib/routeData.ts';

export const Route = createFileRoute('/admin/')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    if (adminToken() === null) throw redirect({ to: '/admin/login', replace: true });
    // Loaded here, not imported: this route's beforeLoad is part of the scripts every page starts with.
    const [{ meQuery }, { landingFor }] = await Promise.all([
      import('../lib/admin/role.ts'),
      import('../lib/admin/screens.ts'),
    ]);
    await adminData(queryClient, location.href, queryClient.ensureQueryData(meQuery));
    throw redirect({ to: landingFor(queryClient.getQueryData(meQuery.queryKey)!.role), replace: true });
  },
});
