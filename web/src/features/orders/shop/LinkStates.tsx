// What an order page link shows when it cannot show the order: an expired link offers a fresh one by e-mail, any other
// link is simply not found. Neither says anything of an order.
import { Button, Callout, Card, Flex, Heading, Link as TextLink, Text, TextField } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { orderPageApi } from '#contracts/orders/shopperApi.ts';
import { requestMessages } from '#contracts/orders/shopperRequests.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import './orderPage.css';

/** A form's answer, read out when it comes: what was done, or why not. */
export function Answer({ message, error }: { message: string | undefined; error: Error | null }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <Callout.Root color="green">
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <Callout.Root color="red">
          <Callout.Text>{serverMessage(error) ?? 'Something went wrong. Please try again.'}</Callout.Text>
        </Callout.Root>
      )}
    </div>
  );
}

export function ExpiredLink({ token }: { token: string }) {
  const fresh = useMutation({ mutationFn: () => call(orderPageApi.freshLink, { params: { token }, body: {} }) });
  return (
    <div className="order-page">
      <Card size="4">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            This link has expired
          </Heading>
          <Text as="p">{requestMessages.linkExpired}</Text>
          {!fresh.data && (
            <Button onClick={() => fresh.mutate()} loading={fresh.isPending}>
              Send me a fresh link
            </Button>
          )}
          <Answer message={fresh.data?.message} error={fresh.error} />
        </Flex>
      </Card>
    </div>
  );
}

export function LinkNotFound() {
  return (
    <div className="order-page">
      <Card size="4">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            We could not find this order
          </Heading>
          <Text as="p">{requestMessages.linkNotFound}</Text>
          <Text as="p">
            <TextLink asChild>
              <Link to="/order">Find your order with its number instead</Link>
            </TextLink>
          </Text>
        </Flex>
      </Card>
    </div>
  );
}

/** /order: the order number, e-mail and postcode; a matching order's own address is sent a fresh link. */
export function FindOrder() {
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [postcode, setPostcode] = useState('');
  const lookup = useMutation({
    mutationFn: () => call(orderPageApi.lookup, { body: { orderNumber, email, postcode } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    lookup.mutate();
  };
  return (
    <div className="order-page">
      <Card size="4">
        <form onSubmit={submit} aria-labelledby="find-order-heading">
          <Flex direction="column" gap="4">
            <Heading as="h1" size="6" id="find-order-heading">
              Find your order
            </Heading>
            <Text as="p">
              No account needed. Tell us your order number, the e-mail address you ordered with and your delivery
              postcode, and we will e-mail you a link to your order&rsquo;s page, where you can follow it, find your
              receipt, or ask us to cancel or return it.
            </Text>
            <label className="order-page__field">
              <Text weight="medium">Order number</Text>
              <TextField.Root
                value={orderNumber}
                onChange={(e) => setOrderNumber(e.target.value)}
                placeholder="AH-12345678"
                autoComplete="off"
                maxLength={40}
                required
              />
            </label>
            <label className="order-page__field">
              <Text weight="medium">E-mail address</Text>
              <TextField.Root
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
                maxLength={254}
                required
              />
            </label>
            <label className="order-page__field">
              <Text weight="medium">Delivery postcode</Text>
              <TextField.Root
                value={postcode}
                onChange={(e) => setPostcode(e.target.value)}
                autoComplete="postal-code"
                maxLength={20}
                required
              />
            </label>
            <Flex>
              <Button type="submit" loading={lookup.isPending}>
                Send me a link
              </Button>
            </Flex>
            <Answer message={lookup.data?.message} error={lookup.error} />
          </Flex>
        </form>
      </Card>
    </div>
  );
}
