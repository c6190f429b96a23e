// The number deciders as specifications (decision 070): a year's receipts and credit notes number on from the last,
// and an order (or a refund) already numbered takes no second number.
import { test } from 'uvu';
import type { CreditNoteIssued, ReceiptIssued } from '../../contracts/receipts/events.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { creditNoteDecider, receiptDecider } from './issue.ts';

const at = '2026-12-01T10:00:00.000Z';
const receiptOf = (orderId: string) => ({
  year: 2026,
  orderId,
  orderNumber: `AH-${orderId}`,
  placedAt: at,
  issuedAt: at,
});
const issued = (orderId: string, sequence: number): ReceiptIssued => ({
  type: 'ReceiptIssued',
  data: { ...receiptOf(orderId), sequence, receiptNumber: `AH-2026-${String(sequence).padStart(6, '0')}` },
});

const receipts = deciderSpec(receiptDecider);

test("a year's first receipt is number 1; the next takes the number after the last", () => {
  receipts
    .given([])
    .when({ type: 'IssueReceipt', data: receiptOf('a') })
    .then([issued('a', 1)]);
  receipts
    .given([issued('a', 1), issued('b', 2)])
    .when({ type: 'IssueReceipt', data: receiptOf('c') })
    .then([issued('c', 3)]);
});

test('an order already numbered takes no second number', () => {
  receipts
    .given([issued('a', 1), issued('b', 2)])
    .when({ type: 'IssueReceipt', data: receiptOf('a') })
    .then([]);
});

const noteOf = (refundId: string) => ({
  year: 2026,
  orderId: 'a',
  refundId,
  receiptNumber: 'AH-2026-000001',
  amount: 999,
  lines: [],
  refundedAt: at,
  issuedAt: at,
});
const noted = (refundId: string, sequence: number): CreditNoteIssued => ({
  type: 'CreditNoteIssued',
  data: { ...noteOf(refundId), sequence, creditNoteNumber: `CN-2026-${String(sequence).padStart(6, '0')}` },
});

const creditNotes = deciderSpec(creditNoteDecider);

test('a credit note a refund: numbered on from the last, none for a refund already noted', () => {
  creditNotes
    .given([])
    .when({ type: 'IssueCreditNote', data: noteOf('r1') })
    .then([noted('r1', 1)]);
  creditNotes
    .given([noted('r1', 1)])
    .when({ type: 'IssueCreditNote', data: noteOf('r2') })
    .then([noted('r2', 2)]);
  creditNotes
    .given([noted('r1', 1)])
    .when({ type: 'IssueCreditNote', data: noteOf('r1') })
    .then([]);
});

test.run();
