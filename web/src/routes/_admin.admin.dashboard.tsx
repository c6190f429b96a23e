import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { ReviewDashboard } from '../features/reviews/admin/ReviewDashboard.tsx';
import { adminReviewsQuery } from '../features/reviews/admin/adminReviewQueries.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/dashboard')({
  // The default tab's reviews, fetched before the dashboard shows (on a link pointed at, already then).
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(adminReviewsQuery('pending'))),
  component: ReviewDashboard,
  errorComponent: screenError('Error Loading Reviews'),
});
