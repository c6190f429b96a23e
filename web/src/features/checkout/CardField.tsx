// The card field: Stripe's card element when Stripe is configured, else the sandbox's own test card inputs, which
// behave the same way (confirm a payment intent by its client secret, answer Stripe's error messages).
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { PaymentsConfigResponse } from '../../../../contracts/checkout/model.ts';
import { checkoutApi } from '../../../../contracts/checkout/api.ts';
import { call, serverMessage } from '../../lib/api.ts';
import { loadStripeOnce } from './payments.ts';

export type CardConfirmation = { paymentIntentId: string } | { error: string };
export type CardFieldHandle = {
  confirm(clientSecret: string, billing: { name: string; email: string }): Promise<CardConfirmation>;
};

type Props = { config: PaymentsConfigResponse; onReady: (ready: boolean) => void };

export const CardField = forwardRef<CardFieldHandle | null, Props>(function CardField({ config, onReady }, ref) {
  return config.provider === 'stripe' && config.publishableKey ? (
    <StripeCard ref={ref} publishableKey={config.publishableKey} onReady={onReady} />
  ) : (
    <SandboxCard ref={ref} onReady={onReady} />
  );
});

export type TestCard = { number: string; expiry: string; cvc: string };

/** The sandbox's card inputs, shared by its card field and its hosted checkout page. */
export function TestCardInputs({ card, onChange }: { card: TestCard; onChange: (card: TestCard) => void }) {
  const id = useId();
  const set = (field: keyof TestCard) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...card, [field]: e.target.value });
  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={`${id}-number`} size="2" weight="medium">
        Card number
      </Text>
      <TextField.Root
        id={`${id}-number`}
        value={card.number}
        onChange={set('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <Grid columns="2" gap="3">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={`${id}-expiry`} size="2" weight="medium">
            Expiry (MM / YY)
          </Text>
          <TextField.Root
            id={`${id}-expiry`}
            value={card.expiry}
            onChange={set('expiry')}
            autoComplete="cc-exp"
            placeholder="12 / 34"
          />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={`${id}-cvc`} size="2" weight="medium">
            CVC
          </Text>
          <TextField.Root
            id={`${id}-cvc`}
            value={card.cvc}
            onChange={set('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
          />
        </Flex>
      </Grid>
      <Text size="1" color="gray">
        Test cards: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined; any future date and any CVC.
      </Text>
    </Flex>
  );
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

const SandboxCard = forwardRef<CardFieldHandle | null, { onReady: (ready: boolean) => void }>(function SandboxCard(
  { onReady },
  ref,
) {
  const [card, setCard] = useState<TestCard>({ number: '', expiry: '', cvc: '' });
  const mounted = useRef<HTMLDivElement>(null);
  useEffect(() => onReady(true), [onReady]);
  useImperativeHandle<CardFieldHandle | null, CardFieldHandle | null>(
    ref,
    () =>
      mounted.current
        ? {
            async confirm(clientSecret) {
              try {
                const answer = await call(checkoutApi.sandboxConfirmIntent, {
                  params: { id: intentIdOf(clientSecret) },
                  body: { clientSecret, card },
                });
                return { paymentIntentId: answer.paymentIntentId };
              } catch (error) {
                return { error: serverMessage(error) || 'An error occurred during payment' };
              }
            },
          }
        : null,
    [card],
  );
  return (
    <div ref={mounted} data-testid="card-field">
      <TestCardInputs card={card} onChange={setCard} />
    </div>
  );
});

const StripeCard = forwardRef<CardFieldHandle | null, { publishableKey: string; onReady: (ready: boolean) => void }>(
  function StripeCard({ publishableKey, onReady }, ref) {
    const host = useRef<HTMLDivElement>(null);
    const [stripe, setStripe] = useState<Stripe | null>(null);
    const element = useRef<StripeCardElement | null>(null);

    useEffect(() => {
      let cancelled = false;
      void loadStripeOnce(publishableKey).then((loaded) => {
        if (cancelled || !loaded || !host.current) return;
        const card = loaded.elements().create('card', { hidePostalCode: true });
        card.on('ready', () => onReady(true));
        card.mount(host.current);
        element.current = card;
        setStripe(loaded);
      });
      return () => {
        cancelled = true;
        element.current?.destroy();
        element.current = null;
        onReady(false);
      };
    }, [publishableKey, onReady]);

    useImperativeHandle<CardFieldHandle | null, CardFieldHandle | null>(
      ref,
      () =>
        stripe && element.current
          ? {
              async confirm(clientSecret, billing) {
                const result = await stripe.confirmCardPayment(clientSecret, {
                  payment_method: { card: element.current!, billing_details: billing },
                });
                if (result.error) return { error: result.error.message || 'An error occurred during payment' };
                return { paymentIntentId: result.paymentIntent.id };
              },
            }
          : null,
      [stripe],
    );

    return (
      <Flex direction="column" gap="2">
        <Text size="2" weight="medium">
          Card details
        </Text>
        <div ref={host} className="stripe-card" data-testid="card-field" />
      </Flex>
    );
  },
);
