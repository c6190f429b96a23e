// /admin-dashboard, the spelling the orders page links to: sent on to the review dashboard at /admin/dashboard, whose
// layout's guard then asks for a session. The brackets keep the generated route name apart from that one's.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin-dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
