// The shop's frame around a confirmation screen (spec §2: header, screen, footer).
import type { ReactNode } from 'react';
import { CheckoutLayoutBar } from './CheckoutLayout.tsx';

export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <div className="checkout-page">
      <CheckoutLayoutBar />
      <main>{children}</main>
    </div>
  );
}
