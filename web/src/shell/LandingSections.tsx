// The landing page's sections below the hero, and its footer: fetched once the header and hero are drawn (decision
// 133), so the page's first script carries only its first screen.
import { Fragment } from 'react';
import type { BookDto } from '#contracts/catalog/model.ts';
import { ReviewsSection } from '../features/reviews/shop/ReviewsSection.tsx';
import { AboutSection } from '../features/catalog/shop/AboutSection.tsx';
import { BooksSection } from '../features/catalog/shop/BooksSection.tsx';
import { AddToCart } from '../features/checkout/shop/cart/AddToCart.tsx';
import { useCart } from '../features/checkout/shop/cart/cartStore.ts';
import { BuyNow } from '../features/checkout/shop/BuyNow.tsx';
import { StockNotice } from '../features/stock/shop/StockNotice.tsx';
import { BackInStock } from '../features/messages/shop/BackInStock.tsx';
import { useStockLevel } from '../features/stock/shop/stockLevels.ts';
import { ComingNotice } from '../features/preorders/shop/ComingNotice.tsx';
import { useComing } from '../features/preorders/shop/useComing.ts';
import { preOrderTexts } from '#contracts/preorders/model.ts';
import { CharactersSection } from '../features/catalog/shop/CharactersSection.tsx';
import { ContactSection } from '../features/catalog/shop/ContactSection.tsx';
import { Footer } from './Footer.tsx';
import { TestimonialsSection } from '../features/catalog/shop/TestimonialsSection.tsx';

/** Under each book: how many are left when few are, then add it to the cart or buy it at once (not when none are left). */
function BookPurchase({ book }: { book: BookDto }) {
  const level = useStockLevel(book.id);
  const coming = useComing(book.id);
  const soldOut = coming ? !coming.open : level?.state === 'out';
  // A coming book is pre-ordered: its date in place of its stock, and a Pre-order button in place of Add to Cart.
  return (
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
  );
}

/** The sections below the hero, in the order the page shows them, each made once (see LandingPage). */
export const sections = [
  <BooksSection purchase={BookPurchase} useCartLines={useCart} />,
  <AboutSection />,
  <CharactersSection />,
  <ReviewsSection />,
  <TestimonialsSection />,
  <ContactSection />,
].map((section, i) => <Fragment key={i}>{section}</Fragment>);

export const footer = <Footer />;
