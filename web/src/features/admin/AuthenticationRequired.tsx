// What an admin page shows when opened without a stored token: "Authentication Required" for a moment, then the
// login page.
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { adminLoginPath } from '../../lib/session.tsx';

/** How long "Authentication Required" stays before the redirect to the login page. */
const redirectDelayMs = 1500;

export function AuthenticationRequired({
  message = 'Please log in to access the admin dashboard',
}: {
  message?: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: adminLoginPath, replace: true }), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate]);
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
