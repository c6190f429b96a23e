// Money going back after an order is placed: refunds the owner asks for (per line or an amount, with a reason), the
// payment gateway's answers, refunds made in the gateway's own dashboard, and disputes the card's bank opened. All of
// it is events on the order's stream; what may still be refunded is decided from them alone.
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import type { DomainEvent } from '../shared/events.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { formatPence } from '../shared/money.ts';
import type { OrderItem } from './model.ts';
import {
  disputeEvents,
  refundEvents,
  type OrderPlaced,
  type DisputeStepEvent,
  type RefundRequested,
  type RefundEvent,
} from './events.ts';
import { isFinalDisputeStatus, isWithdrawal, type DisputeMovement, type ReportedDispute } from './disputes.ts';

/** One line of the order (its index in `items`) and how many of it go back. */
export type RefundLine = { line: number; quantity: number };

/** How a refund failed: the gateway said no (the amount is free again), or it could not be reached (the outcome is unknown). */
export type RefundFailure = 'declined' | 'unavailable';

export type RefundStatus = 'pending' | 'succeeded' | 'declined' | 'unknown';

/**
 * Where a refund stands, as the console follows it: pending until the gateway answers, then refunded, or failed (its
 * `message` says why: declined, or an unknown outcome the owner may retry, which makes it pending again).
 */
export type RefundProgress = 'pending' | 'refunded' | 'failed';

export const progressOf = (status: RefundStatus): RefundProgress =>
  status === 'pending' ? 'pending' : status === 'succeeded' ? 'refunded' : 'failed';

export type RefundEntry = {
  refundId: string;
  /** pence */
  amount: number;
  lines: RefundLine[];
  reason: string;
  status: RefundStatus;
  progress: RefundProgress;
  source: 'shop' | 'gateway';
  gatewayRefundId?: string;
  /** why it was declined or why its outcome is unknown */
  message?: string;
  at: string;
  /** how many times the owner retried it; each attempt's outcome gets an event id of its own */
  attempts: number;
  /** its lines' copies came back to the shelf (decision 081) */
  restock?: boolean;
};

/** A dispute on the order as its events tell it (decision 101): where it stands, and the money it moved. */
export type Dispute = {
  disputeId: string;
  amount: number;
  reason: string;
  at: string;
  status: string | null;
  evidenceDueBy: string | null;
  livemode: boolean | null;
  /** when the bank decided; absent while it is open */
  closedAt?: string;
  /** the balance transactions it caused, oldest first */
  movements: DisputeMovement[];
};

/** The refund ledger of one order: every refund asked for or reported, oldest first, and the disputes. */
export type RefundBook = { refunds: RefundEntry[]; disputes: Dispute[] };

export const emptyRefundBook = (): RefundBook => ({ refunds: [], disputes: [] });

export const refundEventTypes = [...refundEvents, ...disputeEvents].map((d) => d.type);

export const isRefundEvent = (event: DomainEvent): event is RefundEvent =>
  (refundEventTypes as readonly string[]).includes(event.type);

/** What a refund made in the gateway's own dashboard is shown with, as it carries no reason of the shop's. */
export const gatewayRefundReason = "Refunded in the payment provider's dashboard";

const settled = (entry: RefundEntry, status: RefundStatus, message?: string): RefundEntry => {
  const { message: _message, ...rest } = entry;
  return { ...rest, status, progress: progressOf(status), ...(message === undefined ? {} : { message }) };
};

/**
 * The one fold of an order's refund events: the decider's state, the owner's order read model and the console all read
 * the refunds through it. Anything but a refund event leaves the book as it is.
 */
