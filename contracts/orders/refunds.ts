// Money going back after an order is placed: refunds the owner asks for (per line or an amount, with a reason), the
// payment gateway's answers, refunds made in the gateway's own dashboard, and disputes the card's bank opened. All of
// it is events on the order's stream; what may still be refunded is decided from them alone.
import * as v from 'valibot';
import type { DomainEvent } from '../shared/events.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { formatPence } from '../shared/money.ts';
import type { OrderItem, OrderPlaced } from './model.ts';

/** One line of the order (its index in `items`) and how many of it go back. */
export type RefundLine = { line: number; quantity: number };

export type RefundRequested = DomainEvent<
  'RefundRequested',
  {
    orderId: string;
    /** the shop's id for this refund; the gateway's idempotency key is derived from it */
    refundId: string;
    /** integer pence */
    amount: number;
    /** the lines it returns; empty when the owner gave an amount */
    lines: RefundLine[];
    reason: string;
    by: string;
    at: string;
  }
>;

export type RefundSucceeded = DomainEvent<
  'RefundSucceeded',
  {
    orderId: string;
    refundId: string;
    amount: number;
    /** the gateway's id for the refund (Stripe's re_…) */
    gatewayRefundId: string;
    /** 'shop': asked for in the console; 'gateway': made in the gateway's own dashboard and reported by a webhook */
    source: 'shop' | 'gateway';
    at: string;
  }
>;

/** How a refund failed: the gateway said no (the amount is free again), or it could not be reached (the outcome is unknown). */
export type RefundFailure = 'declined' | 'unavailable';

export type RefundFailed = DomainEvent<
  'RefundFailed',
  { orderId: string; refundId: string; failure: RefundFailure; message: string; at: string }
>;

/** The owner asked again for a refund whose gateway call timed out: the same refund, the same idempotency key. */
export type RefundRetried = DomainEvent<'RefundRetried', { orderId: string; refundId: string; by: string; at: string }>;

/** The card's bank opened a dispute (a chargeback) on the order's payment. */
export type OrderDisputed = DomainEvent<
  'OrderDisputed',
  { orderId: string; disputeId: string; amount: number; reason: string; at: string }
>;

export type RefundEvent = RefundRequested | RefundSucceeded | RefundFailed | RefundRetried | OrderDisputed;

export type RefundStatus = 'pending' | 'succeeded' | 'declined' | 'unknown';

export type RefundEntry = {
  refundId: string;
  amount: number;
  lines: RefundLine[];
  reason: string;
  status: RefundStatus;
  source: 'shop' | 'gateway';
  gatewayRefundId?: string;
  message?: string;
  at: string;
  /** how many times the owner retried it; each attempt's outcome gets an event id of its own */
  attempts: number;
};

export type RefundLedger =
  | { placed: false }
  | {
      placed: true;
      orderId: string;
      paymentReference: string;
      total: number;
      items: OrderItem[];
      refunds: RefundEntry[];
      disputes: string[];
    };

/** Money a refund holds: paid back, on its way, or of unknown outcome (a timeout) — everything but a decline. */
export const holdsMoney = (status: RefundStatus) => status !== 'declined';

export const refundedAmount = (refunds: readonly RefundEntry[]) =>
  refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
export const heldAmount = (refunds: readonly RefundEntry[]) =>
  refunds.filter((r) => holdsMoney(r.status)).reduce((sum, r) => sum + r.amount, 0);

/** How many of each line are still the buyer's: bought, less what refunds holding money return. */
export function linesLeft(
  items: readonly { quantity: number }[],
  refunds: readonly Pick<RefundEntry, 'status' | 'lines'>[],
): number[] {
  const left = items.map((item) => item.quantity);
  for (const refund of refunds) {
    if (!holdsMoney(refund.status)) continue;
    for (const { line, quantity } of refund.lines)
      if (left[line] !== undefined) left[line] = Math.max(0, left[line]! - quantity);
  }
  return left;
}

