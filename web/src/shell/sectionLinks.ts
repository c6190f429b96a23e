// Where the landing page's sections are, for the header, the footer and the hero's buttons.
import { useRouterState } from '@tanstack/react-router';
import { isHomePath } from '#contracts/shared/clientRoutes.ts';

export const headerLinks = [
  { label: 'Home', anchor: 'home' },
  { label: 'Books', anchor: 'books' },
  { label: 'About Us', anchor: 'about' },
  { label: 'Meet the Characters', anchor: 'characters' },
  { label: 'Reviews', anchor: 'reviews' },
  { label: 'Contact', anchor: 'contact' },
] as const;

export const footerLinks = [
  { label: 'Home', anchor: 'home' },
  { label: 'Books', anchor: 'books' },
  { label: 'Meet the characters', anchor: 'characters' },
  { label: 'About', anchor: 'about' },
  { label: 'Contact', anchor: 'contact' },
] as const;

/** "#books" on the landing page itself; "/#books" from any other screen, which goes home first. */
export function useSectionHref(): (anchor: string) => string {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onLanding = isHomePath(pathname);
  return (anchor) => (onLanding ? `#${anchor}` : `/#${anchor}`);
}
