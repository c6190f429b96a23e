// The owner's VAT screen (decision 069): whether the shop is registered for VAT, with which number and from which day,
// and each product's rate with its history. An owner registers, ends a registration and sets a rate from a day; an
// auditor reads. Orders keep the VAT they were placed with: nothing here changes a past sale.
import { Badge, Button, Callout, Card, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { vatApi } from '#contracts/vat/api.ts';
import { type VatChangeResponse, type VatProduct } from '#contracts/vat/model.ts';
import { formatRate } from '#contracts/vat/rates.ts';
import type { Registration } from '#contracts/vat/settings.ts';
import { formatVatNumber } from '#contracts/vat/vatNumber.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { toast } from '../../../components/toast/toasts.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { ExportsSection } from './ExportsSection.tsx';
import { VatReturnSection } from './VatReturnSection.tsx';
import { vatSettingsQuery } from './vatSettingsQuery.ts';
import './vat.css';
import { longDay } from '#contracts/shared/days.ts';

export function VatScreen() {
  const logOut = useLogOut();
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(vatSettingsQuery);
  const canChange = useCanChange();
  return (
    <AdminPage
      title="VAT"
      subtitle="Registration for VAT and each product's rate. Prices stay as shoppers see them; an order keeps the VAT it was placed with."
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5">
        <Card size="3" asChild>
          <section aria-labelledby="vat-registration">
            <Heading as="h2" size="4" id="vat-registration" mb="2">
              Registration
            </Heading>
            <RegistrationStatus registered={data.registered} registration={data.registration} />
            {data.registrations.length > 0 && <Registrations registrations={data.registrations} />}
            {canChange && (data.registration ? <DeregisterForm registration={data.registration} /> : <RegisterForm />)}
          </section>
        </Card>
        <Card size="3" asChild>
          <section aria-labelledby="vat-rates">
            <Heading as="h2" size="4" id="vat-rates" mb="1">
              Rates by product
            </Heading>
            <Text as="p" size="2" color="gray" mb="3">
              Children&apos;s picture books are zero-rated; the poster is standard-rated. A sale takes the rate of its
              day in the UK, and only while the shop is registered.
            </Text>
            <Flex direction="column" gap="4">
              {data.products.map((product) => (
                <ProductRate key={product.bookId} product={product} canChange={canChange} today={data.today} />
              ))}
            </Flex>
          </section>
        </Card>
        {data.registrations.length > 0 && <ExportsSection />}
        {data.registrations.length > 0 && <VatReturnSection today={data.today} />}
      </Flex>
    </AdminPage>
  );
}

function RegistrationStatus({ registered, registration }: { registered: boolean; registration: Registration | null }) {
  if (registered && registration)
    return (
      <Text as="p" data-testid="vat-status">
        <Badge color="green" mr="2">
          Registered
        </Badge>
        VAT number <strong>{formatVatNumber(registration.vatNumber)}</strong> from {longDay(registration.from)}
        {registration.until && `, until ${longDay(registration.until)}`}.
      </Text>
    );
  if (registration)
    return (
      <Text as="p" data-testid="vat-status">
        <Badge color="amber" mr="2">
          Not yet registered
        </Badge>
        Registration as <strong>{formatVatNumber(registration.vatNumber)}</strong> starts on{' '}
        {longDay(registration.from)}. Until then no VAT is charged or shown.
      </Text>
    );
  return (
    <Text as="p" data-testid="vat-status">
      <Badge color="gray" mr="2">
        Not registered
      </Badge>
      The shop is not registered for VAT: no VAT is charged, recorded or shown anywhere.
    </Text>
  );
}

function Registrations({ registrations }: { registrations: Registration[] }) {
  return (
    <Table.Root size="1" mt="3" className="vat-table">
      <caption className="visually-hidden">Periods of registration for VAT</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>VAT number</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Until</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Recorded by</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {registrations.map((r) => (
          <Table.Row key={`${r.vatNumber}-${r.from}`}>
            <Table.Cell>{formatVatNumber(r.vatNumber)}</Table.Cell>
            <Table.Cell>{longDay(r.from)}</Table.Cell>
            <Table.Cell>{r.until ? longDay(r.until) : '—'}</Table.Cell>
            <Table.Cell>{r.by}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function ProductRate({ product, canChange, today }: { product: VatProduct; canChange: boolean; today: string }) {
  const headingId = `vat-product-${product.bookId}`;
  return (
    <section aria-labelledby={headingId} className="vat-product" data-testid="vat-product">
      <Flex justify="between" align="center" wrap="wrap" gap="2">
        <Heading as="h3" size="3" id={headingId}>
          {product.title}
        </Heading>
        <Text size="2">
          Rate today <strong data-testid="vat-rate">{formatRate(product.rate)}</strong>
          {product.charged !== product.rate && ' (not charged: the shop is not registered today)'}
        </Text>
      </Flex>
      <Table.Root size="1" mt="2" className="vat-table">
        <caption className="visually-hidden">Rate history of {product.title}</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Rate</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Set by</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {product.history.map((entry) => (
            <Table.Row key={entry.from}>
              <Table.Cell>{entry.source === 'catalog' ? 'The start' : longDay(entry.from)}</Table.Cell>
              <Table.Cell>{formatRate(entry.rate)}</Table.Cell>
              <Table.Cell>
                {entry.source === 'catalog'
                  ? 'The catalog'
                  : `${entry.by ?? ''}, ${new Date(entry.at ?? '').toLocaleDateString('en-GB', { timeZone: 'Europe/London' })}`}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {canChange && <RateForm product={product} today={today} />}
    </section>
  );
}

function useVatChange(onDone?: () => void) {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  return {
    onSuccess: (answer: VatChangeResponse) => {
      queryClient.setQueryData(vatSettingsQuery.queryKey, answer.settings);
      toast({ title: 'VAT Settings Saved', description: answer.message });
      onDone?.();
    },
    onError: (error: unknown) => {
      if (!sessionExpired(error))
        toast({
          title: 'Not Saved',
          description: serverMessage(error) ?? 'The VAT settings could not be saved. Please try again.',
          variant: 'destructive',
        });
    },
  };
}

/** The refusal of the last attempt, shown beside the form that made it. */
function Refusal({ error }: { error: unknown }) {
  const message = error ? serverMessage(error) : undefined;
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

function RegisterForm() {
  const [vatNumber, setVatNumber] = useState('');
  const [registeredFrom, setRegisteredFrom] = useState('');
  const register = useMutation({
    mutationFn: () => call(vatApi.register, { body: { vatNumber, registeredFrom } }),
    ...useVatChange(() => {
      setVatNumber('');
      setRegisteredFrom('');
    }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate();
  };
  return (
    <form onSubmit={submit} className="vat-form" aria-label="Register for VAT">
      <Heading as="h3" size="3">
        Register for VAT
      </Heading>
      <label className="vat-form__field">
        <Text size="2">VAT number</Text>
        <TextField.Root
          required
          value={vatNumber}
          maxLength={20}
          autoComplete="off"
          placeholder="GB 365 6845 14"
          onChange={(e) => setVatNumber(e.target.value)}
        />
      </label>
      <label className="vat-form__field">
        <Text size="2">Registered from</Text>
        <TextField.Root
          type="date"
          required
          value={registeredFrom}
          onChange={(e) => setRegisteredFrom(e.target.value)}
        />
      </label>
      <Refusal error={register.error} />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? 'Saving...' : 'Register'}
      </Button>
    </form>
  );
}

function DeregisterForm({ registration }: { registration: Registration }) {
  const [from, setFrom] = useState('');
  const deregister = useMutation({
    mutationFn: () => call(vatApi.deregister, { body: { from } }),
    ...useVatChange(() => setFrom('')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    deregister.mutate();
  };
  return (
    <form onSubmit={submit} className="vat-form" aria-label="End the registration for VAT">
      <Heading as="h3" size="3">
        End the registration
      </Heading>
      <Text size="2" color="gray">
        Registered as {formatVatNumber(registration.vatNumber)} since {longDay(registration.from)}. Give the first day
        the shop is no longer registered.
      </Text>
      <label className="vat-form__field">
        <Text size="2">No longer registered from</Text>
        <TextField.Root type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <Refusal error={deregister.error} />
      <Button type="submit" variant="soft" color="red" disabled={deregister.isPending}>
        {deregister.isPending ? 'Saving...' : 'End registration'}
      </Button>
    </form>
  );
}

/** "20" or "17.5" percent → basis points; NaN (which the server refuses with its message) for anything else. */
const basisPoints = (percent: string) => (percent.trim() === '' ? NaN : Math.round(Number(percent) * 100));

function RateForm({ product, today }: { product: VatProduct; today: string }) {
  const [percent, setPercent] = useState('');
  const [from, setFrom] = useState(today);
  const change = useMutation({
    mutationFn: () =>
      call(vatApi.changeRate, { params: { bookId: product.bookId }, body: { from, rate: basisPoints(percent) } }),
    ...useVatChange(() => setPercent('')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="vat-form vat-form--inline"
      aria-label={`Change the VAT rate of ${product.title}`}
    >
      <label className="vat-form__field">
        <Text size="2">New rate (%)</Text>
        <TextField.Root
          type="number"
          min={0}
          max={100}
          step={0.01}
          required
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
      </label>
      <label className="vat-form__field">
        <Text size="2">From</Text>
        <TextField.Root type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <Button type="submit" variant="soft" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Set rate'}
      </Button>
      <Refusal error={change.error} />
    </form>
  );
}
