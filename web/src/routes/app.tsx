// /app is another address of the landing page: the browser is sent on to /, keeping the query and the #section.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/', search: location.search, hash: location.hash, replace: true });
  },
});
