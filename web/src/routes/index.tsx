import { Card, Container, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { formatPence } from '../../../contracts/money.ts';
import { ReviewsSection } from '../features/reviews/ReviewsSection.tsx';
import { booksQuery } from '../lib/books.ts';

export const Route = createFileRoute('/')({
  component: Landing,
});

function Landing() {
  const books = useQuery(booksQuery);
  return (
    <Container size="3" p="4">
      <Heading as="h1" size="8" mb="2">
        Heartwarming Children's Stories
      </Heading>
      <Text as="p" mb="4">
        Rooted in faith, love, and compassion — helping children explore values like kindness, unity, and courage.
      </Text>
      <section id="books" aria-label="Books">
        {books.isPending && <Text>Loading our beautiful collection...</Text>}
        {books.isError && <Text color="red">Error loading books. Please try again later.</Text>}
        <Flex gap="4" wrap="wrap">
          {books.data?.map((book) => (
            <Card key={book.id} style={{ width: 280 }} data-testid="book-card">
              <Heading as="h3" size="4">
                {book.title}
              </Heading>
              <Text as="p" size="2">
                {book.description}
              </Text>
              <Text as="p" weight="bold">
                {formatPence(book.price)}
              </Text>
            </Card>
          ))}
        </Flex>
      </section>
      <ReviewsSection />
    </Container>
  );
}