export function evolveRefundBook(book: RefundBook, event: DomainEvent): RefundBook {
  if (!isRefundEvent(event)) return book;
  const change = (refundId: string, f: (entry: RefundEntry) => RefundEntry): RefundBook => ({
    ...book,
    refunds: book.refunds.map((r) => (r.refundId === refundId ? f(r) : r)),
  });
  const known = (refundId: string) => book.refunds.some((r) => r.refundId === refundId);
  switch (event.type) {
    case 'RefundRequested': {
      const { refundId, amount, lines, reason, at, restock } = event.data;
      const entry: RefundEntry = {
        refundId,
        amount,
        lines,
        reason,
        status: 'pending',
        progress: 'pending',
        source: 'shop',
        at,
        attempts: 0,
        ...(restock ? { restock } : {}),
      };
      return { ...book, refunds: [...book.refunds, entry] };
    }
    case 'RefundSucceeded': {
      const { refundId, amount, gatewayRefundId, source, at } = event.data;
      if (known(refundId)) return change(refundId, (r) => ({ ...settled(r, 'succeeded'), gatewayRefundId }));
      const entry: RefundEntry = {
        refundId,
        amount,
        lines: [],
        reason: source === 'gateway' ? gatewayRefundReason : '',
        status: 'succeeded',
        progress: 'refunded',
        source,
        gatewayRefundId,
        at,
        attempts: 0,
      };
      return { ...book, refunds: [...book.refunds, entry] };
    }
    case 'RefundFailed':
      return change(event.data.refundId, (r) =>
        settled(r, event.data.failure === 'declined' ? 'declined' : 'unknown', event.data.message),
      );
    case 'RefundRetried':
      return change(event.data.refundId, (r) => ({ ...settled(r, 'pending'), attempts: r.attempts + 1 }));
    case 'OrderDisputed': {
      const { disputeId, amount, reason, at, status, evidenceDueBy, livemode } = event.data;
      const dispute: Dispute = { disputeId, amount, reason, at, status, evidenceDueBy, livemode, movements: [] };
      return { ...book, disputes: [...book.disputes, dispute] };
    }
    case 'DisputeUpdated':
    case 'DisputeClosed':
    case 'DisputeFundsWithdrawn':
    case 'DisputeFundsReinstated':
      return {
        ...book,
        disputes: book.disputes.map((d) => (d.disputeId === event.data.disputeId ? withDisputeStep(d, event) : d)),
      };
  }
}

function withDisputeStep(dispute: Dispute, event: DisputeStepEvent): Dispute {
  switch (event.type) {
    case 'DisputeUpdated': {
      const { status, evidenceDueBy, amount } = event.data;
      return { ...dispute, status, evidenceDueBy, amount };
    }
    case 'DisputeClosed':
      return { ...dispute, status: event.data.status, closedAt: event.data.at };
    case 'DisputeFundsWithdrawn':
    case 'DisputeFundsReinstated': {
      const { transactionId, amount, fee, net, createdAt } = event.data;
      const kind = event.type === 'DisputeFundsWithdrawn' ? 'withdrawn' : 'reinstated';
      // Folded before version 2 of the read models kept movements, a dispute may come without the list.
      const movements = dispute.movements ?? [];
      return { ...dispute, movements: [...movements, { transactionId, kind, amount, fee, net, createdAt }] };
    }
  }
}

export type RefundLedger =
  | { placed: false }
  | ({
      placed: true;
      orderId: string;
      paymentReference: string;
      total: number;
      items: OrderItem[];
    } & RefundBook);

/** Money a refund holds: paid back, on its way, or of unknown outcome (a timeout) — everything but a decline. */
export const holdsMoney = (status: RefundStatus) => status !== 'declined';

/** Paid back: the refunds the gateway confirmed. */
export const refundedAmount = (refunds: readonly Pick<RefundEntry, 'status' | 'amount'>[]) =>
  refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
export const heldAmount = (refunds: readonly Pick<RefundEntry, 'status' | 'amount'>[]) =>
  refunds.filter((r) => holdsMoney(r.status)).reduce((sum, r) => sum + r.amount, 0);
/** What may still be asked for: what was paid, less what refunds hold. */
export const refundableAmount = (total: number, refunds: readonly Pick<RefundEntry, 'status' | 'amount'>[]) =>
  Math.max(0, total - heldAmount(refunds));

