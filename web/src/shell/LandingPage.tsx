// The landing page at / and /app: header, the sections in their fixed order, footer.
import { useQuery } from '@tanstack/react-query';
import {
  Fragment,
  startTransition,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
} from 'react';
import type { BookDto } from '#contracts/catalog/model.ts';
import { dropFirstScreen } from '../lib/firstScreen.ts';
import { booksQuery } from '../lib/books.ts';
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
import { Header } from './Header.tsx';
import { Hero } from '../features/catalog/shop/Hero.tsx';
import { TestimonialsSection } from '../features/catalog/shop/TestimonialsSection.tsx';
import '../features/catalog/shop/storefront.css';

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

/** The sections below the hero, in the order the page shows them. */
const belowTheFold: ReactElement[] = [
  <BooksSection purchase={BookPurchase} useCartLines={useCart} />,
  <AboutSection />,
  <CharactersSection />,
  <ReviewsSection />,
  <TestimonialsSection />,
  <ContactSection />,
];

// Made once: a step that adds a section then leaves everything already drawn alone (the same element is not
// rendered again), so each step costs only its own section.
const top = (
  <>
    <SkipLink />
    <Header />
  </>
);
const hero = <Hero />;
const sections = belowTheFold.map((section, i) => <Fragment key={i}>{section}</Fragment>);
const footer = <Footer />;
const totalSteps = belowTheFold.length + 2;

export function LandingPage() {
  // Step 1 brings the header and hero, in place of the first screen the page's HTML already shows; each later step
  // one more section, the last the footer.
  const step = useStepsRevealed(totalSteps);
  const drawn = step >= 1;
  useLayoutEffect(() => {
    if (drawn) dropFirstScreen();
  }, [drawn]);
  return (
    <>
      {drawn && (
        <>
          {top}
          <main id="main" tabIndex={-1}>
            {hero}
            {sections.slice(0, Math.max(0, step - 1))}
          </main>
          {step === totalSteps && footer}
        </>
      )}
      {/* From the start, as the page's own watch on the books: one that began only at the last step would make a
          failed load start again (a query that failed is fetched anew when a new reader arrives). */}
      <JumpToAddress ready={step === totalSteps} />
    </>
  );
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}

/**
 * The page is built in steps, each in an interruptible render (React yields to the browser every few
 * milliseconds), so a phone never freezes while it is built: the splash covers the first moments anyway.
 */
function useStepsRevealed(total: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= total) return;
    const next = setTimeout(() => startTransition(() => setStep((n) => n + 1)));
    return () => clearTimeout(next);
  }, [step, total]);
  return step;
}

/**
 * Once every section is drawn and the books (which change the page's height) have arrived, an address such as
 * /#contact jumps to its section. On its own, so that the books' arrival re-renders nothing else.
 */
function JumpToAddress({ ready }: { ready: boolean }) {
  // Deferred like the books list (BooksSection), so it turns true in the same render that draws the cards.
  const booksSettled = useDeferredValue(!useQuery(booksQuery).isPending);
  const jumped = useRef(false);
  useEffect(() => {
    if (!ready || !booksSettled || jumped.current) return;
    jumped.current = true;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView({ behavior: 'instant' });
  }, [ready, booksSettled]);
  return null;
}
