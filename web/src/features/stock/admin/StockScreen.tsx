// The owner's stock screen: per product what is on hand, held by open checkouts and buyable; the checkouts holding
// copies, with their age, each releasable; copies received and corrections with a reason; paid orders that found no
// stock; the last movements.
import { ukDateTime } from '#contracts/shared/londonTime.ts';
import { Badge, Button, Callout, Card, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { restockApi } from '#contracts/messages/restockApi.ts';
import { useState, type FormEvent } from 'react';
import { stockApi } from '#contracts/stock/api.ts';
import {
  movementNote,
  type AdminStockProduct,
  type StockHoldEntry,
  type StockMovement,
} from '#contracts/stock/model.ts';
import { Link } from '@tanstack/react-router';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';

/** A movement's note: the order it concerns by its AH- number, linked to its page; the owner's notes as written. */
function MovementNote({ movement }: { movement: StockMovement }) {
  const note = movementNote(movement);
  if (!note.orderId) return <>{note.text}</>;
  return (
    <>
      <Link to="/admin/orders/$orderId" params={{ orderId: note.orderId }}>
        {note.orderNumber}
      </Link>
      {note.text && ` ${note.text}`}
    </>
  );
}
import { AdminPage } from '../../../components/AdminPage.tsx';
import { toast } from '../../../components/toast/toasts.ts';
import { call, queryFor, serverMessage } from '../../../lib/api.ts';
import { adminStockQuery } from './adminStockQuery.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import './stock.css';
import { useCanChange } from '../../../lib/admin/role.ts';

export function StockScreen() {
  const logOut = useLogOut();
  // Fetched by the route's loader; a failure shows the route's error screen.
  const stock = useSuspenseQuery(adminStockQuery);
  // How many shoppers asked to hear when each book is back (decision 091): counts only, read beside the stock.
  const waiting = useQuery(queryFor(restockApi.waiting)).data?.waiting ?? {};
  return (
    <AdminPage
      title="Stock"
      subtitle="Copies on the shelf, held by checkouts and still for sale. A product sells without limit until you record stock for it."
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5">
        {stock.data.products.map((product) => (
          <ProductStock key={product.bookId} product={product} waiting={waiting[String(product.bookId)] ?? 0} />
        ))}
      </Flex>
    </AdminPage>
  );
}

function ProductStock({ product, waiting }: { product: AdminStockProduct; waiting: number }) {
  const headingId = `stock-${product.bookId}`;
  // An auditor reads the figures and movements; recording stock is the owner's.
  const canChange = useCanChange();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId} className="stock-card" data-testid="stock-product">
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Heading as="h2" size="4" id={headingId}>
            {product.title}
          </Heading>
          {!product.tracked ? (
            <Badge color="gray">Not counted</Badge>
          ) : product.forSale === 0 ? (
            <Badge color="red">Out of stock</Badge>
          ) : product.forSale < product.threshold ? (
            <Badge color="amber">Low</Badge>
          ) : (
            <Badge color="green">In stock</Badge>
          )}
        </Flex>
        <dl className="stock-figures">
          <div>
            <dt>On hand</dt>
            <dd data-testid="on-hand">{product.tracked ? product.onHand : '—'}</dd>
          </div>
          <div>
            <dt>Held by checkouts</dt>
            <dd>{product.reserved}</dd>
          </div>
          <div>
            <dt>For sale</dt>
            <dd data-testid="available">{product.tracked ? product.forSale : 'Unlimited'}</dd>
          </div>
          <div>
            <dt>Waiting to hear it is back</dt>
            <dd data-testid="waiting">{waiting}</dd>
          </div>
        </dl>
        {product.shortfalls.length > 0 && (
          <Callout.Root color="red" role="alert" mt="3">
            <Callout.Text>
              Paid orders that found no stock:{' '}
              {product.shortfalls.map((s) => `${s.orderId} (${s.quantity})`).join(', ')}. Find copies, or cancel and
              refund them.
            </Callout.Text>
          </Callout.Root>
        )}
        {product.holds.length > 0 && <HeldByCheckouts product={product} canChange={canChange} />}
        {canChange && (
          <Flex gap="5" wrap="wrap" mt="4">
            <ReceiveForm product={product} />
            <CorrectForm product={product} />
          </Flex>
        )}
        {product.movements.length > 0 && (
          <ScrollRegion label={`Last stock movements of ${product.title}`}>
            <Table.Root size="1" mt="4" className="stock-movements">
              <caption className="visually-hidden">Last stock movements of {product.title}</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Copies</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Note</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {product.movements.map((m, i) => (
                  <Table.Row key={i}>
                    <Table.Cell>{ukDateTime(m.at)}</Table.Cell>
                    <Table.Cell>{m.kind}</Table.Cell>
                    <Table.Cell>{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</Table.Cell>
                    <Table.Cell>
                      <MovementNote movement={m} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        )}
      </section>
    </Card>
  );
}

/** "4 min", "1 h 12 min": how long a hold has held its copies. */
function holdAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The checkouts holding copies now. A hold never stops a paying shopper (decision 061); the owner may still end one
 * (a stranger's pile of unpaid checkouts): its copies are back at once and its payment page stops taking payment.
 */
function HeldByCheckouts({ product, canChange }: { product: AdminStockProduct; canChange: boolean }) {
  return (
    <ScrollRegion label={`Checkouts holding ${product.title}`}>
      <Table.Root size="1" mt="4" className="stock-holds" data-testid="stock-holds">
        <caption className="stock-holds__caption">
          <Heading as="h3" size="3">
            Held by checkouts
          </Heading>
          <Text size="1" color="gray">
            Copies waiting for a payment. A shopper who pays takes a copy that is only held; a hold ends when its
            payment page expires.
          </Text>
        </caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Checkout</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Copies</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Held for</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Until</Table.ColumnHeaderCell>
            {canChange && <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {product.holds.map((hold) => (
            <Table.Row key={hold.checkoutId} data-testid="stock-hold">
              <Table.Cell>
                <code>{hold.checkoutId.slice(0, 8)}</code> {hold.secured && <Badge color="blue">Paying now</Badge>}
              </Table.Cell>
              <Table.Cell>{hold.quantity}</Table.Cell>
              <Table.Cell>{holdAge(hold.ageSeconds)}</Table.Cell>
              <Table.Cell>
                {new Date(hold.expiresAt).toLocaleTimeString('en-GB', {
                  timeZone: 'UTC',
                  hour: '2-digit',
                  minute: '2-digit',
                })}{' '}
                UTC
              </Table.Cell>
              {canChange && (
                <Table.Cell>
                  <ReleaseHold product={product} hold={hold} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollRegion>
  );
}

function ReleaseHold({ product, hold }: { product: AdminStockProduct; hold: StockHoldEntry }) {
  const handlers = useStockChange();
  const release = useMutation({
    mutationFn: () => call(stockApi.releaseHold, { params: { bookId: product.bookId, checkoutId: hold.checkoutId } }),
    ...handlers,
  });
  const copies = `${hold.quantity} ${hold.quantity === 1 ? 'copy' : 'copies'}`;
  return (
    <Button
      size="1"
      variant="soft"
      color="red"
      disabled={release.isPending}
      onClick={() => release.mutate()}
      aria-label={`Release ${copies} of ${product.title} held for ${holdAge(hold.ageSeconds)}`}
    >
      {release.isPending ? 'Releasing...' : 'Release'}
    </Button>
  );
}

function useStockChange() {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  return {
    onSuccess: (answer: { message: string; product: AdminStockProduct }) => {
      queryClient.setQueryData(
        adminStockQuery.queryKey,
        (old) =>
          old && { products: old.products.map((p) => (p.bookId === answer.product.bookId ? answer.product : p)) },
      );
      void queryClient.invalidateQueries({ queryKey: adminStockQuery.queryKey });
      toast({ title: 'Stock Updated', description: answer.message });
    },
    onError: (error: unknown) => {
      if (!sessionExpired(error))
        toast({
          title: 'Update Failed',
          description: serverMessage(error) ?? 'Failed to update stock. Please try again.',
          variant: 'destructive',
        });
    },
  };
}

function ReceiveForm({ product }: { product: AdminStockProduct }) {
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const handlers = useStockChange();
  const receive = useMutation({
    mutationFn: () =>
      call(stockApi.received, { params: { bookId: product.bookId }, body: { quantity: Number(quantity), note } }),
    ...handlers,
    onSuccess: (answer) => {
      handlers.onSuccess(answer);
      setQuantity('');
      setNote('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    receive.mutate();
  };
  return (
    <form onSubmit={submit} className="stock-form" aria-label={`Record copies of ${product.title} received`}>
      <Heading as="h3" size="3">
        Stock received
      </Heading>
      <label className="stock-form__field">
        <Text size="2">Copies</Text>
        <TextField.Root type="number" min={1} required value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </label>
      <label className="stock-form__field">
        <Text size="2">Note (optional)</Text>
        <TextField.Root
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          placeholder="e.g. second print run"
        />
      </label>
      <Button type="submit" disabled={receive.isPending}>
        {receive.isPending ? 'Saving...' : 'Record received'}
      </Button>
    </form>
  );
}

function CorrectForm({ product }: { product: AdminStockProduct }) {
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const handlers = useStockChange();
  const correct = useMutation({
    mutationFn: () =>
      call(stockApi.correct, { params: { bookId: product.bookId }, body: { delta: Number(delta), reason } }),
    ...handlers,
    onSuccess: (answer) => {
      handlers.onSuccess(answer);
      setDelta('');
      setReason('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    correct.mutate();
  };
  return (
    <form onSubmit={submit} className="stock-form" aria-label={`Correct the stock of ${product.title}`}>
      <Heading as="h3" size="3">
        Correction
      </Heading>
      <label className="stock-form__field">
        <Text size="2">Change (+ found, − lost or damaged)</Text>
        <TextField.Root type="number" required value={delta} onChange={(e) => setDelta(e.target.value)} />
      </label>
      <label className="stock-form__field">
        <Text size="2">Reason</Text>
        <TextField.Root
          required
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. two copies damaged in the post"
        />
      </label>
      <Button type="submit" variant="soft" disabled={correct.isPending}>
        {correct.isPending ? 'Saving...' : 'Record correction'}
      </Button>
    </form>
  );
}