export const refundMessages = {
  fullyRefunded: 'This order has already been refunded in full.',
  tooMuch: (left: number) => `At most ${formatPence(left)} can still be refunded on this order.`,
  notPositive: 'A refund must be more than £0.00.',
  noSuchLine: (line: number) => `This order has no line ${line + 1}.`,
  repeatedLine: (line: number) =>
    `Line ${line + 1} is listed more than once; list each line once, with how many of it go back.`,
  lineLeft: (name: string, left: number) =>
    left === 0 ? `"${name}" has already been refunded.` : `Only ${left} of "${name}" can still be refunded.`,
  noSuchRefund: 'This order has no such refund.',
  notRetryable: {
    succeeded: 'This refund has already been paid back.',
    pending: 'This refund is still with the payment provider.',
    declined: 'The payment provider declined this refund; ask for a new refund if the money should still go back.',
  },
} as const;

export const orderNotFound = (orderId: string) => `No order with id ${orderId}`;

export type RefundCommand =
  | {
      type: 'RequestRefund';
      orderId: string;
      refundId: string;
      amount?: number;
      lines?: RefundLine[];
      reason: string;
      by: string;
      at: string;
    }
  | { type: 'RetryRefund'; orderId: string; refundId: string; by: string; at: string }
  /** what the gateway answered to the shop's own call */
  | { type: 'SettleRefund'; orderId: string; refundId: string; outcome: GatewayRefundOutcome; at: string }
  /** a refund as the gateway reports it in a webhook: the shop's own (metadata names it) or one made in its dashboard */
  | { type: 'RecordGatewayRefund'; orderId: string; refund: ReportedRefund; at: string }
  | { type: 'RecordDispute'; orderId: string; disputeId: string; amount: number; reason: string; at: string };

export type GatewayRefundOutcome =
  | { status: 'succeeded'; gatewayRefundId: string }
  | { status: 'pending'; gatewayRefundId: string }
  | { status: 'failed'; failure: RefundFailure; message: string };

export type ReportedRefund = {
  gatewayRefundId: string;
  refundId?: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
};

/** The shop's id for a refund made outside it, derived from the gateway's id so a repeated report is the same refund. */
export const refundIdOfGatewayRefund = (gatewayRefundId: string) => `gateway-${gatewayRefundId}`;

function entryOf(state: Extract<RefundLedger, { placed: true }>, refundId: string) {
  return state.refunds.find((r) => r.refundId === refundId);
}

const withEntry = (
  state: Extract<RefundLedger, { placed: true }>,
  refundId: string,
  change: (entry: RefundEntry) => RefundEntry,
) => ({
  ...state,
  refunds: state.refunds.map((r) => (r.refundId === refundId ? change(r) : r)),
});

/** The first line index that appears twice in a refund's lines, or null when each appears once. */
export function firstRepeatedLine(lines: readonly { line: number }[]): number | null {
  const seen = new Set<number>();
  for (const { line } of lines) {
    if (seen.has(line)) return line;
    seen.add(line);
  }
  return null;
}

function requestRefund(
  command: Extract<RefundCommand, { type: 'RequestRefund' }>,
  state: Extract<RefundLedger, { placed: true }>,
): RefundRequested[] {
  const left = state.total - heldAmount(state.refunds);
  if (left <= 0) throw conflict(refundMessages.fullyRefunded);
  // Each line once: a line listed twice would be checked twice against what is left of it, and paid back twice.
  const repeated = firstRepeatedLine(command.lines ?? []);
  if (repeated !== null) throw invalid(refundMessages.repeatedLine(repeated));
  const lines = (command.lines ?? []).filter((l) => l.quantity > 0);
  let amount = command.amount;
  if (lines.length > 0) {
    const remaining = linesLeft(state.items, state.refunds);
    amount = 0;
    for (const { line, quantity } of lines) {
      const item = state.items[line];
      if (!item) throw invalid(refundMessages.noSuchLine(line));
      if (quantity > remaining[line]!) throw conflict(refundMessages.lineLeft(item.name, remaining[line]!));
      amount += item.price * quantity;
    }
  }
  if (amount === undefined || !Number.isInteger(amount) || amount <= 0) throw invalid(refundMessages.notPositive);
  if (amount > left) throw conflict(refundMessages.tooMuch(left));
  const { orderId, refundId, reason, by, at } = command;
  return [{ type: 'RefundRequested', data: { orderId, refundId, amount, lines, reason, by, at } }];
}

