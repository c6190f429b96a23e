// One review in the owner's list: what the shopper wrote, its moderation history and, while pending, the decision.
import { Badge, Button, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { shopContent } from '#contracts/catalog/content.ts';
import { reviewsApi } from '#contracts/reviews/api.ts';
import type { AdminReviewDto, ModerationEntry } from '#contracts/reviews/model.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { reviewDate } from '../reviewQueries.ts';
import { Stars } from '../../../components/Stars.tsx';
import { approveReview, refreshAfterModeration, rejectReview } from './adminReviewQueries.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';

const statusColor = { pending: 'amber', approved: 'green', rejected: 'red' } as const;
const actionWords: Record<ModerationEntry['action'], string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
};
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const titleOf = (bookId: number) => shopContent.books.find((b) => b.id === bookId)?.title ?? `Book ${bookId}`;

export function ModerationCard({ review }: { review: AdminReviewDto }) {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  // An auditor reads the reviews and their history and moderates nothing.
  const canChange = useCanChange();
  const [message, setMessage] = useState('');
  const messageId = useId();

  const decided = (title: string, description: string) => () => {
    toast({ title, description });
    setMessage('');
    refreshAfterModeration(queryClient, review.bookId);
  };
  const failed = (description: string) => (error: Error) => {
    if (!sessionExpired(error)) toast({ title: 'Error', description, variant: 'destructive' });
  };
  const approve = useMutation({
    mutationFn: approveReview,
    onSuccess: decided('Review Approved', reviewsApi.approve.messages.approved),
    onError: failed('Failed to approve review'),
  });
  const reject = useMutation({
    mutationFn: rejectReview,
    onSuccess: decided('Review Rejected', reviewsApi.reject.messages.rejected),
    onError: failed('Failed to reject review'),
  });
  const busy = approve.isPending || reject.isPending;

  const onReject = () => {
    if (!message.trim()) {
      toast({
        title: 'Message Required',
        description: 'Please provide a reason for rejection',
        variant: 'destructive',
      });
      return;
    }
    reject.mutate({ id: review.id, adminMessage: message });
  };

  return (
    <Card size="3" asChild>
      <article aria-labelledby={`${messageId}-heading`}>
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="4" id={`${messageId}-heading`}>
              {review.customerName}
            </Heading>
            <Text as="p" size="2" color="gray" className="review-text">
              {review.customerEmail}
            </Text>
          </div>
          <Badge size="2" color={statusColor[review.status]} style={{ textTransform: 'capitalize' }}>
            {review.status}
          </Badge>
        </Flex>
        <Flex gap="3" align="center" wrap="wrap" mt="3">
          <Stars rating={review.rating} />
          <Text size="2" color="gray">
            {titleOf(review.bookId)} · {reviewDate(review.createdAt)}
          </Text>
        </Flex>
        <Text as="p" size="3" mt="3" className="review-text">
          {review.reviewText}
        </Text>

        <Text as="p" size="2" weight="bold" mt="4">
          Moderation history
        </Text>
        <ol className="moderation-history">
          {review.history.map((entry) => (
            <li key={`${entry.action}-${entry.at}`}>
              {actionWords[entry.action]} by {entry.by} on {when(entry.at)}
              {entry.message && <span className="review-text"> — “{entry.message}”</span>}
            </li>
          ))}
        </ol>

        {review.status === 'pending' && canChange && (
          <Flex direction="column" gap="3" mt="4">
            <div>
              <Text as="label" size="2" weight="bold" htmlFor={messageId}>
                Message (optional to approve, required to reject)
              </Text>
              <TextArea id={messageId} mt="1" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
            </div>
            <Flex gap="3" wrap="wrap">
              <Button
                color="green"
                size="3"
                disabled={busy}
                onClick={() => approve.mutate({ id: review.id, adminMessage: message })}
              >
                {approve.isPending ? 'Approving...' : 'Approve'}
              </Button>
              <Button color="red" variant="soft" size="3" disabled={busy} onClick={onReject}>
                {reject.isPending ? 'Rejecting...' : 'Reject'}
              </Button>
            </Flex>
          </Flex>
        )}
      </article>
    </Card>
  );
}
