// What a screen shows when its data could not be loaded (a route's errorComponent): the screen's title for the
// failure, the server's message, and "Refresh", which runs the screen's loader again. A token the server refuses
// ends the session and sends to log in instead.
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { serverMessage } from '../lib/api.ts';
import { isRefusal } from '../lib/routeData.ts';
import { useSessionExpiry } from '../lib/useSessionExpiry.ts';

type Title = string | ((error: Error) => string);

/** The errorComponent of a screen whose failure is called `title` (or what `title` makes of the error). */
export function screenError(title: Title) {
  return function ScreenErrorOf({ error: thrown }: ErrorComponentProps) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    return <ScreenError title={typeof title === 'string' ? title : title(error)} error={error} />;
  };
}

function ScreenError({ title, error }: { title: string; error: Error }) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  const sessionExpired = useSessionExpiry();
  const [busy, setBusy] = useState(false);
  const refused = isRefusal(error);
  useEffect(() => {
    if (refused) sessionExpired(error);
  }, [refused, error, sessionExpired]);
  // A query that failed while the screen was drawn may be tried again when the screen is drawn again.
  useEffect(() => queries.reset(), [queries]);
  if (refused) return null;
  const refresh = async () => {
    setBusy(true);
    try {
      await router.invalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh', padding: 16 }}>
      <Card size="3" style={{ maxWidth: 480, width: '100%' }}>
        <Flex direction="column" align="center" gap="3" role="alert">
          <Heading as="h1" size="5" align="center">
            {title}
          </Heading>
          <Text as="p" color="gray" align="center">
            {serverMessage(error) ?? error.message}
          </Text>
          <Button onClick={() => void refresh()} loading={busy}>
            Refresh
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