/** The refunds of one order: the owner's requests, the gateway's answers and reports, disputes. */
export const refundDecider = {
  initialState: (): RefundLedger => ({ placed: false }),
  evolve: (state: RefundLedger, event: DomainEvent): RefundLedger => {
    if (event.type === 'OrderPlaced') {
      const data = (event as OrderPlaced).data;
      return {
        placed: true,
        orderId: data.orderId,
        paymentReference: data.paymentReference,
        total: data.total,
        items: data.items,
        refunds: [],
        disputes: [],
      };
    }
    if (!state.placed) return state;
    const e = event as RefundEvent;
    switch (e.type) {
      case 'RefundRequested':
        return { ...state, refunds: [...state.refunds, { ...e.data, status: 'pending', source: 'shop', attempts: 0 }] };
      case 'RefundSucceeded': {
        if (entryOf(state, e.data.refundId)) {
          return withEntry(state, e.data.refundId, (r) => ({
            ...r,
            status: 'succeeded',
            gatewayRefundId: e.data.gatewayRefundId,
          }));
        }
        const { refundId, amount, gatewayRefundId, source, at } = e.data;
        return {
          ...state,
          refunds: [
            ...state.refunds,
            { refundId, amount, lines: [], reason: '', status: 'succeeded', source, gatewayRefundId, at, attempts: 0 },
          ],
        };
      }
      case 'RefundFailed':
        return withEntry(state, e.data.refundId, (r) => ({
          ...r,
          status: e.data.failure === 'declined' ? 'declined' : 'unknown',
          message: e.data.message,
        }));
      case 'RefundRetried':
        return withEntry(state, e.data.refundId, (r) => {
          const { message: _message, ...rest } = r;
          return { ...rest, status: 'pending', attempts: r.attempts + 1 };
        });
      case 'OrderDisputed':
        return { ...state, disputes: [...state.disputes, e.data.disputeId] };
      default:
        return state;
    }
  },
  decide: (command: RefundCommand, state: RefundLedger): RefundEvent[] => {
    if (!state.placed) throw notFound(orderNotFound(command.orderId));
    const { orderId, at } = command;
    switch (command.type) {
      case 'RequestRefund':
        return requestRefund(command, state);
      case 'RetryRefund': {
        const entry = entryOf(state, command.refundId);
        if (!entry) throw notFound(refundMessages.noSuchRefund);
        if (entry.status !== 'unknown') throw conflict(refundMessages.notRetryable[entry.status]);
        return [{ type: 'RefundRetried', data: { orderId, refundId: entry.refundId, by: command.by, at } }];
      }
      case 'SettleRefund': {
        const entry = entryOf(state, command.refundId);
        // Settled already (a webhook was quicker, or this answer is a repeat): nothing changes.
        if (!entry || entry.status !== 'pending') return [];
        const { outcome } = command;
        if (outcome.status === 'pending') return [];
        if (outcome.status === 'succeeded') {
          return [
            {
              type: 'RefundSucceeded',
              data: {
                orderId,
                refundId: entry.refundId,
                amount: entry.amount,
                gatewayRefundId: outcome.gatewayRefundId,
                source: 'shop',
                at,
              },
            },
          ];
        }
        return [
          {
            type: 'RefundFailed',
            data: { orderId, refundId: entry.refundId, failure: outcome.failure, message: outcome.message, at },
          },
        ];
      }
      case 'RecordGatewayRefund': {
        const reported = command.refund;
        const entry =
          (reported.refundId ? entryOf(state, reported.refundId) : undefined) ??
          state.refunds.find((r) => r.gatewayRefundId === reported.gatewayRefundId) ??
          entryOf(state, refundIdOfGatewayRefund(reported.gatewayRefundId));
        if (entry) {
          if (reported.status === 'succeeded' && entry.status !== 'succeeded') {
            return [
              {
                type: 'RefundSucceeded',
                data: {
                  orderId,
                  refundId: entry.refundId,
                  amount: entry.amount,
                  gatewayRefundId: reported.gatewayRefundId,
                  source: entry.source,
                  at,
                },
              },
            ];
          }
          if ((reported.status === 'failed' || reported.status === 'canceled') && entry.status !== 'declined') {
            const message =
              reported.status === 'failed'
                ? 'The payment provider reported that this refund failed.'
                : 'The refund was cancelled at the payment provider.';
            return [
              { type: 'RefundFailed', data: { orderId, refundId: entry.refundId, failure: 'declined', message, at } },
            ];
          }
          return [];
        }
        // Made outside the shop (Stripe's dashboard): recorded once it has succeeded.
        if (reported.status !== 'succeeded') return [];
        return [
          {
            type: 'RefundSucceeded',
            data: {
              orderId,
              refundId: refundIdOfGatewayRefund(reported.gatewayRefundId),
              amount: reported.amount,
              gatewayRefundId: reported.gatewayRefundId,
              source: 'gateway',
              at,
            },
          },
        ];
      }
      case 'RecordDispute':
        if (state.disputes.includes(command.disputeId)) return [];
        return [
          {
            type: 'OrderDisputed',
            data: { orderId, disputeId: command.disputeId, amount: command.amount, reason: command.reason, at },
          },
        ];
    }
  },
};

