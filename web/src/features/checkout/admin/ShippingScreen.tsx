// The owner's delivery screen (decision 099): the three zones with their countries, rates by number of items and free
// delivery over an amount, the countries no zone serves, and every version of the table with who set it, why and from
// when. An owner changes the table (from now, or from a later moment); an auditor reads. Checkouts already started keep
// the rate they were offered, and orders the rate they paid.
import { Badge, Button, Callout, Card, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { checkoutApi } from '#contracts/checkout/api.ts';
import {
  bandsText,
  zoneNames,
  type AdminShippingResponse,
  type DeliveryZone,
} from '#contracts/checkout/shippingRates.ts';
import { formatPence, poundsToPence } from '#contracts/shared/money.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { toast } from '../../../components/toast/toasts.ts';
import { ApiError, call, serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { adminShippingQuery } from './shippingQuery.ts';

const when = (at: string) =>
  new Date(at).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

export function ShippingScreen() {
  const logOut = useLogOut();
  const { data } = useSuspenseQuery(adminShippingQuery);
  const canChange = useCanChange();
  return (
    <AdminPage
      title="Delivery"
      subtitle="Where the shop delivers and what it charges. A change applies to checkouts started after it; orders keep the rate they paid."
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5">
        <Card size="3" asChild>
          <section aria-labelledby="shipping-zones">
            <Heading as="h2" size="4" id="shipping-zones" mb="2">
              Zones in force
            </Heading>
            <Table.Root size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Zone</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Countries</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Rates</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.zones.map((zone) => (
                  <Table.Row key={zone.id} data-testid="shipping-zone">
                    <Table.RowHeaderCell>{zone.name}</Table.RowHeaderCell>
                    <Table.Cell>
                      {data.destinations
                        .filter((d) => d.zone === zone.id)
                        .map((d) => d.name)
                        .join(', ') || 'None'}
                    </Table.Cell>
                    <Table.Cell>
                      {bandsText(zone)}
                      {zone.freeOverPence !== null && `; free from ${formatPence(zone.freeOverPence)}`}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <Text as="p" size="2" color="gray" mt="3" data-testid="not-served">
              Not served ({data.notServed.length}): {data.notServed.map((c) => c.name).join(', ')}
            </Text>
          </section>
        </Card>
        {canChange && <ChangeForm data={data} />}
        <Card size="3" asChild>
          <section aria-labelledby="shipping-history">
            <Heading as="h2" size="4" id="shipping-history" mb="2">
              History
            </Heading>
            <Table.Root size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Rates</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Set by</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Why</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.history.map((version, i) => (
                  <Table.Row key={`${version.from}-${i}`} data-testid="shipping-version">
                    <Table.Cell>
                      {version.by === null ? 'The start' : when(version.from)}{' '}
                      {version.current && <Badge color="green">In force</Badge>}
                    </Table.Cell>
                    <Table.Cell>
                      {version.zones
                        .map(
                          (zone) => `${zoneNames[zone.id]}: ${zone.countries.length ? bandsText(zone) : 'not served'}`,
                        )
                        .join(' · ')}
                    </Table.Cell>
                    <Table.Cell>
                      {version.by === null ? "The spec's rule" : `${version.by}, ${when(version.at ?? version.from)}`}
                    </Table.Cell>
                    <Table.Cell>{version.reason || '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </section>
        </Card>
      </Flex>
    </AdminPage>
  );
}

type ZoneForm = { countries: string; bands: string; freeOver: string };

const zoneFormOf = (zone: DeliveryZone): ZoneForm => ({
  countries: zone.countries.join(', '),
  bands: zone.bands
    .map((b) => `${b.fromItems}${b.toItems === null ? '+' : `-${b.toItems}`}: ${(b.pence / 100).toFixed(2)}`)
    .join('; '),
  freeOver: zone.freeOverPence === null ? '' : (zone.freeOverPence / 100).toFixed(2),
});

/** "1-2: 3.99; 3+: 4.99" → bands; what cannot be read is sent as it reads, for the server to refuse by field. */
function bandsOf(text: string): DeliveryZone['bands'] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [range = '', price = ''] = part.split(':').map((s) => s.trim());
      const open = range.endsWith('+');
      const [from = '', to = ''] = range.replace('+', '').split('-');
      return {
        fromItems: Number(from),
        toItems: open || to === '' ? null : Number(to),
        pence: poundsToPence(Number(price.replace('£', ''))),
      };
    });
}

function ChangeForm({ data }: { data: AdminShippingResponse }) {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  const [zones, setZones] = useState(() => data.zones.map(zoneFormOf));
  const [reason, setReason] = useState('');
  const [from, setFrom] = useState('');
  const body = () => ({
    zones: data.zones.map((zone, i) => ({
      id: zone.id,
      countries: zones[i]!.countries.split(/[\s,]+/)
        .map((c) => c.trim())
        .filter(Boolean),
      bands: bandsOf(zones[i]!.bands),
      freeOverPence: zones[i]!.freeOver.trim() ? poundsToPence(Number(zones[i]!.freeOver)) : null,
    })),
    reason,
    ...(from ? { from: new Date(from).toISOString() } : {}),
  });
  const change = useMutation({
    mutationFn: () => call(checkoutApi.changeShippingRates, { body: body() }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminShippingQuery.queryKey, answer);
      void queryClient.invalidateQueries();
      toast({ title: 'Delivery Rates Saved', description: answer.message });
    },
    onError: (error) => {
      if (!sessionExpired(error))
        toast({ title: 'Not Saved', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    },
  });
  const issues = issuesOf(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  const set = (i: number, field: keyof ZoneForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setZones((all) => all.map((z, j) => (j === i ? { ...z, [field]: e.target.value } : z)));
  return (
    <Card size="3" asChild>
      <form onSubmit={submit} aria-label="Change the delivery rates">
        <Heading as="h2" size="4" mb="1">
          Change the rates
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Countries by their two-letter codes. Rates by number of items, such as “1-2: 3.99; 3+: 4.99”.
        </Text>
        <Flex direction="column" gap="4">
          {data.zones.map((zone, i) => (
            <fieldset key={zone.id} className="shipping-zone-form">
              <legend>{zoneNames[zone.id]}</legend>
              <Flex direction="column" gap="2">
                <Field label={`${zoneNames[zone.id]} countries`} error={issueAt(issues, `zones.${i}.countries`)}>
                  <TextField.Root value={zones[i]!.countries} onChange={set(i, 'countries')} />
                </Field>
                <Field label={`${zoneNames[zone.id]} rates`} error={issueAt(issues, `zones.${i}.bands`)}>
                  <TextField.Root value={zones[i]!.bands} onChange={set(i, 'bands')} />
                </Field>
                <Field label={`${zoneNames[zone.id]} free from £`} error={issueAt(issues, `zones.${i}.freeOverPence`)}>
                  <TextField.Root value={zones[i]!.freeOver} onChange={set(i, 'freeOver')} inputMode="decimal" />
                </Field>
              </Flex>
            </fieldset>
          ))}
          <Field label="Why" error={issueAt(issues, 'reason')}>
            <TextField.Root value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <Field label="From (empty: now)" error={issueAt(issues, 'from')}>
            <TextField.Root type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          {change.error && !issues.length ? (
            <Callout.Root color="red" role="alert" size="1">
              <Callout.Text>{serverMessage(change.error)}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Save the rates'}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}

function Field({ label, error, children }: { label: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <label>
      <Text as="div" size="2" weight="medium" mb="1">
        {label}
      </Text>
      {children}
      {error && (
        <Text as="div" size="1" color="red" role="alert" mt="1">
          {error}
        </Text>
      )}
    </label>
  );
}

function issuesOf(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  try {
    const parsed = JSON.parse(error.bodyText) as { issues?: { field: string; message: string }[] };
    return parsed.issues ?? [];
  } catch {
    return [];
  }
}

/** The first refusal for a field or anything inside it (`zones.0.bands` takes `zones.0.bands.1.pence`). */
const issueAt = (issues: { field: string; message: string }[], field: string) =>
  issues.find((i) => i.field === field || i.field.startsWith(`${field}.`))?.message;
