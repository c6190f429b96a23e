// The frame of the shop's own payment pages: the shop's name back to the books, a heading, the page.
import { Container, Flex, Heading, Link } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { shopContent } from '#contracts/catalog/content.ts';
import './checkout.css';
import { PolicyLinks } from '../../../components/PolicyLinks.tsx';

export function CheckoutLayoutBar() {
  return (
    <header className="checkout-page__bar">
      <Container size="3" px="4">
        <Flex align="center" gap="2" py="3">
          <img src="/art/logo.svg" alt="" width={32} height={32} />
          <Link href="/#books" weight="bold" size="4" highContrast underline="hover">
            {shopContent.shop.name}
          </Link>
        </Flex>
      </Container>
    </header>
  );
}

export function CheckoutLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="checkout-page">
      <CheckoutLayoutBar />
      <Container size="3" px="4" py="6">
        <main>
          <Heading as="h1" size="7" mb="5">
            {title}
          </Heading>
          {children}
        </main>
        <PolicyLinks className="checkout-policies" />
      </Container>
    </div>
  );
}
