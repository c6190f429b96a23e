// The landing page's first screen (skip link, header, hero) as HTML, written into index.html at build time. The
// hero is there to read the moment the stylesheets arrive, before any script has run; the app then draws the same
// screen in its place and carries on with the sections below.
import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { CartButton } from '../features/checkout/cart/CartDrawer.tsx';
import { themeProps } from '../theme.ts';
import { HeaderBar } from './Header.tsx';
import { Hero } from '../features/catalog/Hero.tsx';
import { SkipLink } from './LandingPage.tsx';

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
