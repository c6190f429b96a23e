// The landing page's first screen (skip link, header, hero) as HTML, written into index.html at build time. The
// hero is there to read the moment the stylesheets arrive, before any script has run; the app then draws the same
// screen in its place and carries on with the sections below.
import { Button, Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { CartButton } from '../features/checkout/shop/cart/CartDrawer.tsx';
import { themeProps } from '../theme.ts';
import { HeaderBar } from './Header.tsx';
import { Hero } from '../features/catalog/shop/Hero.tsx';
import { SkipLink } from './LandingPage.tsx';
import { BookPageLayout } from '../features/catalog/shop/BookPage.tsx';
import { bookScreenSlots } from '#contracts/catalog/pages.ts';

export function landingShellHtml(): string {
  return renderToStaticMarkup(
    <Theme {...themeProps}>
      <SkipLink />
      <HeaderBar
        href={(anchor) => `#${anchor}`}
        scrolled={false}
        menuOpen={false}
        onMenuOpenChange={() => {}}
        cart={<CartButton count={0} />}
      />
      <main id="main" tabIndex={-1}>
        <Hero />
      </main>
    </Theme>,
  );
}

/**
 * A book's page as HTML before any script has run (decision 114), with the book's facts left as the slots the server
 * fills for each book: the header, then the page in the app's own layout, its cover a plain picture and its buying an
 * "Add to Cart" link. The app's page takes its place, in the same layout, once drawn.
 */
export function bookShellHtml(): string {
  const slot = bookScreenSlots;
  return renderToStaticMarkup(
    <Theme {...themeProps}>
      <SkipLink />
      <HeaderBar
        href={(anchor) => `/#${anchor}`}
        scrolled={false}
        menuOpen={false}
        onMenuOpenChange={() => {}}
        cart={<CartButton count={0} />}
      />
      <main id="main" tabIndex={-1}>
        <BookPageLayout
          title={slot.title}
          price={slot.price}
          description={slot.description}
          crumbLink={<a href="/#books">All books</a>}
          cover={
            <span className="cover-button">
              <img src={slot.cover} alt={slot.coverAlt} width="300" height="400" decoding="async" />
            </span>
          }
          buy={
            <Button asChild size="2" className="add-to-cart__button">
              <a href={slot.addToCart}>Add to Cart</a>
            </Button>
          }
        />
      </main>
    </Theme>,
  );
}
