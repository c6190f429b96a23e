// /unsubscribe/{token}: the link in the shop's e-mails. It says what it stops and stops it with one press, no sign-in:
// the signed token is the proof (decision 090). Opening the page changes nothing, so a mail scanner cannot unsubscribe.
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messagesApi } from '#contracts/messages/api.ts';
import { unsubscribeTexts } from '#contracts/messages/unsubscribe.ts';
import { ApiError, call, queryFor, serverMessage } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../components/useDocumentTitle.ts';
import '../messages.css';

export function Unsubscribe({ token }: { token: string }) {
  useDocumentTitle('Unsubscribe');
  const shown = useQuery({ ...queryFor(messagesApi.show, { params: { token } }), retry: false });
  const stop = useMutation({ mutationFn: () => call(messagesApi.stop, { params: { token } }) });
  const notFound = shown.error instanceof ApiError && shown.error.status === 404;
  return (
    <div className="unsubscribe">
      <Card size="4">
        <Flex direction="column" gap="4" align="start">
          <Heading as="h1" size="7">
            Unsubscribe
          </Heading>
          {shown.isPending && <Text as="p">Finding your link…</Text>}
          {shown.isError && (
            <Text as="p" role="alert">
              {notFound ? unsubscribeTexts.notFound : (serverMessage(shown.error) ?? 'Something went wrong.')}
            </Text>
          )}
          {stop.isSuccess ? (
            <Text as="p" role="status" size="3">
              {stop.data.message}
            </Text>
          ) : (
            shown.data &&
            (shown.data.active ? (
              <>
                <Text as="p" size="3">
                  This link stops {shown.data.what}. We are sorry to see you go, and thank you for reading.
                </Text>
                <Button size="3" loading={stop.isPending} onClick={() => stop.mutate()}>
                  Unsubscribe me
                </Button>
                {stop.isError && (
                  <Text as="p" role="alert" color="red">
                    {serverMessage(stop.error) ?? 'That did not work. Please try again.'}
                  </Text>
                )}
              </>
            ) : (
              <Text as="p" size="3" role="status">
                {unsubscribeTexts.already}
              </Text>
            ))
          )}
          <Button asChild variant="soft">
            <Link to="/">Return to Home</Link>
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
