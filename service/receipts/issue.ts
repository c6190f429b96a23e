// Issuing receipt and credit-note numbers. A year's numbers are one stream (`receipts-2026`, `creditnotes-2026`): the
// issuer reads it, takes the number after the last, and appends at the revision it read. Two issuers that read the same
// revision cannot both append: the loser reads again and takes the next number, or finds the order already numbered and
// takes none. A number is taken only after the order (or the refund) is in the log, so a failed placement takes none.
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { evolveRefundBook, emptyRefundBook } from '../../contracts/orders/refunds.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import {
  creditNoteContent,
  creditNoteNumberOf,
  emptySequence,
  evolveSequence,
  isNumbered,
  receiptNumberOf,
  ukYearOf,
  type SequenceState,
} from '../../contracts/receipts/model.ts';
import type { CreditNoteIssued, ReceiptIssued } from '../../contracts/receipts/events.ts';
import { creditNotesStream, orderStream, receiptsStream } from '../../contracts/shared/streams.ts';
import { fold, handleCommand, idFromReference, type CommandMeta, type Decider } from '../commands.ts';

type IssueReceipt = { type: 'IssueReceipt'; data: Omit<ReceiptIssued['data'], 'receiptNumber' | 'sequence'> };
type IssueCreditNote = {
  type: 'IssueCreditNote';
  data: Omit<CreditNoteIssued['data'], 'creditNoteNumber' | 'sequence'>;
};

/** One year's receipts: an order already numbered gets nothing more; any other the number after the last. */
export const receiptDecider: Decider<SequenceState, IssueReceipt, ReceiptIssued> = {
  initialState: emptySequence,
  evolve: evolveSequence,
  decide: ({ data }, state) => {
    if (state.numbers[data.orderId]) return [];
    const sequence = state.last + 1;
    return [
      { type: 'ReceiptIssued', data: { ...data, sequence, receiptNumber: receiptNumberOf(data.year, sequence) } },
    ];
  },
};

/** One year's credit notes: one per refund paid back. */
export const creditNoteDecider: Decider<SequenceState, IssueCreditNote, CreditNoteIssued> = {
  initialState: emptySequence,
  evolve: evolveSequence,
  decide: ({ data }, state) => {
    if (state.numbers[data.refundId]) return [];
    const sequence = state.last + 1;
    return [
      {
        type: 'CreditNoteIssued',
        data: { ...data, sequence, creditNoteNumber: creditNoteNumberOf(data.year, sequence) },
      },
    ];
  },
};

export type IssueDeps = { events: EventStore; clock: () => Date };

/**
 * Enough rounds for every issuer of a busy moment: each round one of those racing wins, and the others read again. The
 * store's check decides who wins, so the count only bounds how long a loser keeps trying.
 */
const raceRetries = 500;

/**
 * The receipt number of a placed order, issued now if it has none: null for an order not in the log, or placed before
 * the shop numbered receipts. Safe to call again, from any process: an order gets one number.
 */
export async function issueReceipt(deps: IssueDeps, orderId: string, meta: CommandMeta): Promise<string | null> {
  const order = orderOnRecord(await deps.events.readStream(orderStream(orderId)));
  if (!order || !isNumbered(order.placedAt)) return null;
  const year = ukYearOf(order.placedAt);
  const stream = receiptsStream(year);
  const command: IssueReceipt = {
    type: 'IssueReceipt',
    data: {
      year,
      orderId,
      orderNumber: order.orderNumber,
      placedAt: order.placedAt,
      issuedAt: deps.clock().toISOString(),
    },
  };
  const result = await handleCommand(deps.events, stream, receiptDecider, command, meta, {
    raceRetries,
    eventIds: () => idFromReference('ReceiptIssued', orderId),
  });
  const issued = result.events[0]?.data.receiptNumber;
  return issued ?? fold(receiptDecider, await deps.events.readStream(stream)).numbers[orderId] ?? null;
}

/**
 * The credit note of a refund paid back, issued now if it has none, naming the order's receipt (issued first if the
 * order had none yet) and the VAT it reverses. Null when the order has no receipt to correct (placed before numbering)
 * or the refund is not recorded as paid back.
 */
export async function issueCreditNote(
  deps: IssueDeps,
  orderId: string,
  refundId: string,
  meta: CommandMeta,
): Promise<string | null> {
  const orderEvents = await deps.events.readStream(orderStream(orderId));
  const order = orderOnRecord(orderEvents);
  const at = orderEvents.findIndex((e) => e.type === 'RefundSucceeded' && e.data.refundId === refundId);
  const succeededEvent = orderEvents[at];
  if (!order || succeededEvent?.type !== 'RefundSucceeded' || !isNumbered(order.placedAt)) return null;
  const receiptNumber = await issueReceipt(deps, orderId, meta);
  if (!receiptNumber) return null;
  // The log as it stood when this refund was paid back: what earlier refunds gave back counts, later ones do not.
  const upTo = orderEvents.slice(0, at + 1);
  const succeeded = succeededEvent.data;
  const entry = upTo.reduce(evolveRefundBook, emptyRefundBook()).refunds.find((r) => r.refundId === refundId);
  const content = creditNoteContent(order, upTo, {
    refundId,
    amount: succeeded.amount,
    lines: entry?.lines ?? [],
  });
  const year = ukYearOf(succeeded.at);
  const command: IssueCreditNote = {
    type: 'IssueCreditNote',
    data: {
      year,
      orderId,
      refundId,
      receiptNumber,
      amount: succeeded.amount,
      lines: content.lines,
      ...(content.vat ? { vat: content.vat } : {}),
      refundedAt: succeeded.at,
      issuedAt: deps.clock().toISOString(),
    },
  };
  const stream = creditNotesStream(year);
  const result = await handleCommand(deps.events, stream, creditNoteDecider, command, meta, {
    raceRetries,
    eventIds: () => idFromReference('CreditNoteIssued', `${orderId}:${refundId}`),
  });
  const issued = result.events[0]?.data.creditNoteNumber;
  return issued ?? fold(creditNoteDecider, await deps.events.readStream(stream)).numbers[refundId] ?? null;
}
