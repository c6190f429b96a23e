// /admin/messages: the owner's inbox of contact messages, with replies.
import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { MessagesScreen } from '../features/messages/admin/MessagesScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/messages')({
  // The queries' module is loaded with the screen, not imported: a loader is part of the scripts every page starts with.
  loader: adminLoader((queryClient) =>
    import('../features/messages/admin/messageQueries.ts').then(({ messagesQuery }) =>
      queryClient.ensureQueryData(messagesQuery),
    ),
  ),
  component: MessagesScreen,
  errorComponent: screenError('Error Loading Messages'),
});
