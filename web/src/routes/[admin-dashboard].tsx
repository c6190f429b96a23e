// /admin-dashboard, the spelling the orders page links to (spec §2): the same review dashboard. The brackets keep
// the generated route name apart from /admin/dashboard's.
import { createFileRoute } from '@tanstack/react-router';
import { ReviewDashboard } from '../features/admin/reviews/ReviewDashboard.tsx';
import { RequireAdmin } from '../features/admin/session.tsx';

export const Route = createFileRoute('/admin-dashboard')({
  component: () => (
    <RequireAdmin>
      <ReviewDashboard />
    </RequireAdmin>
  ),
});
