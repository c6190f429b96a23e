// The cart: a header button with the item count, opening a drawer from the right (spec §2 "Cart drawer").
import { Badge, Button, Dialog, Flex, IconButton, Separator, Text } from '@radix-ui/themes';
import { useState, type ComponentProps } from 'react';
import { quantity as quantityLimits } from '../../../../contracts/constants.ts';
import { shopContent } from '../../../../contracts/content.ts';
import { formatPence } from '../../../../contracts/money.ts';
import { CartIcon, CloseIcon, MinusIcon, PlusIcon, TrashIcon } from '../storefront/icons.tsx';
import { itemCount, totalPence, type CartLine } from './cart.ts';
import { dispatchCart, useCart } from './cartStore.ts';
import { useCartCheckout } from './useCartCheckout.ts';
import './cart.css';

/** The header's cart button with its count badge; the drawer's trigger passes it the props that open the drawer. */
export function CartButton({ count, ...trigger }: { count: number } & ComponentProps<typeof Button>) {
  return (
    <Button variant="soft" size="2" className="cart-button" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`} {...trigger}>
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
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const count = itemCount(cart);
  const { checkout, busy } = useCartCheckout(cart);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <CartButton count={count} />
      </Dialog.Trigger>
      <Dialog.Content className="cart-drawer" size="3">
        <Flex justify="between" align="start" gap="3">
          <div>
            <Dialog.Title size="6" mb="1">{`Your Cart (${count})`}</Dialog.Title>
            <Dialog.Description size="2" color="gray">
              Review your books before checkout
            </Dialog.Description>
          </div>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close cart">
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Separator size="4" my="4" />
        {cart.length === 0 ? (
          <Flex direction="column" align="center" gap="2" py="8" className="cart-empty">
            <CartIcon size={48} className="cart-empty__icon" />
            <Text as="p" size="4" weight="bold">
              Your cart is empty
            </Text>
            <Text as="p" size="2" color="gray">
              Add some books to get started!
            </Text>
          </Flex>
        ) : (
          <>
            <ul className="cart-lines" aria-label="Books in your cart">
              {cart.map((line) => (
                <CartLineItem key={line.bookId} line={line} />
              ))}
            </ul>
            <Separator size="4" my="4" />
            <Flex justify="between" align="baseline">
              <Text size="4" weight="bold">
                Total
              </Text>
              <Text size="5" weight="bold" data-testid="cart-total">
                {formatPence(totalPence(cart))}
              </Text>
            </Flex>
            <Text as="p" size="2" color="gray" mt="1">
              Shipping calculated at checkout
            </Text>
            <Flex direction="column" gap="2" mt="4">
              <Button size="3" onClick={checkout} disabled={busy}>
                {busy ? 'Processing...' : 'Proceed to Checkout'}
              </Button>
              <Button size="3" variant="outline" color="gray" onClick={() => dispatchCart({ type: 'clear' })}>
                Clear Cart
              </Button>
            </Flex>
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  const cover = shopContent.books.find((book) => book.id === line.bookId)?.coverImage;
  const setQuantity = (quantity: number) => dispatchCart({ type: 'updateQuantity', bookId: line.bookId, quantity });
  return (
    <li className="cart-line">
      {cover && <img className="cart-line__cover" src={cover} alt="" width="48" height="64" loading="lazy" />}
      <div className="cart-line__details">
        <Text as="p" size="2" weight="bold" className="cart-line__title">
          {line.title}
        </Text>
        <Text as="p" size="2" color="gray">
          {formatPence(line.price)}
        </Text>
        <Flex align="center" gap="2" mt="2">
          <IconButton
            size="1"
            variant="soft"
            aria-label={`Decrease quantity of ${line.title}`}
            disabled={line.quantity <= quantityLimits.min}
            onClick={() => setQuantity(line.quantity - 1)}
          >
            <MinusIcon size={14} />
          </IconButton>
          <Text size="2" weight="bold" className="cart-line__quantity" data-testid="cart-line-quantity">
            <span className="visually-hidden">Quantity: </span>
            {line.quantity}
          </Text>
          <IconButton
            size="1"
            variant="soft"
            aria-label={`Increase quantity of ${line.title}`}
            disabled={line.quantity >= quantityLimits.max}
            onClick={() => setQuantity(line.quantity + 1)}
          >
            <PlusIcon size={14} />
          </IconButton>
        </Flex>
      </div>
      <IconButton variant="ghost" color="red" aria-label={`Remove ${line.title}`} onClick={() => dispatchCart({ type: 'remove', bookId: line.bookId })}>
        <TrashIcon />
      </IconButton>
    </li>
  );
}
