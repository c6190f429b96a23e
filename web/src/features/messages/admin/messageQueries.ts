// The owner's inbox: its one read, and the two things the owner does to a message.
import type { QueryClient } from '@tanstack/react-query';
import { messagesApi } from '#contracts/messages/api.ts';
import { call, queryFor } from '../../../lib/api.ts';

export const messagesQuery = queryFor(messagesApi.list);

export const markRead = (id: string) => call(messagesApi.markRead, { params: { id } });
export const sendReply = ({ id, reply }: { id: string; reply: string }) =>
  call(messagesApi.reply, { params: { id }, body: { reply } });

export const refreshInbox = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: messagesQuery.queryKey });
