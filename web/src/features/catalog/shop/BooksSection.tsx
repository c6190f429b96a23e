// The books (anchor books): a card per book the server has on sale, in the owner's order, with its cover, pages and
// price as the catalogue says (decision 077), its title a link to the book's own page, and the "Mix and Match Your
// Order" box.
// What a shopper buys a book with (the cart, Buy Now) comes from the page that shows the section.
import { Callout, Card, Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, type ComponentType } from 'react';
import type { BookDto } from '#contracts/catalog/model.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { mixAndMatchShippingText } from '#contracts/checkout/shippingTable.ts';
import { shippingRatesQuery } from '../../../lib/shippingRates.ts';
import { booksQuery, offersQuery } from '../../../lib/books.ts';
import {
  bundleCompleteText,
  bundleCompletedBy,
  bundleNote,
  bundleOfferText,
  bundleSaving,
  type BasketLine,
} from '#contracts/catalog/bundle.ts';
import { CoverDialog } from './CoverDialog.tsx';
import { LoadingIndicator } from '../../../components/LoadingIndicator.tsx';
import { PagePreviewDialog } from './PagePreviewDialog.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';

/** The controls under each book's card to buy it with. */
export type BookPurchase = ComponentType<{ book: BookDto }>;

/** The shopper's cart as the bundle rule reads it (the page that shows the section knows the cart). */
export type UseCartLines = () => readonly BasketLine[];

export function BooksSection({ purchase, useCartLines }: { purchase: BookPurchase; useCartLines: UseCartLines }) {
  const books = useQuery(booksQuery);
  // The query's news is rendered at once and in one go; the cards it brings are built in an interruptible render
  // instead (the loading text stays until they are ready), so their arrival does not freeze a phone.
  const list = useDeferredValue(books.data);
  return (
    <section id="books" className="section section--books" aria-labelledby="books-heading">
      <Container size="4" px="4">
        <SectionHeading id="books-heading" title="Our Books">
          Picture books to read, share and treasure together, and a bright alphabet poster for little learners.
        </SectionHeading>
        {!list && !books.isError && <LoadingIndicator size="lg" caption="Loading our beautiful collection..." />}
        {books.isError && (
          <Callout.Root color="red" role="alert" className="books-error">
            <Callout.Text>Error loading books. Please try again later.</Callout.Text>
          </Callout.Root>
        )}
        {list && (
          <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="6">
            {list.map((book) => (
              <BookCard key={book.id} book={book} purchase={purchase} />
            ))}
          </Grid>
        )}
        <MixAndMatch useCartLines={useCartLines} />
      </Container>
    </section>
  );
}

function BookCard({ book, purchase: Purchase }: { book: BookDto; purchase: BookPurchase }) {
  return (
    <Card size="3" className="book-card" data-testid="book-card">
      <div className="book-card__cover">
        <CoverDialog title={book.title} image={book.coverImage} alt={book.coverAlt || `Cover of ${book.title}`} />
      </div>
      <Heading as="h3" size="5" mt="4">
        <Link to="/books/$slug" params={{ slug: book.slug }} className="book-card__link">
          {book.title}
        </Link>
      </Heading>
      <Text as="p" size="2" color="gray" mt="2" className="book-card__description">
        {book.description}
      </Text>
      <Flex justify="between" align="center" gap="3" mt="4" wrap="wrap">
        <Text size="5" weight="bold" className="book-card__price">
          {formatPence(book.price)}
        </Text>
        {book.previewPages.length > 0 && <PagePreviewDialog title={book.title} pages={book.previewPages} />}
      </Flex>
      <div className="book-card__buy">
        <Purchase book={book} />
      </div>
    </Card>
  );
}

function MixAndMatch({ useCartLines }: { useCartLines: UseCartLines }) {
  // The offer is stated as the rule the checkouts are priced with says it (decisions 072, 113): the set by its titles,
  // the spec's note only when the cart holds a set, and the one title a cart lacks for one.
  const offer = useQuery(offersQuery).data?.bundle ?? null;
  const books = useQuery(booksQuery).data;
  const lines = useCartLines();
  const titleOf = (id: number) => books?.find((book) => book.id === id)?.title;
  const offerText = books ? bundleOfferText(offer, titleOf) : null;
  const applies = offerText !== null && bundleSaving(offer, lines) !== null;
  const completedBy = offerText === null ? null : bundleCompletedBy(offer, lines);
  // The delivery sentence is the live table's, the one the checkouts charge by (decision 099).
  const table = useQuery(shippingRatesQuery).data;
  return (
    <Card size="3" className="mix-match">
      <Heading as="h3" size="5">
        Mix and Match Your Order
      </Heading>
      <Text as="p" size="3" mt="2">
        Combine any books and posters in one order.
        {table && <span data-testid="mix-match-shipping"> {mixAndMatchShippingText(table)}</span>}
      </Text>
      {offer && offerText && (
        <Text as="p" size="3" mt="3" data-testid="bundle-offer">
          {offerText}
        </Text>
      )}
      {offer && applies && (
        <Text as="p" size="3" weight="bold" mt="2" className="bundle-note">
          {bundleNote(offer)}
        </Text>
      )}
      {offer && completedBy !== null && (
        <Text as="p" size="3" weight="bold" mt="2" data-testid="bundle-complete">
          {bundleCompleteText(titleOf(completedBy)!, offer)}
        </Text>
      )}
    </Card>
  );
}
