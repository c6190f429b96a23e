// The sandbox's wallet sheet (test mode): what Apple Pay's or Google Pay's sheet does, on the page. It asks for the
// payer and the delivery address, offers only the rate that fits the address's country with the total that follows it
// (asked of the server, as Stripe's sheet is answered), and pays with the sandbox's accepted test card.
import { Button, Dialog, Flex, Separator, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { countryNameOf } from '#contracts/checkout/shippingRates.ts';
import type { WalletPayment } from '#contracts/checkout/walletPayment.ts';
import { call } from '../../../lib/api.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { ShippingOptionRow } from './ShippingOptionRow.tsx';
import { AddressFields, postcodeProblemSoFar } from '../../../components/AddressFields.tsx';

/** What the sheet hands on when the payer pays: as a wallet's `paymentmethod` event would. */
export type SandboxWalletPaid = {
  payment: WalletPayment;
  shippingOptionId: string;
  country: string;
  total: number;
};

/** The sandbox's accepted test card, which the test wallet holds. */
export const sandboxWalletCard = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

export function SandboxWalletSheet({
  busy,
  onPay,
  discountCode = null,
  countries,
  deliverTo,
}: {
  /**
   * a gift sent to someone else (decision 110): the recipient's country, which decides the rate; the sheet's address is
   * then the payer's own, in any of `countries`
   */
  deliverTo?: string;
  /** the countries of the page's destination's zone: the only addresses the sheet takes (decision 099) */
  countries: readonly string[];
  busy: boolean;
  onPay: (paid: SandboxWalletPaid) => Promise<void> | void;
  /** the code the page applied: the totals the server answers are after it (decision 075) */
  discountCode?: string | null;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [payer, setPayer] = useState({ name: '', email: '', line1: '', city: '', postcode: '', country: '' });
  const rateCountry = deliverTo ?? payer.country;
  const rates = useQuery({
    queryKey: ['wallet-shipping-rates', rateCountry, discountCode],
    queryFn: () =>
      call(checkoutApi.walletShippingRates, {
        body: { country: rateCountry, ...(discountCode === null ? {} : { discountCode }) },
      }),
    enabled: rateCountry !== '',
    staleTime: Infinity,
  });
  const update = payer.country ? (rates.data ?? null) : null;
  const offer = update?.status === 'success' ? update : null;
  const set = (field: keyof typeof payer) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setPayer((p) => ({ ...p, [field]: e.target.value }));
  const whole = !!(
    payer.name.trim() &&
    payer.email.trim() &&
    payer.line1.trim() &&
    payer.city.trim() &&
    payer.postcode.trim()
  );

  // The same postcode rule the server applies (decision 089), once a postcode and country are given.
  const postcodeError = postcodeProblemSoFar(payer);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!offer || !whole || postcodeError) return;
    await onPay({
      payment: {
        paymentMethodId: 'pm_card_visa',
        payerName: payer.name,
        payerEmail: payer.email,
        shippingAddress: {
          recipient: payer.name,
          addressLine: [payer.line1],
          city: payer.city,
          postalCode: payer.postcode,
          country: payer.country,
        },
      },
      shippingOptionId: offer.shippingOptions[0]!.id,
      country: payer.country,
      total: offer.total.amount,
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="4" variant="outline">
          Pay with the test wallet
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>Test wallet</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          Test mode: stands in for Apple Pay or Google Pay, and pays with the accepted test card.
        </Dialog.Description>
        <form onSubmit={(event) => void pay(event)} noValidate aria-label="Test wallet">
          <Flex direction="column" gap="3" mt="3">
            <LabelledField id={`${id}-name`} label="Name">
              <TextField.Root id={`${id}-name`} value={payer.name} onChange={set('name')} autoComplete="name" />
            </LabelledField>
            <LabelledField id={`${id}-email`} label="Email">
              <TextField.Root
                id={`${id}-email`}
                type="email"
                value={payer.email}
                onChange={set('email')}
                autoComplete="email"
              />
            </LabelledField>
            <AddressFields
              id={id}
              value={payer}
              onChange={(change) => setPayer((p) => ({ ...p, ...change }))}
              countries={countries
                .map((code) => ({ code, name: countryNameOf(code) ?? code }))
                .sort((a, b) => (deliverTo ? a.name.localeCompare(b.name) : 0))}
              countryPlaceholder="Choose a country"
              labels={{ line1: deliverTo ? 'Billing address' : 'Address' }}
              autoComplete="address"
              postcodeError={postcodeError}
            />
            <Separator size="4" />
            <Flex direction="column" gap="2" data-testid="wallet-shipping-options" aria-live="polite">
              {offer ? (
                offer.shippingOptions.map((o) => <ShippingOptionRow key={o.id} option={o} />)
              ) : (
                <Text size="2" color="gray">
                  {update
                    ? 'We do not ship to that country'
                    : payer.country
                      ? 'Finding the delivery option...'
                      : 'Choose a country to see the delivery option.'}
                </Text>
              )}
            </Flex>
            <Flex justify="between">
              <Text weight="bold">Total</Text>
              <Text weight="bold" data-testid="wallet-total">
                {offer ? formatPence(offer.total.amount) : '—'}
              </Text>
            </Flex>
            <Button type="submit" size="3" disabled={busy || !offer || !whole || !!postcodeError}>
              {busy ? 'Processing...' : offer ? `Pay ${formatPence(offer.total.amount)}` : 'Pay'}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
