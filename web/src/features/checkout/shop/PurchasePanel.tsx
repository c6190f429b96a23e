// The direct purchase: Product, Price and Total, "This is a gift" with its message and, when it goes to someone else,
// their address (whose country then decides the rate, decision 110), then the provider's secure payment page.
import { Button, DataList, Flex, Separator, Text } from '@radix-ui/themes';
import { providerNames } from '#contracts/checkout/model.ts';
import { formatPence, poundsToPence } from '#contracts/shared/money.ts';
import { apiRequest, serverMessage } from '../../../lib/api.ts';
import { BrandLogos } from './BrandLogos.tsx';
import { startDirectPurchase } from './directPurchase.ts';
import { usePaymentsConfig } from './payments.ts';
import { TestModeNotice } from './TestModeNotice.tsx';
import { usePayment } from './usePayment.ts';
import { GiftFields, giftRequestOf, missingRecipientFields, noGift, sendsToRecipient } from './GiftFields.tsx';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { deliveryOptionFor } from '#contracts/checkout/shippingRates.ts';
import { shippingRatesQuery } from './shipping.ts';

/** A direct purchase whose checkout could not be started. */
const purchaseFailed = { title: 'Payment Error', fallback: 'Something went wrong. Please try again.' };

export type PurchasePanelProps = {
  /** pounds, as the direct purchase is given its amount: the price of what is bought */
  amount: number;
  productTitle: string;
  customerEmail?: string;
  customerName?: string;
  quantity?: number;
  /** known once the shipping form has a country */
  shippingPence?: number;
  country?: string;
  onSuccess?: () => void;
  onCancel?: () => void;
};

export function PurchasePanel({
  amount,
  productTitle,
  customerEmail,
  customerName,
  quantity = 1,
  shippingPence,
  country,
  onSuccess,
  onCancel,
}: PurchasePanelProps) {
  const { processing, run } = usePayment(purchaseFailed);
  const config = usePaymentsConfig();
  const pricePence = poundsToPence(amount);
  const [gift, setGift] = useState(noGift);
  const table = useQuery(shippingRatesQuery).data;
  // A gift sent to someone else is priced for where they live, by the live table the server charges by; unknown, no
  // price and no checkout.
  const toRecipient = sendsToRecipient(gift);
  const shipping = toRecipient
    ? table && deliveryOptionFor(table, gift.country, { items: quantity, subtotal: pricePence })?.amount
    : shippingPence;

  const proceed = () =>
    run(async () => {
      const url = await startDirectPurchase(
        { request: apiRequest, messageOf: serverMessage, logError: (message, error) => console.error(message, error) },
        {
          productTitle,
          pricePence,
          quantity,
          customerEmail,
          customerName,
          country: toRecipient ? gift.country : country,
          gift: giftRequestOf(gift),
        },
      );
      onSuccess?.();
      window.location.assign(url);
    });

  return (
    <Flex direction="column" gap="4">
      <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }}>
        <DataList.Item>
          <DataList.Label>Product</DataList.Label>
          <DataList.Value>{quantity > 1 ? `${productTitle} × ${quantity}` : productTitle}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Price</DataList.Label>
          <DataList.Value>{formatPence(pricePence)}</DataList.Value>
        </DataList.Item>
        {shipping !== undefined && (
          <DataList.Item>
            <DataList.Label>Shipping</DataList.Label>
            <DataList.Value data-testid="purchase-shipping">{formatPence(shipping)}</DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      <Separator size="4" />
      <Flex justify="between" align="center">
        <Text weight="bold" size="4">
          Total
        </Text>
        <Text weight="bold" size="4" data-testid="purchase-total">
          {formatPence(pricePence + (shipping ?? 0))}
        </Text>
      </Flex>
      <GiftFields value={gift} onChange={setGift} startCountry={country} />
      <BrandLogos />
      {config?.testMode && <TestModeNotice />}
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          Secure payment powered by {config ? providerNames[config.provider] : 'our payment provider'}
        </Text>
        <Text size="2" color="gray">
          You'll be redirected to a secure checkout page.
        </Text>
      </Flex>
      <Flex gap="3" direction={{ initial: 'column', xs: 'row-reverse' }}>
        <Button
          size="3"
          onClick={() => void proceed()}
          disabled={processing || missingRecipientFields(gift) || (toRecipient && shipping === undefined)}
          style={{ flexGrow: 1 }}
        >
          {processing ? 'Processing...' : 'Proceed to Checkout'}
        </Button>
        <Button size="3" variant="soft" color="gray" onClick={onCancel} disabled={processing} style={{ flexGrow: 1 }}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}
