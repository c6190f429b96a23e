// A book's own page at /books/{slug}: its cover, title, price, description and page preview, buying it, and its
// approved reviews. The server has already written its title, description and shared picture into the page's HTML.
import { Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { dropFirstScreen } from '../../../lib/firstScreen.ts';
import { addToCartSearch } from '#contracts/catalog/pages.ts';
import { dispatchCart } from '../../checkout/shop/cart/cartStore.ts';
import type { BookDto } from '#contracts/catalog/model.ts';
import { shopContent } from '#contracts/catalog/content.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { CoverDialog } from './CoverDialog.tsx';
import { PagePreviewDialog } from './PagePreviewDialog.tsx';
import { AddToCart } from '../../checkout/shop/cart/AddToCart.tsx';
import { BuyNow } from '../../checkout/shop/BuyNow.tsx';
import { BookReviews } from '../../reviews/shop/ReviewsSection.tsx';
import { StockNotice } from '../../stock/shop/StockNotice.tsx';
import { BackInStock } from '../../messages/shop/BackInStock.tsx';
import { useStockLevel } from '../../stock/shop/stockLevels.ts';
import { ComingNotice } from '../../preorders/shop/ComingNotice.tsx';
import { useComing } from '../../preorders/shop/useComing.ts';
import { preOrderTexts } from '#contracts/preorders/model.ts';
import './storefront.css';
import '../../reviews/reviews.css';
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

/** What a book's page shows where: the same structure the server sends before any script (BookPageFirstScreen). */
export function BookPageLayout({
  title,
  price,
  description,
  crumbLink,
  cover,
  preview,
  buy,
  reviews,
}: {
  title: ReactNode;
  price: ReactNode;
  description: ReactNode;
  crumbLink: ReactNode;
  cover: ReactNode;
  preview?: ReactNode;
  buy: ReactNode;
  reviews?: ReactNode;
}) {
  return (
    <article className="book-page" aria-labelledby="book-title">
      <Container size="4" px="4">
        <nav aria-label="Breadcrumb" className="book-page__crumbs">
          {crumbLink}
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{title}</span>
        </nav>
        <Grid columns={{ initial: '1', sm: '2' }} gap={{ initial: '5', sm: '8' }} align="start">
          <div className="book-page__cover">{cover}</div>
          <Flex direction="column" gap="4">
            <Heading as="h1" size={{ initial: '7', sm: '8' }} id="book-title">
              {title}
            </Heading>
            <Text as="p" size="6" weight="bold" className="book-page__price">
              {price}
            </Text>
            <Text as="p" size="3" className="book-page__description">
              {description}
            </Text>
            {preview}
            <div className="book-page__buy">{buy}</div>
          </Flex>
        </Grid>
        {reviews}
      </Container>
    </article>
  );
}

export function BookPage({ book }: { book: BookDto }) {
  const level = useStockLevel(book.id);
  const coming = useComing(book.id);
  const soldOut = coming ? !coming.open : level?.state === 'out';
  useDocumentTitle(`${book.title} — ${shopContent.shop.name}`);
  // The page's HTML showed the book before any script ran; the app's own page takes its place in the same frame.
  useLayoutEffect(() => dropFirstScreen(), []);
  // Followed from the HTML's "Add to Cart" link (`/books/<slug>?add=1`, decision 114), which works before any script: the copy goes into the cart once, and the address loses the request.
  useEffect(() => {
    if (window.location.search.slice(1).split('&').includes(addToCartSearch) && !soldOut) {
      dispatchCart({ type: 'add', line: { bookId: book.id, title: book.title, price: book.price, quantity: 1 } });
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
    }
  }, [book.id, book.title, book.price, soldOut]);
  return (
    <BookPageLayout
      title={book.title}
      price={formatPence(book.price)}
      description={book.description}
      crumbLink={
        <Link to="/" hash="books">
          All books
        </Link>
      }
      cover={<CoverDialog title={book.title} image={book.coverImage} alt={book.coverAlt || `Cover of ${book.title}`} />}
      preview={
        book.previewPages.length > 0 && (
          <div>
            <PagePreviewDialog title={book.title} pages={book.previewPages} />
          </div>
        )
      }
      buy={
        <>
          {coming ? <ComingNotice coming={coming} /> : <StockNotice level={level} />}
          <AddToCart
            bookId={book.id}
            title={book.title}
            price={book.price}
            disabled={soldOut}
            {...(coming ? { label: preOrderTexts.button } : {})}
          />
          {!coming && <BuyNow title={book.title} disabled={soldOut} />}
          {soldOut && !coming && <BackInStock bookId={book.id} title={book.title} />}
        </>
      }
      reviews={
        <section className="book-page__reviews" aria-labelledby="book-reviews-heading">
          <Heading as="h2" size="6" id="book-reviews-heading">
            Reader Reviews
          </Heading>
          <BookReviews bookId={book.id} bookTitle={book.title} />
        </section>
      }
    />
  );
}
