// The frame of an admin screen: one bar on every screen, with the screen's title, a line under it and the screen's own
// actions, then a row of links to every screen the role may open (the current one marked) and "Log Out"; the screen
// below. The browser tab names the screen too.
import { Button, Container, Heading, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createLink, Link, useRouter, useRouterState } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { currentScreen, screensFor } from '../lib/admin/screens.ts';
import { meQuery } from '../lib/admin/role.ts';
import { adminTitle, useDocumentTitle } from './useDocumentTitle.ts';
import './admin.css';

function BarButton({ ref, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <Button asChild variant="soft" size="2" highContrast>
      <a ref={ref} {...props} />
    </Button>
  );
}

/** A link in the bar to another admin screen, drawn as the bar's buttons are (typed like the router's Link). */
export const AdminLink = createLink(BarButton);

/** The row of screens: every one the signed-in role may open, the one showing marked as the current page. */
function ScreenLinks() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const role = useSuspenseQuery(meQuery).data.role;
  const screens = screensFor(role, (path) => path in router.routesByPath);
  const current = currentScreen(pathname, screens);
  return (
    <ul className="admin-screens">
      {screens.map((screen) => (
        <li key={screen.path}>
          {/* The paths come from the list of screens, each checked against the router's own above. */}
          <Link
            to={(screen.linkTo ?? screen.path) as '/admin/orders'}
            className="admin-screens__link"
            aria-current={screen === current ? 'page' : undefined}
          >
            {screen.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

type Props = {
  title: string;
  /** the browser tab's name for the screen when it differs from the title */
  documentTitle?: string;
  subtitle?: ReactNode;
  /** the screen's own actions (downloads, printing, its related pages) */
  links?: ReactNode;
  onLogOut: () => void;
  children: ReactNode;
};

export function AdminPage({ title, documentTitle, subtitle, links, onLogOut, children }: Props) {
  useDocumentTitle(adminTitle(documentTitle ?? title));
  return (
    <div className="admin-page">
      <header className="admin-bar">
        <Container size="4" px="4">
          <nav aria-label="Admin screens" className="admin-bar__screens">
            <ScreenLinks />
            <Button variant="outline" color="gray" size="2" onClick={onLogOut}>
              Log Out
            </Button>
          </nav>
          <div className="admin-bar__inner">
            <div>
              <Heading as="h1" size="6">
                {title}
              </Heading>
              {subtitle && (
                <Text as="p" size="2" color="gray">
                  {subtitle}
                </Text>
              )}
            </div>
            {links && (
              <div role="group" aria-label="This screen" className="admin-bar__actions">
                {links}
              </div>
            )}
          </div>
        </Container>
      </header>
      <Container size="4" px="4" mt="5">
        {children}
      </Container>
    </div>
  );
}
