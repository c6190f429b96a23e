// The admin's session in the browser: the token in local storage under adminToken, the guard every admin
// page sits behind, and logging out.
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { adminToken, adminTokenKey, apiRequest } from '../../lib/api.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { toast } from '../../components/toast/toasts.ts';

export const adminLoginPath = '/admin/login';
/** How long "Authentication Required" stays before the redirect to the login page. */
const redirectDelayMs = 1500;

export function storeAdminToken(token: string) {
  localStorage.setItem(adminTokenKey, token);
}

export function clearAdminSession() {
  localStorage.removeItem(adminTokenKey);
  queryClient.removeQueries({ predicate: (q) => String(q.queryKey[0]).includes('/admin') });
}

/** Logs out: the server ends the session, the token goes, a "Logged Out" toast shows, and the browser goes to `to`. */
export function useLogOut(to: string = adminLoginPath) {
  const navigate = useNavigate();
  return async () => {
    try {
      await apiRequest('POST', '/api/admin/logout');
    } catch {
      // A session the server already ended or let expire is over either way: the browser forgets it all the same.
    }
    clearAdminSession();
    toast({ title: 'Logged Out', description: 'You have been logged out of the admin area.' });
    void navigate({ to });
  };
}

/** Renders its children only with a stored token; otherwise "Authentication Required", then the login page. */
export function RequireAdmin({ children, message = 'Please log in to access the admin dashboard' }: { children: ReactNode; message?: string }) {
  const navigate = useNavigate();
  const [token] = useState(adminToken);
  useEffect(() => {
    if (token) return;
    const timer = setTimeout(() => void navigate({ to: adminLoginPath, replace: true }), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [token, navigate]);
  if (token) return <>{children}</>;
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card size="3" style={{ maxWidth: 420, width: '100%' }} role="alert">
        <Heading as="h1" size="5" mb="2">
          Authentication Required
        </Heading>
        <Text as="p" color="gray">
          {message}
        </Text>
      </Card>
    </Flex>
  );
}