/** A refund still waiting for the gateway's answer: the console follows the order until none is. */
export const hasPendingRefund = (refunds: readonly Pick<RefundEntry, 'status'>[] | undefined) =>
  (refunds ?? []).some((r) => progressOf(r.status) === 'pending');

/** How many of each line are still the buyer's: bought, less what refunds holding money return. */
export function linesLeft(
  items: readonly { quantity: number }[],
  refunds: readonly Pick<RefundEntry, 'status' | 'lines'>[],
): number[] {
  const left = items.map((item) => item.quantity);
  for (const refund of refunds) {
    if (!holdsMoney(refund.status)) continue;
    for (const { line, quantity } of refund.lines)
      if (left[line] !== undefined) left[line] = Math.max(0, left[line] - quantity);
  }
  return left;
}

/** How many of each line a refund has paid back (`refunded`, the provider confirmed) and brought back to the shelf. */
export function refundedPerLine(
  items: readonly { quantity: number }[],
  refunds: readonly Pick<RefundEntry, 'status' | 'lines' | 'restock'>[],
): { refunded: number; restocked: number }[] {
  const perLine = items.map(() => ({ refunded: 0, restocked: 0 }));
  for (const refund of refunds)
    for (const { line, quantity } of refund.lines) {
      const counts = perLine[line];
      if (!counts) continue;
      if (refund.status === 'succeeded') counts.refunded += quantity;
      if (refund.restock) counts.restocked += quantity;
    }
  return perLine;
}

/** How many of each line have come back to the shelf, by the refunds that said so. */
export const restockedPerLine = (
  items: readonly { quantity: number }[],
  refunds: readonly Pick<RefundEntry, 'status' | 'lines' | 'restock'>[],
) => refundedPerLine(items, refunds).map((l) => l.restocked);

/** What the owner is told about a refund: asked for and on its way, paid back, or why not. */
export function refundOutcome(refund: Pick<RefundEntry, 'status' | 'amount' | 'message'>): string {
  const amount = formatPence(refund.amount);
  switch (refund.status) {
    case 'succeeded':
      return `${amount} was refunded to the customer.`;
    case 'pending':
      return `The refund of ${amount} is with the payment provider; the order shows it once the provider confirms it.`;
    default:
      return refund.message ?? `The refund of ${amount} was not made.`;
  }
}

export const refundMessages = {
  fullyRefunded: 'This order has already been refunded in full.',
  tooMuch: (left: number) => `At most ${formatPence(left)} can still be refunded on this order.`,
  notPositive: 'A refund must be more than £0.00.',
  noSuchLine: (line: number) => `This order has no line ${line + 1}.`,
  restockWithoutLines: 'Copies go back on the shelf only with a refund of lines; choose the lines that came back.',
  restockedAlready: (name: string, left: number) =>
    left === 0
      ? `Every copy of "${name}" is already back on the shelf.`
      : `Only ${left} more of "${name}" can go back on the shelf.`,
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
      /** the lines' copies came back to the shelf */
      restock?: boolean;
    }
  | { type: 'RetryRefund'; orderId: string; refundId: string; by: string; at: string }
  /** what the gateway answered to the shop's own call */
  | { type: 'SettleRefund'; orderId: string; refundId: string; outcome: GatewayRefundOutcome; at: string }
  /** a refund as the gateway reports it in a webhook: the shop's own (metadata names it) or one made in its dashboard */
  | { type: 'RecordGatewayRefund'; orderId: string; refund: ReportedRefund; at: string }
  /** a dispute as the provider reports it, in any of its webhooks: whatever it says that is not recorded yet is */
  | { type: 'RecordDispute'; orderId: string; dispute: ReportedDispute; at: string };

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
  const left = refundableAmount(state.total, state.refunds);
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
  if (command.restock) {
    if (lines.length === 0) throw invalid(refundMessages.restockWithoutLines);
    // A copy comes back once: a refund declined and asked for again does not put the same copies back twice.
    const back = restockedPerLine(state.items, state.refunds);
    for (const { line, quantity } of lines) {
      const item = state.items[line]!;
      if (back[line]! + quantity > item.quantity)
        throw conflict(refundMessages.restockedAlready(item.name, item.quantity - back[line]!));
    }
  }
  const { orderId, refundId, reason, by, at } = command;
  return [
    {
      type: 'RefundRequested',
      data: { orderId, refundId, amount, lines, reason, by, at, ...(command.restock ? { restock: true } : {}) },
    },
  ];
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
        ...emptyRefundBook(),
      };
    }
    if (!state.placed) return state;
    return { ...state, ...evolveRefundBook(state, event) };
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
        return recordDispute(state.disputes, orderId, command.dispute, at);
    }
  },
};

