// The fulfilment screen (/admin/orders/fulfil): every order still to be sent — paid, and processing — oldest first. The
// owner chooses some (or all), prints their packing slips, downloads them for Royal Mail Click & Drop to buy the labels,
// reads the tracking numbers back from the carrier's CSV (or types them), and marks them processing or shipped in one
// step: each order its own change (a shipment its own e-mail), and each refusal said beside its order (decisions 081,
// 103).
import { Badge, Button, Callout, Card, Checkbox, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { ordersApi } from '#contracts/orders/api.ts';
import { orderForNumber, parseCarrierCsv } from '#contracts/orders/clickAndDrop.ts';
import type { AdminOrder, BulkShipResult } from '#contracts/orders/console.ts';
import { carrierLabels, carriers, maxTrackingNumberLength, type Carrier } from '#contracts/orders/fulfilment.ts';
import { AdminLink, AdminPage } from '../../../components/AdminPage.tsx';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { ReasonField } from '../../../components/ReasonField.tsx';
import { downloadFile } from '../../../components/downloadFile.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { serverMessage, urlFor } from '../../../lib/api.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { formatOrderDate } from './orderDate.ts';
import { ordersToFulfilQuery, useProcessMany, useShipMany } from './ordersQuery.ts';
import { RowBadges } from './RowBadges.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import './orders.css';

type Parcel = { carrier: Carrier; trackingNumber: string };
const defaultParcel: Parcel = { carrier: 'royal-mail', trackingNumber: '' };

const copiesOf = (order: AdminOrder) =>
  Array.isArray(order.items)
    ? (order.items as { quantity?: unknown }[]).reduce(
        (sum, item) => sum + (typeof item.quantity === 'number' ? item.quantity : 0),
        0,
      )
    : 0;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The chosen orders for Click & Drop: fetched with the session's token and handed to the browser as a download. */
function ClickAndDropDownload({ orderIds }: { orderIds: readonly string[] }) {
  const id = useId();
  const [reason, setReason] = useState('Postage labels on Click & Drop');
  const [busy, setBusy] = useState(false);
  const sessionExpired = useSessionExpiry();
  async function download(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await downloadFile(urlFor(ordersApi.clickAndDrop, { body: { orderIds: [...orderIds], reason } }), {
      name: 'click-and-drop.csv',
      failure: 'Could not export the orders. Please try again.',
      method: 'POST',
      json: { orderIds, reason },
      sessionExpired,
    });
    setBusy(false);
  }
  return (
    <form onSubmit={(e) => void download(e)} aria-label="Download for Click & Drop">
      <Flex direction="column" gap="2">
        <ReasonField
          id={`${id}-reason`}
          label="Reason for the download (kept with your name)"
          value={reason}
          onChange={setReason}
        />
        <Button type="submit" variant="soft" highContrast loading={busy} disabled={orderIds.length === 0}>
          Download for Click &amp; Drop ({orderIds.length})
        </Button>
      </Flex>
    </form>
  );
}

function OrderCard({
  order,
  chosen,
  parcel,
  outcome,
  canChange,
  onChoose,
  onParcel,
}: {
  order: AdminOrder;
  chosen: boolean;
  parcel: Parcel;
  outcome: BulkShipResult | undefined;
  canChange: boolean;
  onChoose: (chosen: boolean) => void;
  onParcel: (parcel: Parcel) => void;
}) {
  const id = useId();
  return (
    <Card size="2" className="fulfil-order" data-order-id={order.orderId} asChild>
      <li>
        <Flex direction="column" gap="2">
          <Text as="label" size="2" htmlFor={`${id}-choose`}>
            <Flex gap="2" align="center" wrap="wrap">
              <Checkbox id={`${id}-choose`} checked={chosen} onCheckedChange={(c) => onChoose(c === true)} />
              <Text weight="bold">{order.orderNumber}</Text>
              <StatusBadge status={order.status} />
              <RowBadges order={order} />
              <span>{order.customerName}</span>
            </Flex>
          </Text>
          <Text size="1" color="gray">
            Placed {formatOrderDate(order.orderDate)} · {plural(copiesOf(order), 'copy', 'copies')} · {order.total} ·{' '}
            <Link to="/admin/orders/$orderId" params={{ orderId: order.orderId }}>
              Open order
            </Link>
          </Text>
          {canChange && (
            <Flex gap="2" wrap="wrap" align="end">
              <Flex direction="column" gap="1">
                <Text as="label" size="1" id={`${id}-carrier-label`}>
                  Carrier for {order.orderNumber}
                </Text>
                <Select.Root
                  value={parcel.carrier}
                  onValueChange={(carrier) => onParcel({ ...parcel, carrier: carrier as Carrier })}
                >
                  <Select.Trigger aria-labelledby={`${id}-carrier-label`} />
                  <Select.Content>
                    {carriers.map((c) => (
                      <Select.Item key={c} value={c}>
                        {carrierLabels[c]}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <LabelledField id={`${id}-tracking`} label={`Tracking number for ${order.orderNumber}`}>
                <TextField.Root
                  id={`${id}-tracking`}
                  value={parcel.trackingNumber}
                  maxLength={maxTrackingNumberLength}
                  autoComplete="off"
                  onChange={(e) => onParcel({ ...parcel, trackingNumber: e.target.value })}
                />
              </LabelledField>
            </Flex>
          )}
          {outcome && !outcome.ok && (
            <Text size="2" color="red" role="alert">
              Not changed: {outcome.message}
            </Text>
          )}
        </Flex>
      </li>
    </Card>
  );
}

export function BulkFulfilment() {
  const { data: orders } = useSuspenseQuery(ordersToFulfilQuery);
  const process = useProcessMany();
  const logOut = useLogOut('/admin-login');
  const canChange = useCanChange();
  const ship = useShipMany();
  const sessionExpired = useSessionExpiry();
  const fileId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [parcels, setParcels] = useState<Record<string, Parcel>>({});
  const [outcomes, setOutcomes] = useState<Record<string, BulkShipResult>>({});
  const [imported, setImported] = useState<{ filled: number; problems: string[] } | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  // Orders that left the list (shipped, or moved elsewhere) are no longer chosen.
  const listed = useMemo(() => new Set(orders.map((o) => o.orderId)), [orders]);
  const chosenIds = orders.filter((o) => chosen.has(o.orderId)).map((o) => o.orderId);
  // Of those, the paid ones not yet being packed: "Mark processing" moves only these.
  const chosenPaid = orders.filter((o) => chosen.has(o.orderId) && o.status !== 'processing');
  const allChosen = orders.length > 0 && chosenIds.length === orders.length;
  const parcelOf = (orderId: string) => parcels[orderId] ?? defaultParcel;

  const choose = (orderId: string, yes: boolean) =>
    setChosen((now) => {
      const next = new Set([...now].filter((id) => listed.has(id)));
      if (yes) next.add(orderId);
      else next.delete(orderId);
      return next;
    });

  async function importCsv(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const { rows, problems } = parseCarrierCsv(await file.text());
    const notListed: string[] = [];
    const filled: Record<string, Parcel> = {};
    for (const row of rows) {
      const order = orderForNumber(orders, row.orderNumber);
      if (!order) {
        notListed.push(row.orderNumber);
        continue;
      }
      filled[order.orderId] = { carrier: parcelOf(order.orderId).carrier, trackingNumber: row.trackingNumber };
    }
    setParcels((now) => ({ ...now, ...filled }));
    setChosen((now) => new Set([...now, ...Object.keys(filled)]));
    setImported({
      filled: Object.keys(filled).length,
      problems: [
        ...problems,
        ...(notListed.length
          ? [
              `Not among the orders to fulfil here: ${notListed.slice(0, 10).join(', ')}${notListed.length > 10 ? '…' : ''}`,
            ]
          : []),
      ],
    });
  }

  function shipChosen() {
    setSummary(null);
    const body = {
      orders: orders
        .filter((o) => chosen.has(o.orderId))
        .map((o) => ({ orderId: o.orderId, expectedRevision: o.revision, shipment: parcelOf(o.orderId) })),
    };
    ship.mutate(body, {
      onSuccess: (answer) => {
        setOutcomes(Object.fromEntries(answer.results.map((r) => [r.orderId, r])));
        setChosen(new Set(answer.results.filter((r) => !r.ok).map((r) => r.orderId)));
        const text =
          answer.failed === 0
            ? `${plural(answer.shipped, 'order')} marked shipped; each customer was e-mailed.`
            : `${plural(answer.shipped, 'order')} marked shipped; ${plural(answer.failed, 'order')} not shipped (see below).`;
        setSummary(text);
        toast({ title: 'Orders Shipped', description: text });
      },
      onError: (error) => {
        if (!sessionExpired(error))
          toast({
            title: 'Shipping Failed',
            description: serverMessage(error) ?? 'Could not mark the orders shipped. Please try again.',
            variant: 'destructive',
          });
      },
    });
  }

  function processChosen() {
    setSummary(null);
    const body = { orders: chosenPaid.map((o) => ({ orderId: o.orderId, expectedRevision: o.revision })) };
    process.mutate(body, {
      onSuccess: (answer) => {
        setOutcomes(Object.fromEntries(answer.results.map((r) => [r.orderId, r])));
        const text =
          answer.failed === 0
            ? `${plural(answer.moved, 'order')} marked processing.`
            : `${plural(answer.moved, 'order')} marked processing; ${plural(answer.failed, 'order')} not changed (see below).`;
        setSummary(text);
        toast({ title: 'Orders Updated', description: text });
      },
      onError: (error) => {
        if (!sessionExpired(error))
          toast({
            title: 'Update Failed',
            description: serverMessage(error) ?? 'Could not mark the orders processing. Please try again.',
            variant: 'destructive',
          });
      },
    });
  }

  const paidCount = orders.filter((o) => o.status !== 'processing').length;
  const failed = Object.values(outcomes).filter((o) => !o.ok && !listed.has(o.orderId));
  return (
    <AdminPage
      title="Fulfil Orders"
      subtitle={`${plural(orders.length, 'order')} to fulfil: ${paidCount} paid, ${orders.length - paidCount} processing`}
      links={<AdminLink to="/admin/orders">All Orders</AdminLink>}
      onLogOut={logOut}
    >
      <Flex direction="column" gap="4" mb="6" className="fulfil">
        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="3">
              {plural(chosenIds.length, 'order')} chosen
            </Heading>
            <Text as="label" size="2" htmlFor={`${fileId}-all`}>
              <Flex gap="2" align="center">
                <Checkbox
                  id={`${fileId}-all`}
                  checked={allChosen}
                  disabled={orders.length === 0}
                  onCheckedChange={(c) => setChosen(c === true ? new Set(listed) : new Set())}
                />
                All orders to fulfil ({orders.length})
              </Flex>
            </Text>
            <Flex gap="3" wrap="wrap" align="end">
              {chosenIds.length === 0 ? (
                <Button variant="soft" highContrast disabled>
                  Print packing slips (0)
                </Button>
              ) : (
                <Button asChild variant="soft" highContrast>
                  <Link to="/admin/packing-slips" search={{ ids: chosenIds.join(',') }} target="_blank">
                    Print packing slips ({chosenIds.length})
                  </Link>
                </Button>
              )}
              {canChange && <ClickAndDropDownload orderIds={chosenIds} />}
            </Flex>
            {canChange && (
              <>
                <LabelledField
                  id={`${fileId}-csv`}
                  label="Tracking numbers from a carrier’s CSV (an order reference and a tracking number column)"
                >
                  <input
                    id={`${fileId}-csv`}
                    type="file"
                    accept=".csv,text/csv"
                    className="fulfil__file"
                    onChange={(e) => void importCsv(e)}
                  />
                </LabelledField>
                {imported && (
                  <Callout.Root color={imported.problems.length ? 'amber' : 'green'} role="status">
                    <Callout.Text>
                      {plural(imported.filled, 'tracking number')} filled in from the file.
                      {imported.problems.length > 0 && ' Some rows were not used:'}
                    </Callout.Text>
                    {imported.problems.length > 0 && (
                      <ul className="fulfil__problems">
                        {imported.problems.map((p, i) => (
                          <li key={i}>
                            <Text size="2">{p}</Text>
                          </li>
                        ))}
                      </ul>
                    )}
                  </Callout.Root>
                )}
                <Flex gap="3" wrap="wrap">
                  <Button
                    variant="soft"
                    highContrast
                    disabled={chosenPaid.length === 0 || process.isPending || ship.isPending}
                    loading={process.isPending}
                    onClick={processChosen}
                  >
                    Mark {plural(chosenPaid.length, 'paid order')} processing
                  </Button>
                  <Button
                    highContrast
                    disabled={chosenIds.length === 0 || ship.isPending || process.isPending}
                    loading={ship.isPending}
                    onClick={shipChosen}
                  >
                    Mark {plural(chosenIds.length, 'order')} shipped
                  </Button>
                </Flex>
              </>
            )}
            <div role="status" aria-live="polite">
              {summary && <Text size="2">{summary}</Text>}
            </div>
            {failed.length > 0 && (
              <ul className="fulfil__problems">
                {failed.map((o) => (
                  <li key={o.orderId}>
                    <Text size="2" color="red">
                      {o.orderId}: {o.message}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </Flex>
        </Card>
        {orders.length === 0 ? (
          <Text as="p" color="gray">
            No orders to fulfil.{' '}
            <Badge color="green" variant="soft">
              All caught up
            </Badge>
          </Text>
        ) : (
          <ul className="fulfil__list" aria-label="Orders to fulfil">
            {orders.map((order) => (
              <OrderCard
                key={order.orderId}
                order={order}
                chosen={chosen.has(order.orderId)}
                parcel={parcelOf(order.orderId)}
                outcome={outcomes[order.orderId]}
                canChange={canChange}
                onChoose={(yes) => choose(order.orderId, yes)}
                onParcel={(parcel) => setParcels((now) => ({ ...now, [order.orderId]: parcel }))}
              />
            ))}
          </ul>
        )}
      </Flex>
    </AdminPage>
  );
}
