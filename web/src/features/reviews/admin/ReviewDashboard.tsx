// The admin review dashboard: tabs pending (default), approved, rejected, all; links out; log out.
import { Button, Flex, Tabs, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reviewListFilters, type ReviewListFilter } from '#contracts/reviews/model.ts';
import '../reviews.css';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { OwnerAlerts } from '../../../components/OwnerAlerts.tsx';
import { useLogOut } from '../../../lib/session.tsx';
import { adminReviewsQuery } from './adminReviewQueries.ts';
import { ModerationCard } from './ModerationCard.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';

const tabLabels: Record<ReviewListFilter, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};
const emptyText: Record<ReviewListFilter, string> = {
  pending: 'No reviews are waiting for approval.',
  approved: 'No approved reviews yet.',
  rejected: 'No rejected reviews.',
  all: 'No reviews yet.',
};

export function ReviewDashboard() {
  const logOut = useLogOut();
  return (
    <AdminPage
      title="Review Moderation"
      subtitle="Approve or reject reviews before they appear on the website."
      links={
        <Button asChild variant="soft" size="2" highContrast>
          <a href="/" target="_blank" rel="noopener noreferrer">
            View Website
          </a>
        </Button>
      }
      onLogOut={logOut}
    >
      <OwnerAlerts />
      <Tabs.Root defaultValue="pending" className="admin-tabs">
        <Tabs.List>
          {reviewListFilters.map((filter) => (
            <Tabs.Trigger key={filter} value={filter}>
              {tabLabels[filter]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {reviewListFilters.map((filter) => (
          <Tabs.Content key={filter} value={filter}>
            <ReviewList filter={filter} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminPage>
  );
}

function ReviewList({ filter }: { filter: ReviewListFilter }) {
  // Not a suspense read: the route's loader fetches the default tab only; another tab's list loads when it opens, and
  // its loading and failure stay inside the tab while the others remain usable.
  const reviews = useQuery(adminReviewsQuery(filter));
  const sessionExpired = useSessionExpiry();
  useEffect(() => {
    if (reviews.error) sessionExpired(reviews.error);
  }, [reviews.error, sessionExpired]);

  if (reviews.isPending) {
    return (
      <Text as="p" color="gray" mt="5">
        Loading reviews...
      </Text>
    );
  }
  if (reviews.isError) {
    return (
      <Flex direction="column" align="start" gap="3" mt="5" role="alert">
        <Text color="red">Failed to load reviews</Text>
        <Button variant="soft" onClick={() => void reviews.refetch()}>
          Refresh
        </Button>
      </Flex>
    );
  }
  if (reviews.data.length === 0) {
    return (
      <Text as="p" color="gray" mt="5">
        {emptyText[filter]}
      </Text>
    );
  }
  return (
    <ul className="review-list" aria-label={`${tabLabels[filter]} reviews`} style={{ marginTop: 'var(--space-5)' }}>
      {reviews.data.map((review) => (
        <li key={review.id}>
          <ModerationCard review={review} />
        </li>
      ))}
    </ul>
  );
}
