// The sandbox's hosted checkout page (test mode): what the shopper buys, where it goes, a test card; Pay or Cancel.
// It stands in for Stripe's own payment page, so it looks like a provider's page rather than the shop.
import {
  Badge,
  Button,
  Callout,
  Card,
  Container,
  Flex,
  Heading,
  RadioCards,
  Separator,
  Text,
  TextField,
} from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { shopContent } from '#contracts/catalog/content.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { countryNameOf, zoneOf, zoneOptions, type ShippingTable } from '#contracts/checkout/shippingRates.ts';
import { giftTexts } from '#contracts/checkout/gift.ts';
import { shippingRatesQuery } from './shipping.ts';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { paymentExpiredMessage, type SandboxSessionView } from '#contracts/checkout/sandboxPayments.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { TestCardInputs, type TestCard } from './CardField.tsx';
import { ShippingOptionRow } from './ShippingOptionRow.tsx';
import { TestModeNotice } from './TestModeNotice.tsx';
import { ImportDutiesNotice } from './ImportDutiesNotice.tsx';
import { sandboxSessionQuery } from './sandboxSession.ts';
import './checkout.css';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { PolicyLinks } from '../../../components/PolicyLinks.tsx';
import { AddressFields, usePostcodeCheck } from '../../../components/AddressFields.tsx';

export function SandboxCheckoutPage({ sessionId }: { sessionId: string }) {
  const session = useQuery({ ...sandboxSessionQuery(sessionId), enabled: sessionId !== '' });
  return (
    <div className="checkout-page sandbox-page">
      <Container size="3" px="4" py="5">
        <Flex align="center" gap="3" mb="4" wrap="wrap">
          <Text size="5" weight="bold">
            {shopContent.shop.name}
          </Text>
          {/* High contrast: the soft amber's own text is under 4.5:1 on its tint (axe). */}
          <Badge color="amber" size="2" highContrast>
            TEST MODE
          </Badge>
        </Flex>
        <main>
          {session.data && session.data.status === 'open' && <SandboxPayment session={session.data} />}
          {session.data?.status === 'paid' && (
            <Callout.Root role="status">
              <Callout.Text>This checkout has already been paid.</Callout.Text>
            </Callout.Root>
          )}
          {session.data?.status === 'expired' && (
            <Callout.Root color="amber" role="alert">
              <Callout.Text>{paymentExpiredMessage}</Callout.Text>
            </Callout.Root>
          )}
          {(session.isError || sessionId === '') && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>This checkout session does not exist or has expired.</Callout.Text>
            </Callout.Root>
          )}
        </main>
        <PolicyLinks className="checkout-policies" />
      </Container>
    </div>
  );
}

const optionIdFor = (table: ShippingTable | undefined, country: string) => {
  const zone = table && zoneOf(table, country);
  return zone ? zoneOptions[zone.id].id : undefined;
};

