// /admin-dashboard, the spelling the orders page links to: the review dashboard, with the address left as the link
// wrote it (not sent on to /admin/dashboard). The brackets keep the generated route name apart from that one's.
import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { ReviewDashboard } from '../features/reviews/admin/ReviewDashboard.tsx';
import { adminReviewsQuery } from '../features/reviews/admin/adminReviewQueries.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin-dashboard')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(adminReviewsQuery('pending'))),
  component: ReviewDashboard,
  errorComponent: screenError('Error Loading Reviews'),
});
