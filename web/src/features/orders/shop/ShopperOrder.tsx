// The shopper's order page (decision 086), by the signed link in their e-mails: where the order is, what is in it,
// where it is going, its receipt, and their requests to cancel or return with our answers.
import { Badge, Button, Card, Flex, Heading, Link as TextLink, Text, TextArea } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { invoiceMessages } from '#contracts/receipts/invoice.ts';
import type { ShopperOrderView } from '#contracts/orders/shopperOrder.ts';
import { orderPageApi } from '#contracts/orders/shopperApi.ts';
import { maxRequestNoteLength, type ReturnReason } from '#contracts/orders/shopperRequests.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { giftForLine, quotedGiftMessage } from '#contracts/checkout/gift.ts';
import { shopContent } from '#contracts/catalog/content.ts';
import { call } from '../../../lib/api.ts';
import { PreOrderLines } from '../../preorders/shop/PreOrderCancel.tsx';
import { preOrderCancelTexts } from '#contracts/preorders/cancel.ts';
import { Answer } from './LinkStates.tsx';
import { orderPageQuery, orderReceiptQuery } from './orderPageQuery.ts';
import './orderPage.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id}>
        <Heading as="h2" size="4" mb="3" id={id}>
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}

function Timeline({ page }: { page: ShopperOrderView }) {
  return (
    <ol className="order-page__timeline">
      {page.timeline.map((entry, i) => (
        <li key={`${entry.kind}-${i}`}>
          <Text as="p" weight="bold">
            {entry.title}
          </Text>
          <Text as="p" size="2" color="gray">
            <time dateTime={entry.at}>{when(entry.at)}</time>
          </Text>
          {entry.detail && (
            <Text as="p" size="2">
              {entry.detail}
            </Text>
          )}
          {entry.link && (
            <Text as="p" size="2">
              <TextLink href={entry.link.href} target="_blank" rel="noopener noreferrer">
                {entry.link.label}
              </TextLink>
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}

function Items({ page }: { page: ShopperOrderView }) {
  return (
    <table className="order-page__items">
      <caption className="visually-hidden">Items in your order</caption>
      <thead>
        <tr>
          <th scope="col">Book</th>
          <th scope="col">Qty</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        {page.items.map((item, i) => (
          <tr key={i}>
            <td>{item.name}</td>
            <td>{item.quantity}</td>
            <td>{formatPence(item.price * item.quantity)}</td>
          </tr>
        ))}
        {page.savings.map((saving) => (
          <tr key={saving.label}>
            <td colSpan={2}>{saving.label} (in the prices above)</td>
            <td>−{formatPence(saving.amount)}</td>
          </tr>
        ))}
        <tr>
          <td colSpan={2}>Delivery</td>
          <td>{formatPence(page.shippingCost)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Total paid
          </th>
          <td>
            <strong>{formatPence(page.total)}</strong>
          </td>
        </tr>
        {page.refunded > 0 && (
          <tr>
            <td colSpan={2}>Refunded</td>
            <td>−{formatPence(page.refunded)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function Documents({ receiptToken }: { receiptToken: string }) {
  const receipt = useQuery(orderReceiptQuery(receiptToken));
  if (!receipt.data) return null;
  const href = `/receipt/${receiptToken}`;
  return (
    <Section title="Receipt">
      <Flex direction="column" gap="2">
        <Text as="p">
          <TextLink asChild>
            <Link to="/receipt/$token" params={{ token: receiptToken }}>
              {receipt.data.title} {receipt.data.receiptNumber}
            </Link>
          </TextLink>
        </Text>
        {receipt.data.kind === 'simplified' && (
          <Text as="p">
            <TextLink asChild>
              <Link to="/receipt/$token" params={{ token: receiptToken }} search={{ invoice: 'full' }}>
                {invoiceMessages.fullInvoiceAsk}
              </Link>
            </TextLink>
          </Text>
        )}
        {receipt.data.creditNotes.map((note) => (
          <Text as="p" key={note.creditNoteNumber}>
            <TextLink href={href}>
              Credit note {note.creditNoteNumber} ({formatPence(note.amount)})
            </TextLink>
          </Text>
        ))}
      </Flex>
    </Section>
  );
}

function Requests({ page }: { page: ShopperOrderView }) {
  if (page.requests.length === 0) return null;
  return (
    <Flex direction="column" gap="3">
      {page.requests.map((request) => (
        <Card key={request.requestId} variant="surface">
          <Flex direction="column" gap="1">
            <Text weight="bold">
              {request.kind === 'cancel' ? 'Your request to cancel' : `Your return request: ${request.reason ?? ''}`}
            </Text>
            <Text size="2" color="gray">
              Sent <time dateTime={request.at}>{when(request.at)}</time> ·{' '}
              {request.outcome === 'open'
                ? 'we will answer soon'
                : request.outcome === 'accepted'
                  ? 'accepted'
                  : 'declined'}
            </Text>
            {request.note && <Text size="2">“{request.note}”</Text>}
            {request.message && <Text size="2">Our answer: {request.message}</Text>}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

function useRequest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: () => Promise<{ message: string; page: ShopperOrderView }>) => run(),
    onSuccess: (answer) => queryClient.setQueryData(orderPageQuery(token).queryKey, answer.page),
  });
}

type PageRequest = ReturnType<typeof useRequest>;

function CancelForm({ token, page, request }: { token: string; page: ShopperOrderView; request: PageRequest }) {
  const [sure, setSure] = useState(false);
  return (
    <Flex direction="column" gap="3" align="start">
      <Text as="p">
        Changed your mind? As long as your order has not left us, we can cancel it and refund you in full.
      </Text>
      {!sure ? (
        <Button variant="soft" onClick={() => setSure(true)}>
          Ask to cancel my order
        </Button>
      ) : (
        <Flex gap="2" wrap="wrap">
          <Button
            color="red"
            loading={request.isPending}
            onClick={() =>
              request.mutate(() =>
                call(orderPageApi.cancel, { params: { token }, body: { expectedRevision: page.revision } }),
              )
            }
          >
            Yes, please cancel it
          </Button>
          <Button variant="soft" color="gray" onClick={() => setSure(false)}>
            Keep my order
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/** The order's pre-orders (decision 132): when each is published, and the cancel for a full refund before dispatch. */
function PreOrderSection({ token, page, request }: { token: string; page: ShopperOrderView; request: PageRequest }) {
  const [sure, setSure] = useState(false);
  const preOrder = page.preOrder!;
  return (
    <Section title="Your pre-order">
      <Flex direction="column" gap="3" align="start">
        <PreOrderLines preOrder={preOrder} />
        <Text as="p">{preOrderCancelTexts.right}</Text>
        {!preOrder.cancel.allowed ? (
          <Text as="p">{preOrder.cancel.why}</Text>
        ) : !sure ? (
          <Button variant="soft" onClick={() => setSure(true)}>
            {preOrderCancelTexts.button}
          </Button>
        ) : (
          <Flex gap="2" wrap="wrap" align="center">
            <Text as="p">We will refund {formatPence(preOrder.refund)} in full.</Text>
            <Button
              color="red"
              loading={request.isPending}
              onClick={() =>
                request.mutate(() =>
                  call(orderPageApi.cancelPreOrder, { params: { token }, body: { expectedRevision: page.revision } }),
                )
              }
            >
              Yes, cancel my pre-order
            </Button>
            <Button variant="soft" color="gray" onClick={() => setSure(false)}>
              Keep my pre-order
            </Button>
          </Flex>
        )}
      </Flex>
    </Section>
  );
}

function ReturnForm({ token, page, request }: { token: string; page: ShopperOrderView; request: PageRequest }) {
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    request.mutate(() =>
      call(orderPageApi.return, {
        params: { token },
        body: { reason, note, expectedRevision: page.revision },
      }),
    );
  };
  return (
    <form onSubmit={submit} aria-label="Ask to return your order">
      <Flex direction="column" gap="3" align="start">
        <Text as="p">
          You can send your order back within 14 days of its arrival
          {page.returns.until ? `, until ${dayOf(page.returns.until)}` : ''}. Tell us why, and we will e-mail you how to
          send it.
        </Text>
        <fieldset className="order-page__reasons">
          <legend>
            <Text weight="medium">Why would you like to return it?</Text>
          </legend>
          {page.reasons.map((r) => (
            <label key={r.value}>
              <input
                type="radio"
                name="reason"
                value={r.value}
                checked={reason === r.value}
                onChange={() => setReason(r.value)}
                required
              />
              {r.label}
            </label>
          ))}
        </fieldset>
        <label className="order-page__field" style={{ width: '100%' }}>
          <Text weight="medium">Anything you would like to add (optional)</Text>
          <TextArea value={note} maxLength={maxRequestNoteLength} onChange={(e) => setNote(e.target.value)} rows={4} />
        </label>
        <Button type="submit" loading={request.isPending} disabled={!reason}>
          Ask to return my order
        </Button>
      </Flex>
    </form>
  );
}

export function ShopperOrder({ token, page }: { token: string; page: ShopperOrderView }) {
  // One request at a time; its answer stays shown after the page it returns has replaced the form.
  const request = useRequest(token);
  return (
    <div className="order-page">
      <Flex direction="column" gap="2">
        <Heading as="h1" size="7">
          Your order {page.orderNumber}
        </Heading>
        <Flex gap="2" align="center" wrap="wrap">
          <Badge
            size="2"
            highContrast
            color={page.status === 'cancelled' || page.status === 'refunded' ? 'gray' : 'green'}
          >
            {page.statusLabel}
          </Badge>
          <Text color="gray">Placed {dayOf(page.placedAt)}</Text>
        </Flex>
        <Text as="p">
          Thank you for shopping with {shopContent.shop.name}, {page.customerName}.
        </Text>
      </Flex>

      <Section title="Where your order is">
        <Timeline page={page} />
      </Section>

      <Section title="What you ordered">
        <Items page={page} />
      </Section>

      <Section title="Delivery address">
        {page.gift?.recipientName && (
          <Text as="p" weight="bold" mb="2" data-testid="order-gift-for">
            {giftForLine(page.gift.recipientName)}
          </Text>
        )}
        <address>
          {page.deliveryLines.map((line) => (
            <Text as="p" key={line}>
              {line}
            </Text>
          ))}
        </address>
        {page.gift?.message && (
          <Text as="p" mt="3" data-testid="order-gift-message">
            Your gift message: {quotedGiftMessage(page.gift.message)}
          </Text>
        )}
      </Section>

      {page.receiptToken && <Documents receiptToken={page.receiptToken} />}

      {page.preOrder && page.preOrder.lines.length > 0 && (
        <PreOrderSection token={token} page={page} request={request} />
      )}

      <Section title="Cancel or return">
        <Flex direction="column" gap="4">
          <Answer message={request.data?.message} error={request.error} />
          <Requests page={page} />
          {page.cancel.allowed ? (
            <CancelForm token={token} page={page} request={request} />
          ) : page.returns.allowed ? (
            <ReturnForm token={token} page={page} request={request} />
          ) : (
            <Text as="p">{page.returns.why ?? page.cancel.why}</Text>
          )}
          <Text as="p" size="2" color="gray">
            Questions? Write to us at{' '}
            <TextLink href={`mailto:${shopContent.shop.contactEmail}`}>{shopContent.shop.contactEmail}</TextLink>.
          </Text>
        </Flex>
      </Section>
    </div>
  );
}
