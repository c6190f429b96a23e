// The admin's session in the browser: the token in local storage under adminToken, and logging out. (The admin
// pages' layout route checks the token before any of them loads: routes/_admin.tsx.)
import { useNavigate } from '@tanstack/react-router';
import { adminTokenKey, call } from './api.ts';
import { adminLoginPath, forgetAdminSession } from './routeData.ts';
import { queryClient } from './queryClient.ts';
import { toast } from '../components/toast/toasts.ts';

export { adminLoginPath };

export function storeAdminToken(token: string) {
  // A new session may be another account's (an owner after an auditor): nothing the last one read is kept.
  queryClient.removeQueries({ predicate: (q) => String(q.queryKey[0]).includes('/admin') });
  localStorage.setItem(adminTokenKey, token);
}

export function clearAdminSession() {
  forgetAdminSession(queryClient);
}

/** Logs out: the server ends the session, the token goes, a "Logged Out" toast shows, and the browser goes to `to`. */
export function useLogOut(to: string = adminLoginPath) {
  const navigate = useNavigate();
  const logOut = async () => {
    try {
      // The admin endpoints' declarations (with the sign-in's schema) load here rather than with every page.
      const { adminApi } = await import('#contracts/admin/api.ts');
      await call(adminApi.logout);
    } catch {
      // A session the server already ended or let expire is over either way: the browser forgets it all the same.
    }
    clearAdminSession();
    toast({ title: 'Logged Out', description: 'You have been logged out of the admin area.' });
    void navigate({ to });
  };
  // A click starts it and does not wait: the one step that can fail is caught above.
  return () => void logOut();
}
