// The site header: section anchors, the cart, "Shop Now"; a toggle menu below 768 px; a stronger
// shadow once the page has scrolled past 10 px.
import { Button, Container, Flex, IconButton } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import { layout } from '#contracts/shared/constants.ts';
import { CartDrawer } from '../features/checkout/shop/cart/CartDrawer.tsx';
import { logoImage } from '../features/catalog/shop/art.ts';
import { shopName } from 'virtual:first-screen-content';
import { CloseIcon, MenuIcon } from '../components/icons.tsx';
import { headerLinks, useSectionHref } from './sectionLinks.ts';
import './header.css';

function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    // Only scroll events are read: reading scrollY while the page is being built forces a full layout, and a
    // page restored or opened further down still announces its position with a scroll event.
    const update = () => setScrolled(window.scrollY > px);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolledPast(layout.headerShadowScrollPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const href = useSectionHref();

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    const wide = window.matchMedia(`(min-width: ${layout.mobileBreakpointPx}px)`);
    const closeWhenWide = () => wide.matches && setMenuOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    wide.addEventListener('change', closeWhenWide);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [menuOpen]);

  return (
    <HeaderBar
      href={href}
      scrolled={scrolled}
      menuOpen={menuOpen}
      onMenuOpenChange={setMenuOpen}
      cart={<CartDrawer />}
    />
  );
}

type HeaderBarProps = {
  href: (anchor: string) => string;
  scrolled: boolean;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  /** the cart's button (and its drawer) */
  cart: ReactNode;
};

/** What the header shows, given its state: drawn by the app, and before any script into the page's HTML. */
export function HeaderBar({ href, scrolled, menuOpen, onMenuOpenChange, cart }: HeaderBarProps) {
  return (
    <header className="site-header" data-scrolled={scrolled ? 'true' : 'false'}>
      <Container size="4" px="4">
        <Flex align="center" justify="between" gap="3" className="site-header__bar">
          <a href={href('home')} className="brand">
            <img src={logoImage} alt="" width="40" height="40" />
            <span className="brand__name">{shopName}</span>
          </a>
          <nav aria-label="Main" className="site-nav">
            <ul>
              {headerLinks.map((link) => (
                <li key={link.anchor}>
                  <a href={href(link.anchor)}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <Flex align="center" gap="2">
            {cart}
            <Button asChild size="2" className="shop-now">
              <a href={href('books')}>Shop Now</a>
            </Button>
            <IconButton
              variant="ghost"
              color="gray"
              size="3"
              className="menu-toggle"
              aria-label="Toggle menu"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => onMenuOpenChange(!menuOpen)}
            >
              {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
            </IconButton>
          </Flex>
        </Flex>
        <nav id="mobile-menu" aria-label="Mobile" className="mobile-menu" hidden={!menuOpen}>
          <ul>
            {headerLinks.map((link) => (
              <li key={link.anchor}>
                <a href={href(link.anchor)} onClick={() => onMenuOpenChange(false)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={href('books')} className="mobile-menu__shop-now" onClick={() => onMenuOpenChange(false)}>
                Shop Now
              </a>
            </li>
          </ul>
        </nav>
      </Container>
    </header>
  );
}
