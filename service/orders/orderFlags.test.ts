// The order flags decider as a specification (decision 102): the owner accepts a flagged order as it stands, once per
// flag; a flag never raised is not found, and one accepted already changes nothing.
import { test } from 'uvu';
import { flagMessages } from '../../contracts/orders/console.ts';
import type { OrderFlagCleared, OrderFlagged } from '../../contracts/orders/events.ts';
import { NotFound } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { orderFlagsDecider } from './orderNotes.ts';

const spec = deciderSpec(orderFlagsDecider);
const orderId = 'pi_flag_1';
const at = '2026-12-01T10:00:00.000Z';
const later = '2026-12-01T11:00:00.000Z';
const flagged = (flag: OrderFlagged['data']['flag']): OrderFlagged => ({
  type: 'OrderFlagged',
  data: { orderId, flag, message: 'Looked at by the owner', at },
});
const cleared = (flag: OrderFlagCleared['data']['flag']): OrderFlagCleared => ({
  type: 'OrderFlagCleared',
  data: { orderId, flag, by: 'owner', at: later },
});
const accept = (flag: OrderFlagCleared['data']['flag']) => ({
  type: 'ClearOrderFlag' as const,
  orderId,
  flag,
  by: 'owner',
  at: later,
});

test('a raised flag is accepted once, by whom and when', () => {
  spec
    .given([flagged('payment-mismatch')])
    .when(accept('payment-mismatch'))
    .then([cleared('payment-mismatch')]);
  spec
    .given([flagged('payment-mismatch'), cleared('payment-mismatch')])
    .when(accept('payment-mismatch'))
    .then([]);
});

test('each flag is accepted on its own: accepting one leaves the other raised', () => {
  spec
    .given([flagged('payment-mismatch'), flagged('discount-code-repeat'), cleared('payment-mismatch')])
    .when(accept('discount-code-repeat'))
    .then([cleared('discount-code-repeat')]);
});

test('a flag the order never had is not found', () => {
  spec.given([]).when(accept('payment-mismatch')).thenFails(NotFound, flagMessages.notFlagged);
  spec
    .given([flagged('discount-code-repeat')])
    .when(accept('shipping-rate-mismatch'))
    .thenFails(NotFound, flagMessages.notFlagged);
});

test.run();