// --- the owner's requests --------------------------------------------------------------------------------------------

export const maxRefundReasonLength = 500;

const expectedRevision = v.optional(
  v.pipe(
    v.number('Expected revision must be a whole number'),
    v.integer('Expected revision must be a whole number'),
    v.minValue(0, 'Expected revision must be a whole number'),
  ),
);

/** POST /api/admin/orders/{id}/refunds: lines with quantities, or an amount in pence; and why. */
export const RequestRefundSchema = v.pipe(
  v.object(
    {
      amount: v.optional(
        v.pipe(
          v.number('Amount must be a number of pence'),
          v.integer('Amount must be whole pence'),
          v.minValue(1, refundMessages.notPositive),
          v.maxValue(100_000_000, 'Amount is too large'),
        ),
      ),
      lines: v.optional(
        v.pipe(
          v.array(
            v.object({
              line: v.pipe(
                v.number('Line must be a number'),
                v.integer('Line must be a whole number'),
                v.minValue(0, 'Line must not be negative'),
                v.maxValue(999, 'Line is out of range'),
              ),
              quantity: v.pipe(
                v.number('Quantity must be a number'),
                v.integer('Quantity must be a whole number'),
                v.minValue(0, 'Quantity must not be negative'),
                v.maxValue(1000, 'Quantity is too large'),
              ),
            }),
            'Lines must be a list of { line, quantity }',
          ),
          v.maxLength(100, 'Too many lines'),
          v.rawCheck(({ dataset, addIssue }) => {
            if (!dataset.typed) return;
            const repeated = firstRepeatedLine(dataset.value);
            if (repeated !== null) addIssue({ message: refundMessages.repeatedLine(repeated) });
          }),
        ),
      ),
      reason: v.pipe(
        v.optional(v.string('Reason must be text'), ''),
        v.trim(),
        v.minLength(1, 'Say why the money goes back'),
        v.maxLength(maxRefundReasonLength, `Reason must be at most ${maxRefundReasonLength} characters`),
      ),
      expectedRevision,
    },
    'Send a JSON object with lines or an amount, and a reason',
  ),
  v.check(
    (body) => (body.amount !== undefined) !== (body.lines !== undefined && body.lines.some((l) => l.quantity > 0)),
    'Give either lines with quantities or an amount, not both',
  ),
);
export type RequestRefundBody = v.InferInput<typeof RequestRefundSchema>;

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry */
export const RetryRefundSchema = v.object({ expectedRevision }, 'Send a JSON object');
export type RetryRefundBody = v.InferInput<typeof RetryRefundSchema>;

/** A refund id as it appears in a path. */
export const refundIdPattern = /^[A-Za-z0-9_-]{1,120}$/;
