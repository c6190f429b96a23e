// The cart drawer itself (see CartDrawer.tsx): title with the count, the lines, the savings, the total, the discount
// code, "This is a gift" with its message, "Proceed to Checkout" and "Clear Cart" (which forgets the code too).
import { Box, Button, Dialog, Flex, IconButton, Separator, Text } from '@radix-ui/themes';
import { quantity as quantityLimits } from '#contracts/shared/constants.ts';
import { formatPence } from '#contracts/shared/money.ts';
import type { DialogControl } from '../../../../components/lazyDialog.tsx';
import { DialogCloseButton } from '../../../../components/DialogCloseButton.tsx';
import { CartIcon, MinusIcon, PlusIcon, TrashIcon } from '../../../../components/icons.tsx';
import { useQuery } from '@tanstack/react-query';
import {
  bundleCompleteText,
  bundleCompletedBy,
  bundleNote,
  bundleSaving,
  bundleSavingLabel,
} from '#contracts/catalog/bundle.ts';
import type { BookDto } from '#contracts/catalog/model.ts';
import { booksQuery, offersQuery } from '../../../../lib/books.ts';
import { ProductImage } from '../../../../components/ProductImage.tsx';
import { itemCount, totalPence, type Cart, type CartLine } from './cart.ts';
import { dispatchCart, useCart } from './cartStore.ts';
import { CodeSavingLine, DiscountCodeField, useCartCode } from '../DiscountCodeField.tsx';
import { setDiscountCode } from './discountCodeStore.ts';
import { useCartCheckout } from './useCartCheckout.ts';
import { GiftFields, giftRequestOf, missingRecipientFields, noGift, sendsToRecipient } from '../GiftFields.tsx';
import { useMemo, useState } from 'react';
import { PolicyLinks } from '../../../../components/PolicyLinks.tsx';
import { deliveryOptionFor } from '#contracts/checkout/shippingRates.ts';
import { DestinationSelect } from '../DestinationSelect.tsx';
import { shippingRatesQuery, useShownDestination } from '../shipping.ts';
import { parcelsDelivery, type ParcelChoice as ParcelChoiceValue } from '#contracts/preorders/parcels.ts';
import { ParcelChoice, useCartPreOrders } from './ParcelChoice.tsx';

/** The cart at the catalogue's prices now: a line added before the owner changed a price shows what will be charged. */
function atCatalogPrices(cart: Cart, books: BookDto[] | undefined): Cart {
  if (!books) return cart;
  return cart.map((line) => ({ ...line, price: books.find((b) => b.id === line.bookId)?.price ?? line.price }));
}

