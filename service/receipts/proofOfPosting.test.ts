// The proof-of-posting decider as a specification (decision 097): an export's reference is recorded once; the same one
// again records nothing, another is refused; an order that stayed in the UK needs none, and an unknown order is not found.
import { test } from 'uvu';
import type { OrderPlaced, ProofOfPostingRecorded } from '../../contracts/orders/events.ts';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import { exportEvidenceMessages } from '../../contracts/vat/exports.ts';
import type { OrderVat } from '../../contracts/vat/orderVat.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { proofOfPostingDecider, proofOfPostingMessages } from './exportProof.ts';

const spec = deciderSpec(proofOfPostingDecider);
const orderId = 'pi_export_1';
const at = '2026-12-01T10:00:00.000Z';
const zero = { gross: 1349, vat: 0, net: 1349 };
const vat = (exported: boolean): OrderVat => ({
  vatNumber: 'GB123456789',
  lines: [{ rate: 0, gross: 999, vat: 0, net: 999 }],
  delivery: [{ rate: 0, gross: 350, vat: 0 }],
  rates: [{ rate: 0, goods: 999, delivery: 350, gross: 1349, vat: 0, net: 1349 }],
  totals: zero,
  ...(exported ? { export: { country: 'US', ukRates: [], ukTotals: zero } } : {}),
});
const placed = (exported: boolean): OrderPlaced => ({
  type: 'OrderPlaced',
  data: orderPlacedData({ orderId, vat: vat(exported) }),
});
const recorded = (reference: string): ProofOfPostingRecorded => ({
  type: 'ProofOfPostingRecorded',
  data: { orderId, reference, by: 'owner', at },
});
const record = (reference: string) => ({ type: 'RecordProofOfPosting' as const, orderId, reference, by: 'owner', at });

test("an export's reference is recorded once, with who and when; the same one again records nothing", () => {
  spec
    .given([placed(true)])
    .when(record('CP-001'))
    .then([recorded('CP-001')]);
  spec
    .given([placed(true), recorded('CP-001')])
    .when(record('CP-001'))
    .then([]);
});

test('another reference for an export that has one is refused: one parcel, one proof', () => {
  spec
    .given([placed(true), recorded('CP-001')])
    .when(record('CP-002'))
    .thenFails(Conflict, proofOfPostingMessages.already('CP-001'));
});

test('an order that stayed in the UK needs no proof of export, and an unknown order is not found', () => {
  spec
    .given([placed(false)])
    .when(record('CP-001'))
    .thenFails(Conflict, exportEvidenceMessages.notExport);
  spec.given([]).when(record('CP-001')).thenFails(NotFound, proofOfPostingMessages.notFound(orderId));
});

test.run();