function SandboxPayment({ session }: { session: SandboxSessionView }) {
  const id = useId();
  const [email, setEmail] = useState(session.customerEmail ?? '');
  const [address, setAddress] = useState({
    name: session.customerName ?? '',
    line1: '',
    line2: '',
    city: '',
    postcode: '',
    country: session.allowedCountries[0]?.code ?? '',
  });
  const table = useQuery(shippingRatesQuery).data;
  const [optionId, setOptionId] = useState(() => {
    const matching = optionIdFor(table, session.allowedCountries[0]?.code ?? '');
    return session.shippingOptions.find((o) => o.id === matching)?.id ?? session.shippingOptions[0]?.id ?? '';
  });
  const [card, setCard] = useState<TestCard>({ number: '', expiry: '', cvc: '' });
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [postcodeError, checkPostcode] = usePostcodeCheck();
  const option = session.shippingOptions.find((o) => o.id === optionId);
  const total = session.subtotal + (option?.amount ?? 0);
  // A session offers its destination's one rate (decision 099); where one made earlier offers several, the address's
  // zone picks the rate.
  const chooseCountry = (country: string) => {
    setAddress((a) => ({ ...a, country }));
    // A billing address does not change where the parcel goes, nor its rate.
    if (session.deliverTo) return;
    const matching = optionIdFor(table, country);
    if (matching && session.shippingOptions.some((o) => o.id === matching)) setOptionId(matching);
  };

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    // The same postcode rule the server applies (decision 089), said beside the field before anything is sent.
    if (!checkPostcode(address)) return;
    setPaying(true);
    setError(null);
    try {
      const { name, ...rest } = address;
      const answer = await call(checkoutApi.sandboxPay, {
        params: { id: session.id },
        body: { shippingOptionId: optionId, email, name, address: { ...rest, line2: rest.line2 || undefined }, card },
      });
      window.location.assign(answer.redirectUrl);
    } catch (caught) {
      setError(serverMessage(caught) || 'Your payment could not be taken. Please try again.');
      setPaying(false);
    }
  }

  return (
    <div className="checkout-columns">
      <Card size="3" className="checkout-columns__summary">
        <Text as="p" size="2" color="gray">
          Pay {shopContent.shop.name}
        </Text>
        <Heading as="h1" size="8" mb="4" data-testid="sandbox-total">
          {formatPence(total)}
        </Heading>
        <Flex direction="column" gap="3">
          {session.lineItems.map((item, index) => (
            // A book may have two lines: its copies at the bundle's price and any beyond them (decision 072).
            <Flex key={index} justify="between" gap="3" data-testid="sandbox-line">
              <Flex direction="column">
                <Text weight="medium">{item.name}</Text>
                {item.description && (
                  <Text size="1" color="gray">
                    {item.description}
                  </Text>
                )}
                <Text size="1" color="gray">
                  Qty {item.quantity} × {formatPence(item.unitAmount)}
                </Text>
              </Flex>
              <Text>{formatPence(item.unitAmount * item.quantity)}</Text>
            </Flex>
          ))}
          <Separator size="4" />
          <Flex justify="between">
            <Text color="gray">Subtotal</Text>
            <Text>{formatPence(session.subtotal)}</Text>
          </Flex>
          <Flex justify="between">
            <Text color="gray">Shipping{option ? ` (${option.label})` : ''}</Text>
            <Text>{option ? formatPence(option.amount) : '—'}</Text>
          </Flex>
          <Separator size="4" />
          <Flex justify="between">
            <Text weight="bold">Total due</Text>
            <Text weight="bold">{formatPence(total)}</Text>
          </Flex>
        </Flex>
      </Card>
      <Card size="3">
        <form onSubmit={(event) => void pay(event)} noValidate aria-label="Pay">
          <Flex direction="column" gap="3">
            <TestModeNotice />
            <LabelledField id={`${id}-email`} label="Email">
              <TextField.Root
                id={`${id}-email`}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
              />
            </LabelledField>
            {session.deliverTo && (
              <Flex direction="column" gap="1" data-testid="sandbox-deliver-to">
                <Heading as="h2" size="3" mt="2">
                  Shipping to
                </Heading>
                <Text size="2" style={{ whiteSpace: 'pre-line' }}>
                  {[
                    session.deliverTo.name,
                    session.deliverTo.address.line1,
                    session.deliverTo.address.line2,
                    session.deliverTo.address.city,
                    session.deliverTo.address.postcode,
                    countryNameOf(session.deliverTo.address.country) ?? session.deliverTo.address.country,
                  ]
                    .filter(Boolean)
                    .join('\n')}
                </Text>
              </Flex>
            )}
            <Heading as="h2" size="3" mt="2">
              {session.deliverTo ? giftTexts.billingHeading : 'Shipping address'}
            </Heading>
            <LabelledField id={`${id}-name`} label="Full name">
              <TextField.Root
                id={`${id}-name`}
                value={address.name}
                onChange={(e) => setAddress((a) => ({ ...a, name: e.target.value }))}
                autoComplete="name"
              />
            </LabelledField>
            <AddressFields
              id={id}
              value={address}
              onChange={({ country, ...change }) =>
                country === undefined ? setAddress((a) => ({ ...a, ...change })) : chooseCountry(country)
              }
              countries={session.allowedCountries}
              labels={{ line1: 'Address', line2: 'Address line 2 (optional)' }}
              autoComplete="address"
              postcodeError={postcodeError}
            />
            <ImportDutiesNotice country={session.deliverTo?.address.country ?? address.country} />
            <Heading as="h2" size="3" mt="2" id={`${id}-shipping`}>
              Shipping method
            </Heading>
            <RadioCards.Root
              value={optionId}
              onValueChange={setOptionId}
              columns="1"
              aria-labelledby={`${id}-shipping`}
            >
              {session.shippingOptions.map((o) => (
                <RadioCards.Item key={o.id} value={o.id}>
                  <ShippingOptionRow option={o} />
                </RadioCards.Item>
              ))}
            </RadioCards.Root>
            <Heading as="h2" size="3" mt="2">
              Payment
            </Heading>
            <TestCardInputs card={card} onChange={setCard} />
            {error && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <Button type="submit" size="3" disabled={paying}>
              {paying ? 'Processing...' : 'Pay'}
            </Button>
            <Button
              type="button"
              size="3"
              variant="soft"
              color="gray"
              disabled={paying}
              onClick={() => window.location.assign(session.cancelUrl)}
            >
              Cancel
            </Button>
          </Flex>
        </form>
      </Card>
    </div>
  );
}
