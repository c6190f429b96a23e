// /admin-login, the spelling the orders page logs out to: sent on to /admin/login, with where to return to after.
// The brackets keep the generated route name apart from /admin/login's.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginSearchSchema } from '../features/admin/admin/loginSearch.ts';

export const Route = createFileRoute('/admin-login')({
  validateSearch: LoginSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/admin/login', search, replace: true });
  },
});
