// The payment set-up as the shop is configured (decision 107): the provider and its mode, which settings are present,
// where the provider must deliver its events and which events, from the same table as the README. Read from the shop's
// settings alone; `npm run events -- stripe-check` compares them with the account.
import { Card, Code, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ledgerApi } from '#contracts/ledger/api.ts';
import { queryFor } from '../../../lib/api.ts';

const paymentSetupQuery = () => queryFor(ledgerApi.paymentSetup, {});

export function PaymentSetup() {
  const setup = useQuery(paymentSetupQuery()).data;
  if (!setup) return null;
  const provider =
    setup.provider === 'sandbox' ? 'Test sandbox (no real money)' : `Stripe, ${setup.mode ?? 'test'} mode`;
  return (
    <Card size="2" asChild>
      <section aria-labelledby="payment-setup-heading" data-testid="payment-setup">
        <Heading as="h2" size="4" id="payment-setup-heading" mb="2">
          Payment set-up
        </Heading>
        <Text as="p" size="2">
          Provider: {provider}
        </Text>
        <ul className="payment-setup__settings">
          {setup.settings.map((s) => (
            <li key={s.name}>
              <Text size="2">
                <Code>{s.name}</Code> {s.present ? 'set' : 'not set'}
              </Text>
            </li>
          ))}
        </ul>
        <Text as="p" size="2">
          Webhook endpoint: {setup.webhookUrl ? <Code>{setup.webhookUrl}</Code> : 'set PUBLIC_URL to know it'}
        </Text>
        <details>
          <summary>
            <Text size="2">The {setup.events.length} events the endpoint must send</Text>
          </summary>
          <ul className="payment-setup__events">
            {setup.events.map((e) => (
              <li key={e.type}>
                <Text size="2">
                  <Code>{e.type}</Code>: {e.does}
                </Text>
              </li>
            ))}
          </ul>
        </details>
        <Text as="p" size="1" color="gray">
          Read from the shop&apos;s settings. <Code>npm run events -- stripe-check</Code> compares them with the Stripe
          account&apos;s endpoint without changing it.
        </Text>
      </section>
    </Card>
  );
}
