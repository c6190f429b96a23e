// A book's own page at /books/{slug}: its cover, title, price, description and page preview, buying it, and its
// approved reviews. The server has already written its title, description and shared picture into the page's HTML.
import { Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { BookDto } from '../../../contracts/catalog/model.ts';
import { shopContent } from '../../../contracts/catalog/content.ts';
import { formatPence } from '../../../contracts/shared/money.ts';
import { CoverDialog } from '../features/catalog/CoverDialog.tsx';
import { PagePreviewDialog } from '../features/catalog/PagePreviewDialog.tsx';
import { AddToCart } from '../features/checkout/cart/AddToCart.tsx';
import { BuyNow } from '../features/checkout/BuyNow.tsx';
import { BookReviews } from '../features/reviews/ReviewsSection.tsx';
import { StockNotice } from '../features/stock/StockNotice.tsx';
import { BackInStock } from '../features/messages/BackInStock.tsx';
import { useStockLevel } from '../features/stock/stockLevels.ts';
import '../features/catalog/storefront.css';
import '../features/reviews/reviews.css';
import './bookPage.css';

/** The tab's title while the page is open (the server sends the same one for the first visit). */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

export function BookPage({ book }: { book: BookDto }) {
  const level = useStockLevel(book.id);
  const soldOut = level?.state === 'out';
  useDocumentTitle(`${book.title} — ${shopContent.shop.name}`);
  return (
    <article className="book-page" aria-labelledby="book-title">
      <Container size="4" px="4">
        <nav aria-label="Breadcrumb" className="book-page__crumbs">
          <Link to="/" hash="books">
            All books
          </Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{book.title}</span>
        </nav>
        <Grid columns={{ initial: '1', sm: '2' }} gap={{ initial: '5', sm: '8' }} align="start">
          <div className="book-page__cover">
            <CoverDialog title={book.title} image={book.coverImage} alt={book.coverAlt || `Cover of ${book.title}`} />
          </div>
          <Flex direction="column" gap="4">
            <Heading as="h1" size={{ initial: '7', sm: '8' }} id="book-title">
              {book.title}
            </Heading>
            <Text as="p" size="6" weight="bold" className="book-page__price">
              {formatPence(book.price)}
            </Text>
            <Text as="p" size="3" className="book-page__description">
              {book.description}
            </Text>
            {book.previewPages.length > 0 && (
              <div>
                <PagePreviewDialog title={book.title} pages={book.previewPages} />
              </div>
            )}
            <div className="book-page__buy">
              <StockNotice level={level} />
              <AddToCart bookId={book.id} title={book.title} price={book.price} disabled={soldOut} />
              <BuyNow title={book.title} disabled={soldOut} />
              {soldOut && <BackInStock bookId={book.id} title={book.title} />}
            </div>
          </Flex>
        </Grid>
        <section className="book-page__reviews" aria-labelledby="book-reviews-heading">
          <Heading as="h2" size="6" id="book-reviews-heading">
            Reader Reviews
          </Heading>
          <BookReviews bookId={book.id} bookTitle={book.title} />
        </section>
      </Container>
    </article>
  );
}
