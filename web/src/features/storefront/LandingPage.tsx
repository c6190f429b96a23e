// The landing page at / and /app (spec §2): header, the sections in the spec's order, footer.
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';
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
  const shown = useSectionsRevealed(belowTheFold.length + 1);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Hero />
        {/* The list only grows, in a fixed order, so the index is a stable key (minified names are not). */}
        {belowTheFold.slice(0, shown).map((Section, i) => (
          <Section key={i} />
        ))}
      </main>
      {shown > belowTheFold.length && <Footer />}
    </>
  );
}

/**
 * The header and hero render first; the parts below follow one at a time, each in an interruptible render,
 * so a phone never freezes while the whole page is built. Once all are there and the books (which change
 * the page's height) have arrived, an address such as /#contact jumps to its section.
 */
function useSectionsRevealed(total: number): number {
  const [shown, setShown] = useState(0);
  const booksSettled = !useQuery(booksQuery).isPending;
  const jumped = useRef(false);
  useEffect(() => {
    if (shown >= total) return;
    const next = setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => clearTimeout(next);
  }, [shown, total]);
  useEffect(() => {
    if (shown < total || !booksSettled || jumped.current) return;
    jumped.current = true;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView({ behavior: 'instant' });
  }, [shown, total, booksSettled]);
  return shown;
}
