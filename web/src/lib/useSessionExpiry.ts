// When the server refuses the stored token (expired, or signed with another key), the session ends and the
// owner is sent to log in again, as a visit without a token would be.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '../components/toast/toasts.ts';
import { ApiError } from './api.ts';
import { adminLoginPath, clearAdminSession } from './session.tsx';

export function useSessionExpiry(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      clearAdminSession();
      toast({
        title: 'Authentication Required',
        description: 'Please log in to access the admin dashboard',
        variant: 'destructive',
      });
      void navigate({ to: adminLoginPath, replace: true });
      return true;
    },
    [navigate],
  );
}
