// The landing page at / and /app (spec §2): header, the sections in the spec's order, footer.
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { dropFirstScreen } from '../../firstScreen.ts';
import { booksQuery } from '../../lib/books.ts';
import { ReviewsSection } from '../reviews/ReviewsSection.tsx';
import { AboutSection } from './AboutSection.tsx';
import { BooksSection } from './BooksSection.tsx';
import { CharactersSection } from './CharactersSection.tsx';
import { ContactSection } from './ContactSection.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Hero } from './Hero.tsx';
import { TestimonialsSection } from './TestimonialsSection.tsx';
import './storefront.css';

const belowTheFold: ComponentType[] = [BooksSection, AboutSection, CharactersSection, ReviewsSection, TestimonialsSection, ContactSection];

export function LandingPage() {
  // Step 1 brings the header and hero, in place of the first screen the page's HTML already shows; each later step
  // one more section, the last the footer.
  const step = useStepsRevealed(belowTheFold.length + 2);
  const drawn = step >= 1;
  useLayoutEffect(() => {
    if (drawn) dropFirstScreen();
  }, [drawn]);
  if (!drawn) return null;
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1}>
        <Hero />
        {/* The list only grows, in a fixed order, so the index is a stable key (minified names are not). */}
        {belowTheFold.slice(0, Math.max(0, step - 1)).map((Section, i) => (
          <Section key={i} />
        ))}
      </main>
      {step > belowTheFold.length + 1 && <Footer />}
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
 * Once all steps are done and the books (which change the page's height) have arrived, an address such as
 * /#contact jumps to its section.
 */
function useStepsRevealed(total: number): number {
  const [step, setStep] = useState(0);
  const booksSettled = !useQuery(booksQuery).isPending;
  const jumped = useRef(false);
  useEffect(() => {
    if (step >= total) return;
    const next = setTimeout(() => startTransition(() => setStep((n) => n + 1)));
    return () => clearTimeout(next);
  }, [step, total]);
  useEffect(() => {
    if (step < total || !booksSettled || jumped.current) return;
    jumped.current = true;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView({ behavior: 'instant' });
  }, [step, total, booksSettled]);
  return step;
}
