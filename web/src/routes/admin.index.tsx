// /admin is another address of the login page: the browser is sent on to /admin/login.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/login', replace: true });
  },
});