/**
 * What a report of a dispute adds to what the order knows of it: the dispute itself when new, a change of status,
 * deadline or amount, its close, and each balance transaction not recorded yet. A decided dispute keeps its decision
 * against a report of an earlier status delivered late.
 */
function recordDispute(
  disputes: readonly Dispute[],
  orderId: string,
  reported: ReportedDispute,
  at: string,
): RefundEvent[] {
  const { disputeId } = reported;
  const known = disputes.find((d) => d.disputeId === disputeId);
  const events: RefundEvent[] = [];
  if (!known) {
    const { amount, reason, status, evidenceDueBy, paymentIntent, livemode } = reported;
    events.push({
      type: 'OrderDisputed',
      data: {
        orderId,
        disputeId,
        amount,
        reason,
        at,
        status,
        evidenceDueBy,
        paymentIntent,
        livemode,
        moneyFollowed: true,
      },
    });
    if (isFinalDisputeStatus(status))
      events.push({ type: 'DisputeClosed', data: { orderId, disputeId, status: status!, at } });
  } else if (reported.status !== null && !isFinalDisputeStatus(known.status)) {
    const { status, evidenceDueBy, amount } = reported;
    if (isFinalDisputeStatus(status)) {
      events.push({ type: 'DisputeClosed', data: { orderId, disputeId, status, at } });
    } else if (status !== known.status || evidenceDueBy !== known.evidenceDueBy || amount !== known.amount) {
      events.push({ type: 'DisputeUpdated', data: { orderId, disputeId, status, evidenceDueBy, amount, at } });
    }
  }
  const recorded = new Set((known?.movements ?? []).map((m) => m.transactionId));
  for (const transaction of reported.transactions) {
    if (recorded.has(transaction.transactionId)) continue;
    recorded.add(transaction.transactionId);
    events.push({
      type: isWithdrawal(transaction) ? 'DisputeFundsWithdrawn' : 'DisputeFundsReinstated',
      data: { ...transaction, orderId, disputeId, at },
    });
  }
  return events;
}

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
        ownerText('The reason', { multiline: true }),
        v.trim(),
        v.minLength(1, 'Say why the money goes back'),
        v.maxLength(maxRefundReasonLength, `Reason must be at most ${maxRefundReasonLength} characters`),
      ),
      expectedRevision,
      /** with lines only: their copies came back to the shelf */
      restock: v.optional(v.boolean('Restock must be true or false')),
    },
    'Send a JSON object with lines or an amount, and a reason',
  ),
  v.check(
    (body) => (body.amount !== undefined) !== (body.lines !== undefined && body.lines.some((l) => l.quantity > 0)),
    'Give either lines with quantities or an amount, not both',
  ),
  v.check((body) => !body.restock || body.amount === undefined, refundMessages.restockWithoutLines),
);
export type RequestRefundBody = v.InferInput<typeof RequestRefundSchema>;

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry */
export const RetryRefundSchema = v.object({ expectedRevision }, 'Send a JSON object');
export type RetryRefundBody = v.InferInput<typeof RetryRefundSchema>;

/** A refund id as it appears in a path. */
export const refundIdPattern = /^[A-Za-z0-9_-]{1,120}$/;
