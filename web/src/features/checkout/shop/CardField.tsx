// The card field: Stripe's Payment Element when Stripe is configured (deferred intent creation: the field is checked
// with `elements.submit()`, then the server makes the PaymentIntent, then `confirmPayment`), else the sandbox's own
// test card inputs, which behave the same way (confirm a payment intent by its client secret, answer Stripe's errors).
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { PaymentsConfigResponse } from '#contracts/checkout/model.ts';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { loadStripeOnce } from './payments.ts';

export type CardConfirmation = { paymentIntentId: string } | { error: string };
export type CardFieldHandle = {
  /** checks what the shopper entered before the payment is set up: null when it may go on, else why not */
  submit(): Promise<{ error: string } | null>;
  confirm(clientSecret: string, billing: { name: string; email: string }): Promise<CardConfirmation>;
};

/** `amount`: the pence the payment will be for, which Stripe's field shows methods for and the server's intent charges. */
type Props = { config: PaymentsConfigResponse; amount: number; onReady: (ready: boolean) => void };

export const CardField = forwardRef<CardFieldHandle | null, Props>(function CardField(
  { config, amount, onReady },
  ref,
) {
  return config.provider === 'stripe' && config.publishableKey ? (
    <StripeCard ref={ref} publishableKey={config.publishableKey} amount={amount} onReady={onReady} />
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
        Test cards: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined, 4000 0000 0000 8807 stays
        processing; any future date and any CVC.
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
            async submit() {
              return null;
            },
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

const StripeCard = forwardRef<
  CardFieldHandle | null,
  { publishableKey: string; amount: number; onReady: (ready: boolean) => void }
>(function StripeCard({ publishableKey, amount, onReady }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const elements = useRef<StripeElements | null>(null);
  const element = useRef<StripePaymentElement | null>(null);
  const firstAmount = useRef(amount);

  useEffect(() => {
    let cancelled = false;
    void loadStripeOnce(publishableKey).then(
      (loaded) => {
        if (cancelled || !loaded || !host.current) return;
        // Dynamic payment methods (decision 105): no list of types, so the field offers what the account enables
        // (cards, Link, wallets, pay by bank where offered), as the server's intent does.
        const group = loaded.elements({ mode: 'payment', amount: firstAmount.current, currency: 'gbp' });
        // The name and e-mail come from the form and go with the confirmation.
        const field = group.create('payment', { fields: { billingDetails: { name: 'never', email: 'never' } } });
        field.on('ready', () => onReady(true));
        field.mount(host.current);
        elements.current = group;
        element.current = field;
        setStripe(loaded);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      element.current?.destroy();
      element.current = null;
      elements.current = null;
      onReady(false);
    };
  }, [publishableKey, onReady]);

  // The shipping rate follows the country, and the amount the field is for follows it.
  useEffect(() => {
    // Stripe shows the new amount when it has it; nothing here waits on that.
    void elements.current?.update({ amount });
  }, [amount, stripe]);

  useImperativeHandle<CardFieldHandle | null, CardFieldHandle | null>(
    ref,
    () =>
      stripe && elements.current
        ? {
            async submit() {
              const { error } = await elements.current!.submit();
              return error ? { error: error.message || 'An error occurred during payment' } : null;
            },
            async confirm(clientSecret, billing) {
              // A method that sends the shopper to their bank comes back to the order's success screen with the intent
              // named (Stripe adds `payment_intent`), which saves the order as this page would have.
              const result = await stripe.confirmPayment({
                elements: elements.current!,
                clientSecret,
                confirmParams: {
                  payment_method_data: { billing_details: billing },
                  return_url: new URL('/order-success', window.location.origin).toString(),
                },
                redirect: 'if_required',
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
});
