// The landing page at / and /app (spec §2): header, the sections in the spec's order, footer.
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
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

export function LandingPage() {
  const below = useBelowTheFold();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Hero />
        {below && (
          <>
            <BooksSection />
            <AboutSection />
            <CharactersSection />
            <ReviewsSection />
            <TestimonialsSection />
            <ContactSection />
          </>
        )}
      </main>
      {below && <Footer />}
    </>
  );
}

/**
 * The header and hero render first; the sections below follow in an interruptible render, so a phone never
 * freezes while the whole page is built. Once they exist and the books (which change the page's height) have
 * arrived, an address such as /#contact jumps to its section.
 */
function useBelowTheFold(): boolean {
  const [ready, setReady] = useState(false);
  const booksSettled = !useQuery(booksQuery).isPending;
  const jumped = useRef(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  useEffect(() => {
    if (!ready || !booksSettled || jumped.current) return;
    jumped.current = true;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView({ behavior: 'instant' });
  }, [ready, booksSettled]);
  return ready;
}
