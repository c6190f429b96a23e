// The landing page at / and /app: header and hero, then the sections in their fixed order and the footer, whose code
// is fetched once the header and hero are drawn (decision 133).
import { useQuery } from '@tanstack/react-query';
import { startTransition, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { dropFirstScreen } from '../lib/firstScreen.ts';
import { booksQuery } from '../lib/books.ts';
import { Header } from './Header.tsx';
import { Hero } from '../features/catalog/shop/Hero.tsx';
// The sections' styles come with the page's own stylesheet, as when their code came with the page: a stylesheet
// added with the sections would make the browser restyle the whole page then.
import '../features/catalog/shop/storefront.css';
import '../features/reviews/reviews.css';
import '../features/messages/messages.css';
import '../components/loading.css';
import '../components/stars.css';
import '../components/socialLinks.css';
import './footer.css';

type BelowTheFold = typeof import('./LandingSections.tsx');

let belowTheFold: Promise<BelowTheFold> | undefined;

/** The sections' and the footer's code, fetched once. */
const loadBelowTheFold = () => (belowTheFold ??= import('./LandingSections.tsx'));

// An address with a section (/#contact) waits for that section: its code is fetched at once, with the page's.
if (typeof window !== 'undefined' && window.location.hash.length > 1) loadBelowTheFold().catch(() => {});

// Made once: a step that adds a section then leaves everything already drawn alone (the same element is not
// rendered again), so each step costs only its own section.
const top = (
  <>
    <SkipLink />
    <Header />
  </>
);
const hero = <Hero />;

export function LandingPage() {
  const [below, setBelow] = useState<BelowTheFold | null>(null);
  // Step 1 brings the header and hero, in place of the first screen the page's HTML already shows; once the sections'
  // code is there, each later step one more section, the last the footer.
  const totalSteps = below ? below.sections.length + 2 : 1;
  const step = useStepsRevealed(totalSteps);
  const drawn = step >= 1;
  useLayoutEffect(() => {
    if (drawn) dropFirstScreen();
  }, [drawn]);
  useBelowTheFold(drawn, setBelow);
  const ready = below !== null && step === totalSteps;
  return (
    <>
      {drawn && (
        <>
          {top}
          <main id="main" tabIndex={-1}>
            {hero}
            {below?.sections.slice(0, Math.max(0, step - 1))}
          </main>
          {ready && below.footer}
        </>
      )}
      {/* From the start, as the page's own watch on the books: one that began only at the last step would make a
          failed load start again (a query that failed is fetched anew when a new reader arrives). */}
      <JumpToAddress ready={ready} />
    </>
  );
}

/**
 * Fetches the sections' code once the header and hero are drawn (at once when the address names a section), and
 * hands it over in a transition. Code that cannot be fetched fails the screen, as the page's own code would.
 */
function useBelowTheFold(drawn: boolean, loaded: (module: BelowTheFold) => void) {
  const [, fail] = useState<unknown>();
  useEffect(() => {
    if (!drawn) return;
    let live = true;
    loadBelowTheFold().then(
      (module) => live && startTransition(() => loaded(module)),
      (error: unknown) =>
        live &&
        fail(() => {
          throw error;
        }),
    );
    return () => {
      live = false;
    };
  }, [drawn, loaded]);
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
