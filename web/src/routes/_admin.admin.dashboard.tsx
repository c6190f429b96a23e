import { createFileRoute } from '@tanstack/react-router';
import { ReviewDashboard } from '../features/reviews/admin/ReviewDashboard.tsx';
import { adminReviewsQuery } from '../features/reviews/admin/adminReviewQueries.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/dashboard')({
  // The default tab's reviews, fetched before the dashboard shows (on a link pointed at, already then).
  loader: ({ context: { queryClient, signedIn } }) =>
    signedIn && loadForScreen(queryClient.ensureQueryData(adminReviewsQuery('pending'))),
  component: ReviewDashboard,
});
