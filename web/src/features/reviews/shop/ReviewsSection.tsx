// The landing page's Reviews section: a tab per story book, its approved reviews, and the review dialog.
import { Button, Card, Container, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { booksQuery } from '../../../lib/books.ts';
import type { PublicReviewDto } from '#contracts/reviews/model.ts';
import { lazyDialog, useLazyDialog } from '../../../components/lazyDialog.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { ShopTabs as Tabs } from '../../../components/ShopTabs.tsx';
import { bookReviewsQuery, reviewDate } from '../reviewQueries.ts';
import { Stars } from '../../../components/Stars.tsx';
import '../reviews.css';

/** Book 2 first and open by default, then book 1. */
const reviewedBookIds = [2, 1] as const;
/** The review form loads when a "Write..." button is first pointed at, focused or pressed. */
const writeReviewDialog = lazyDialog(() => import('./WriteReviewDialog.tsx').then((m) => m.WriteReviewDialog));

export function ReviewsSection() {
  // The shop shows reviews of the books on sale only: a hidden book's reviews stay stored but are not shown here.
  const books = useQuery(booksQuery).data;
  const shown = books ? reviewedBookIds.flatMap((id) => books.filter((b) => b.id === id)) : [];
  if (books && shown.length === 0) return null;
  return (
    <section id="reviews" className="section section--reviews" aria-labelledby="reviews-heading">
      <Container size="3" px="4">
        <SectionHeading id="reviews-heading" title="Reader Reviews">
          What families think of our stories. We would love to hear yours.
        </SectionHeading>
        {shown.length > 0 && (
          <Tabs.Root defaultValue={String(shown[0]!.id)} className="reviews-tabs">
            <Tabs.List size="2" justify="center">
              {shown.map((book) => (
                <Tabs.Trigger key={book.id} value={String(book.id)}>
                  {book.title}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {shown.map((book) => (
              <Tabs.Content key={book.id} value={String(book.id)}>
                <BookReviews bookId={book.id} bookTitle={book.title} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </Container>
    </section>
  );
}

/** A book's approved reviews with the review dialog: under a tab of the landing page, and on the book's own page. */
export function BookReviews({ bookId, bookTitle }: { bookId: number; bookTitle: string }) {
  const reviews = useQuery(bookReviewsQuery(bookId));
  // Built in an interruptible render when they arrive (see BooksSection); "Loading reviews..." stays until then.
  const list = useDeferredValue(reviews.data);
  const writing = useLazyDialog(writeReviewDialog);
  const dialog = writing.render({ bookId, bookTitle });

  if (reviews.isError) {
    return (
      <Text as="p" align="center" color="red" mt="6" role="alert">
        Failed to load reviews
      </Text>
    );
  }
  if (!list) {
    return (
      <Text as="p" align="center" color="gray" mt="6">
        Loading reviews...
      </Text>
    );
  }
  if (list.length === 0) {
    return (
      <Card size="3" mt="5">
        <Flex direction="column" align="center" gap="4" py="4">
          <Text as="p" size="3" align="center">
            No reviews yet. Be the first to share your thoughts!
          </Text>
          <Button ref={writing.triggerRef} size="3" {...writing.triggerProps}>
            Write the First Review
          </Button>
        </Flex>
        {dialog}
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="4" mt="5">
      <Flex justify="end">
        <Button ref={writing.triggerRef} size="3" {...writing.triggerProps}>
          Write a Review
        </Button>
      </Flex>
      <ul className="review-list" aria-label={`Reviews of ${bookTitle}`}>
        {list.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {dialog}
    </Flex>
  );
}

function ReviewCard({ review }: { review: PublicReviewDto }) {
  return (
    <Card size="3" asChild>
      <article>
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text weight="bold" size="3">
              {review.customerName}
            </Text>
            <Stars rating={review.rating} />
          </Flex>
          <Text size="2" color="gray" asChild>
            <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
          </Text>
        </Flex>
        <Text as="p" size="3" mt="3" className="review-text">
          {review.reviewText}
        </Text>
      </article>
    </Card>
  );
}
