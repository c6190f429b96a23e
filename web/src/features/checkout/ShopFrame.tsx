// The shop's frame around a confirmation screen (spec §2: header, screen, footer).
import type { ReactNode } from 'react';
import { Footer } from '../storefront/Footer.tsx';
import { Header } from '../storefront/Header.tsx';

export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
