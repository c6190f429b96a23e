// The frame of an owner's screen: a bar with the screen's title, a line under it, the links to the other admin
// screens and "Log Out"; the screen below.
import { Button, Container, Heading, Text } from '@radix-ui/themes';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
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

type Props = { title: string; subtitle?: ReactNode; links: ReactNode; onLogOut: () => void; children: ReactNode };

export function AdminPage({ title, subtitle, links, onLogOut, children }: Props) {
  return (
    <div className="admin-page">
      <header className="admin-bar">
        <Container size="4" px="4">
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
            <nav aria-label="Admin" className="admin-bar__actions">
              {links}
              <Button variant="outline" color="gray" size="2" onClick={onLogOut}>
                Log Out
              </Button>
            </nav>
          </div>
        </Container>
      </header>
      <Container size="4" px="4" mt="5">
        {children}
      </Container>
    </div>
  );
}
