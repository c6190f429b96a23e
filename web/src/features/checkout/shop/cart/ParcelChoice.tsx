// A cart holding a coming book and books on the shelf says before payment how it ships (decision 131): in one parcel
// when the pre-order is published, or in two (the books in stock now, the pre-order from its date), the second
// delivery priced from the same delivery table the server charges by. The shopper must choose; the server prices it.
import { Flex, RadioGroup, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { preOrdersApi } from '#contracts/preorders/api.ts';
import {
  dispatchFromOf,
  isMixedBasket,
  parcelTexts,
  parcelsDelivery,
  type ParcelChoice as Choice,
  type PreOrderLine,
} from '#contracts/preorders/parcels.ts';
import type { ShippingTable } from '#contracts/checkout/shippingRates.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { queryFor } from '../../../../lib/api.ts';
import type { Cart } from './cart.ts';

const comingQuery = { ...queryFor(preOrdersApi.coming), retryOnMount: false };

/** The cart's pre-ordered lines (books still taken as pre-orders), and whether it also holds books on the shelf. */
export function useCartPreOrders(cart: Cart): { preOrders: PreOrderLine[]; mixed: boolean; dispatchFrom: string } {
  const coming = useQuery(comingQuery).data?.books ?? [];
  const preOrders = cart.flatMap((line) => {
    const book = coming.find((b) => b.bookId === line.bookId);
    return book ? [{ bookId: book.bookId, publicationDate: book.publicationDate }] : [];
  });
  return { preOrders, mixed: isMixedBasket(cart, preOrders), dispatchFrom: dispatchFromOf(preOrders) };
}

export function ParcelChoice({
  cart,
  preOrders,
  dispatchFrom,
  table,
  destination,
  subtotal,
  value,
  onChange,
}: {
  cart: Cart;
  preOrders: PreOrderLine[];
  dispatchFrom: string;
  table: ShippingTable | undefined;
  destination: string | null;
  subtotal: number;
  value: Choice | null;
  onChange: (choice: Choice) => void;
}) {
  const priceOf = (choice: Choice) => {
    const option = table && destination ? parcelsDelivery(table, destination, cart, preOrders, choice, subtotal) : null;
    return option ? ` — ${formatPence(option.amount)}` : '';
  };
  const second = table && destination ? parcelsDelivery(table, destination, cart, preOrders, 'two', subtotal) : null;
  return (
    <fieldset className="cart-parcels" data-testid="cart-parcels">
      <legend className="cart-parcels__legend">{parcelTexts.legend}</legend>
      <Text as="p" size="2" color="gray" mb="2">
        {parcelTexts.intro(dispatchFrom)}
      </Text>
      <RadioGroup.Root
        value={value ?? ''}
        onValueChange={(next) => onChange(next as Choice)}
        aria-label={parcelTexts.legend}
        required
      >
        <Flex direction="column" gap="2">
          <RadioGroup.Item value="one">
            {parcelTexts.one(dispatchFrom)}
            {priceOf('one')}
          </RadioGroup.Item>
          <RadioGroup.Item value="two">
            {parcelTexts.two(dispatchFrom)}
            {priceOf('two')}
            {second ? ` (${parcelTexts.secondDelivery(second.secondDelivery).toLowerCase()})` : ''}
          </RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {value === null && (
        <Text as="p" size="1" color="gray" mt="2">
          Choose one to go on to checkout.
        </Text>
      )}
    </fieldset>
  );
}