export function CartDrawerContent({ open, onOpenChange, onCloseAutoFocus }: DialogControl) {
  const books = useQuery(booksQuery).data;
  const cart = atCatalogPrices(useCart(), books);
  const count = itemCount(cart);
  const applied = useCartCode(cart);
  const { code, check } = applied;
  const [gift, setGift] = useState(noGift);
  const giftRequest = useMemo(() => giftRequestOf(gift), [gift]);
  const [shownDestination] = useShownDestination();
  // A gift sent to someone else goes, and is priced, where they live (decision 110).
  const toRecipient = sendsToRecipient(gift);
  const destination = toRecipient ? gift.country : shownDestination;
  // A cart of pre-orders and books in stock ships in one parcel or two, as the shopper chooses (decision 131).
  const { preOrders, mixed, dispatchFrom } = useCartPreOrders(cart);
  const [parcelChoice, setParcelChoice] = useState<ParcelChoiceValue | null>(null);
  const parcels = mixed && parcelChoice ? parcelChoice : undefined;
  const { checkout, busy } = useCartCheckout(cart, destination, code, giftRequest, parcels);
  // The same rule the server prices the checkout with (decision 072); the server's figure is the one charged.
  const offer = useQuery(offersQuery).data?.bundle ?? null;
  const saving = bundleSaving(offer, cart);
  // A cart one title short of a set says which title completes it (decision 113), when that title is on sale.
  const completedBy = bundleCompletedBy(offer, cart);
  const completingTitle = completedBy === null ? undefined : books?.find((b) => b.id === completedBy)?.title;
  // With a code, the total is the server's answer for this cart (decision 075): after the bundle and the code.
  const codeAnswer = code !== null && check.isSuccess ? check.data : null;
  const subtotal = codeAnswer ? codeAnswer.total : totalPence(cart) - (saving?.amount ?? 0);
  // The rate for the chosen destination, from the live table the checkout charges by (decision 099): none chosen, or
  // no table, is no price and no checkout.
  const table = useQuery(shippingRatesQuery).data;
  const delivery =
    table && destination
      ? parcels
        ? parcelsDelivery(table, destination, cart, preOrders, parcels, subtotal)
        : deliveryOptionFor(table, destination, { items: count, subtotal })
      : null;
  const total = subtotal + (delivery?.amount ?? 0);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content className="cart-drawer" size="3" onCloseAutoFocus={onCloseAutoFocus}>
        <Flex justify="between" align="start" gap="3">
          <div>
            <Dialog.Title size="6" mb="1">{`Your Cart (${count})`}</Dialog.Title>
            <Dialog.Description size="2" color="gray">
              Review your books before checkout
            </Dialog.Description>
          </div>
          <DialogCloseButton label="Close cart" />
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
                <CartLineItem key={line.bookId} line={line} book={books?.find((b) => b.id === line.bookId)} />
              ))}
            </ul>
            <Separator size="4" my="4" />
            {saving && offer && (
              <div className="cart-saving">
                <Flex justify="between" align="baseline">
                  <Text size="3">{bundleSavingLabel}</Text>
                  <Text size="3" weight="bold" data-testid="cart-saving">
                    −{formatPence(saving.amount)}
                  </Text>
                </Flex>
                <Text as="p" size="2" weight="bold" color="green" mt="1" className="bundle-note">
                  {bundleNote(offer)}
                </Text>
              </div>
            )}
            {offer && completingTitle && (
              <Text as="p" size="2" weight="bold" color="green" mb="2" data-testid="bundle-complete">
                {bundleCompleteText(completingTitle, offer)}
              </Text>
            )}
            {codeAnswer && (
              <Box mt="2">
                <CodeSavingLine answer={codeAnswer} />
              </Box>
            )}
            <Flex justify="between" align="baseline" mt={saving || codeAnswer ? '3' : '0'}>
              <Text size="4" weight="bold">
                Total
              </Text>
              <Text size="5" weight="bold" data-testid="cart-total">
                {formatPence(subtotal)}
              </Text>
            </Flex>
            <Text as="p" size="2" color="gray" mt="1">
              Shipping calculated at checkout
            </Text>
            {!toRecipient && (
              <Box mt="3">
                <DestinationSelect />
              </Box>
            )}
            <Flex justify="between" align="baseline" mt="2">
              <Text size="2">{delivery ? `Shipping (${delivery.label})` : 'Shipping'}</Text>
              <Text size="2" data-testid="cart-shipping">
                {delivery ? formatPence(delivery.amount) : 'Choose where the parcel goes'}
              </Text>
            </Flex>
            {mixed && (
              <ParcelChoice
                cart={cart}
                preOrders={preOrders}
                dispatchFrom={dispatchFrom}
                table={table}
                destination={destination}
                subtotal={subtotal}
                value={parcelChoice}
                onChange={setParcelChoice}
              />
            )}
            {delivery && (
              <Flex justify="between" align="baseline" mt="1">
                <Text size="2" weight="bold">
                  To pay with delivery
                </Text>
                <Text size="2" weight="bold" data-testid="cart-total-with-shipping">
                  {formatPence(total)}
                </Text>
              </Flex>
            )}
            <Separator size="4" my="4" />
            <DiscountCodeField lines={cart} applied={applied} />
            <Box mt="4">
              <GiftFields value={gift} onChange={setGift} startCountry={shownDestination} />
            </Box>
            <Flex direction="column" gap="2" mt="4">
              <Button
                size="3"
                onClick={checkout}
                disabled={busy || !delivery || missingRecipientFields(gift) || (mixed && !parcels)}
              >
                {busy ? 'Processing...' : 'Proceed to Checkout'}
              </Button>
              <Button
                size="3"
                variant="outline"
                color="gray"
                onClick={() => {
                  dispatchCart({ type: 'clear' });
                  setDiscountCode(null);
                }}
              >
                Clear Cart
              </Button>
            </Flex>
            <PolicyLinks className="cart-policies" />
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function CartLineItem({ line, book }: { line: CartLine; book: BookDto | undefined }) {
  const cover = book?.coverImage;
  const setQuantity = (quantity: number) => dispatchCart({ type: 'updateQuantity', bookId: line.bookId, quantity });
  return (
    <li className="cart-line">
      {cover && (
        <ProductImage
          className="cart-line__cover"
          src={cover}
          alt=""
          width="48"
          height="64"
          sizes="48px"
          loading="lazy"
        />
      )}
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
      <IconButton
        variant="ghost"
        color="red"
        aria-label={`Remove ${line.title}`}
        onClick={() => dispatchCart({ type: 'remove', bookId: line.bookId })}
      >
        <TrashIcon />
      </IconButton>
    </li>
  );
}
