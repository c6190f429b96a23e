// The add-to-cart block under each book: adds at the book's catalogue price (the server charges what the catalogue says
// when the checkout starts), says "Added to Cart!" for 2 s, then the quantity goes back to 1.
import { Button, Flex } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { timings } from '#contracts/shared/constants.ts';
import { CartIcon } from '../../../../components/icons.tsx';
import { dispatchCart } from './cartStore.ts';
import { QuantityPicker } from './QuantityPicker.tsx';

export function AddToCart({
  bookId,
  title,
  price,
  disabled = false,
  label = 'Add to Cart',
}: {
  bookId: number;
  title: string;
  /** pence */
  price: number;
  disabled?: boolean;
  /** the button's words: "Pre-order" for a coming book (decision 120) */
  label?: string;
}) {
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const add = () => {
    dispatchCart({ type: 'add', line: { bookId, title, price, quantity } });
    setAdded(true);
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => {
      setAdded(false);
      setQuantity(1);
    }, timings.addedToCartMs);
  };

  return (
    <Flex gap="3" align="end" wrap="wrap" className="add-to-cart">
      <QuantityPicker value={quantity} onChange={setQuantity} label={title} />
      <Button size="2" onClick={add} className="add-to-cart__button" aria-live="polite" disabled={disabled}>
        <CartIcon size={16} />
        {added ? 'Added to Cart!' : label}
      </Button>
    </Flex>
  );
}
