// When the server refuses the stored token on a screen already open (expired, or signed with another key), the
// session ends and the owner is sent to log in again, as the admin pages' guard sends a visit without a session:
// the login page says "Authentication Required" and comes back here afterwards. A refusal after the token is gone
// (logged out, or already sent to log in) changes nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminToken } from './api.ts';
import { adminLoginPath, forgetAdminSession, isRefusal } from './routeData.ts';

export function useSessionExpiry(): (error: unknown) => boolean {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (!isRefusal(error)) return false;
      if (adminToken() === null) return true;
      forgetAdminSession(queryClient);
      const here = router.state.location.href;
      void router.navigate({ to: adminLoginPath, search: { redirect: here }, replace: true });
      return true;
    },
    [router, queryClient],
  );
}
