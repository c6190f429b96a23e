import { createFileRoute } from '@tanstack/react-router';
import { ReviewDashboard } from '../features/admin/reviews/ReviewDashboard.tsx';
import { RequireAdmin } from '../features/admin/session.tsx';

export const Route = createFileRoute('/admin/dashboard')({
  component: () => (
    <RequireAdmin>
      <ReviewDashboard />
    </RequireAdmin>
  ),
});
