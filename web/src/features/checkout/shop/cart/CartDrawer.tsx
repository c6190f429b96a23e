// The cart: a header button with the item count, opening a drawer from the right; the
// drawer's code loads when the button is first pointed at, focused or pressed.
import { Badge, Button } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { lazyDialog, useLazyDialog } from '../../../../components/lazyDialog.tsx';
import { CartIcon } from '../../../../components/icons.tsx';
import { itemCount } from './cart.ts';
import { useCart } from './cartStore.ts';
import './cart.css';

const cartDrawer = lazyDialog(() => import('./CartDrawerContent.tsx').then((m) => m.CartDrawerContent));

/** The header's cart button with its count badge. */
export function CartButton({ count, ...trigger }: { count: number } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="soft"
      size="2"
      className="cart-button"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      {...trigger}
    >
      <CartIcon />
      <span>Cart</span>
      {count > 0 && (
        <Badge variant="solid" radius="full" className="cart-button__badge" data-testid="cart-count">
          {count}
        </Badge>
      )}
    </Button>
  );
}

export function CartDrawer() {
  const count = itemCount(useCart());
  const dialog = useLazyDialog(cartDrawer);
  return (
    <>
      <CartButton ref={dialog.triggerRef} count={count} {...dialog.triggerProps} />
      {dialog.render({})}
    </>
  );
}
