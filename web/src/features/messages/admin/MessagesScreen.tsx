// /admin/messages: the owner's inbox. Every message from the contact form, newest first, with how many are unread;
// each can be marked read and answered, and the answer is e-mailed to its sender (decision 090).
import { Badge, Button, Callout, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminMessageDto } from '#contracts/messages/model.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { markRead, messagesQuery, refreshInbox, sendReply } from './messageQueries.ts';
import '../messages.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

function ReplyForm({ message }: { message: AdminMessageDto }) {
  const [reply, setReply] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: sendReply,
    onSuccess: (answer) => {
      setReply('');
      setOutcome({ ok: true, text: answer.message });
      void refreshInbox(queryClient);
    },
    onError: (error) => setOutcome({ ok: false, text: serverMessage(error) ?? 'The reply could not be sent.' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    send.mutate({ id: message.id, reply });
  };
  const field = `reply-${message.id}`;
  return (
    <form onSubmit={submit} aria-label={`Reply to ${message.name}`}>
      <Flex direction="column" gap="2" mt="3">
        <Text as="label" htmlFor={field} size="2" weight="bold">
          Your reply to {message.name}
        </Text>
        <TextArea id={field} rows={3} value={reply} onChange={(e) => setReply(e.target.value)} />
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="submit" loading={send.isPending} disabled={!reply.trim()}>
            Send reply
          </Button>
          {outcome && (
            <Text size="2" color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Text>
          )}
        </Flex>
      </Flex>
    </form>
  );
}

function MessageCard({ message, canChange }: { message: AdminMessageDto; canChange: boolean }) {
  const queryClient = useQueryClient();
  const read = useMutation({ mutationFn: markRead, onSuccess: () => refreshInbox(queryClient) });
  const headingId = `message-${message.id}`;
  return (
    <Card asChild className="message-card" data-unread={message.readAt ? undefined : 'true'}>
      <article aria-labelledby={headingId}>
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="3" id={headingId}>
              {message.name}
            </Heading>
            <Text as="p" size="2" color="gray" className="message-card__from">
              {message.email} · {when(message.receivedAt)}
            </Text>
          </div>
          <Flex gap="2" wrap="wrap">
            {!message.readAt && <Badge color="amber">Unread</Badge>}
            {message.replies.length > 0 && <Badge color="green">Answered</Badge>}
            {message.newsletter && <Badge color="blue">Wants the newsletter</Badge>}
          </Flex>
        </Flex>
        <Text as="p" size="3" mt="3" className="message-card__text">
          {message.message}
        </Text>
        {message.replies.map((reply) => (
          <div key={reply.replyId} className="message-card__reply">
            <Text as="p" size="1" color="gray">
              Replied by {reply.by} · {when(reply.at)}
            </Text>
            <Text as="p" size="2" className="message-card__text">
              {reply.reply}
            </Text>
          </div>
        ))}
        {canChange && !message.readAt && (
          <Button mt="3" variant="soft" loading={read.isPending} onClick={() => read.mutate(message.id)}>
            Mark as read
          </Button>
        )}
        {canChange && <ReplyForm message={message} />}
      </article>
    </Card>
  );
}

export function MessagesScreen() {
  const logOut = useLogOut();
  const canChange = useCanChange();
  const { messages, unread } = useSuspenseQuery(messagesQuery).data;
  return (
    <AdminPage
      title="Messages"
      subtitle={
        unread === 0 ? 'Every message has been read.' : `${unread} unread ${unread === 1 ? 'message' : 'messages'}`
      }
      onLogOut={logOut}
    >
      <Flex direction="column" gap="4" pb="8">
        {messages.length === 0 ? (
          <Callout.Root color="gray">
            <Callout.Text>No messages yet. When someone writes through the contact form, it arrives here.</Callout.Text>
          </Callout.Root>
        ) : (
          messages.map((message) => <MessageCard key={message.id} message={message} canChange={canChange} />)
        )}
      </Flex>
    </AdminPage>
  );
}
