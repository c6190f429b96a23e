// A code's stream decided (decision 075): the owner's changes and their meaningless transitions, one answer for every
// code that is not valid now, the use limit counting running holds, once per e-mail address, and a placement that
// redeems without a hold past the limit, flagged; holds capped per client address and counted once per address, and a
// repeat by an address known only once paid flagged against earlier uses and other checkouts' holds (decision 092).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict, Invalid, NotFound, TooMany } from '../shared/errors.ts';
import type { DomainEvent } from '../shared/events.ts';
import {
  discountCodeDecider,
  foldDiscountCode,
  refusalOf,
  statusOf,
  type DiscountCodeCommand,
  type EmailKeys,
} from './code.ts';
import { discountMessages } from './model.ts';
import type { DiscountCodeCreated } from './events.ts';

const created = (over: Partial<DiscountCodeCreated['data']> = {}): DomainEvent => ({
  type: 'DiscountCodeCreated',
  data: {
    code: 'SPRING',
    kind: 'percent',
    amount: 10,
    oncePerEmail: false,
    minimumBasket: 0,
    by: 'owner',
    at: '2026-12-01T09:00:00.000Z',
    ...over,
  },
});
const now = '2026-12-01T10:00:00.000Z';
const decide = (history: DomainEvent[], command: DiscountCodeCommand) =>
  discountCodeDecider.decide(command, foldDiscountCode(history));
const refused = (fn: () => unknown, kind: typeof Invalid | typeof Conflict | typeof NotFound | typeof TooMany) => {
  try {
    fn();
  } catch (error) {
    assert.instance(error, kind);
    return (error as Error).message;
  }
  return assert.unreachable('expected a refusal');
};
const hold = (checkoutId: string, email?: string, holder?: string): DiscountCodeCommand => ({
  type: 'HoldUse',
  code: 'SPRING',
  checkoutId,
  subtotal: 2000,
  amount: 200,
  ...(email ? { email: { key: email } } : {}),
  ...(holder ? { holder, holdsPerAddress: 2 } : {}),
  until: '2026-12-01T10:32:00.000Z',
  at: now,
});
const apply = (history: DomainEvent[], command: DiscountCodeCommand) => [...history, ...decide(history, command)];

test('unknown, not started, expired, paused and ended codes get the one answer', () => {
  const paused = [created(), { type: 'DiscountCodePaused', data: { code: 'SPRING', by: 'o', at: now } }];
  const ended = [created(), { type: 'DiscountCodeEnded', data: { code: 'SPRING', by: 'o', at: now } }];
  const cases = [
    [],
    [created({ validFrom: '2026-12-02T00:00:00.000Z' })],
    [created({ validUntil: '2026-12-01T09:30:00.000Z' })],
    paused,
    ended,
  ];
  const answers = cases.map((events) => refusalOf(foldDiscountCode(events), now, { subtotal: 5000 }));
  assert.equal(answers, Array(5).fill(discountMessages.notValid));
  assert.equal(
    cases.map((events) => refused(() => decide(events, hold('c1')), Invalid)),
    Array(5).fill(discountMessages.notValid),
  );
});

test('the owner’s transitions: pause, resume, end; the meaningless ones are 409, an unknown code 404', () => {
  const change = (type: 'PauseCode' | 'ResumeCode' | 'EndCode') => ({ type, code: 'SPRING', by: 'o', at: now });
  assert.is(
    refused(() => decide([], change('PauseCode')), NotFound),
    discountMessages.unknown('SPRING'),
  );
  assert.is(
    refused(() => decide([created()], { type: 'CreateCode', data: created().data as never }), Conflict),
    discountMessages.exists('SPRING'),
  );
  assert.is(
    refused(() => decide([created()], change('ResumeCode')), Conflict),
    discountMessages.notPaused,
  );
  let history = apply([created()], change('PauseCode'));
  assert.is(statusOf(foldDiscountCode(history), now), 'paused');
  assert.is(
    refused(() => decide(history, change('PauseCode')), Conflict),
    discountMessages.alreadyPaused,
  );
  history = apply(history, change('ResumeCode'));
  assert.is(statusOf(foldDiscountCode(history), now), 'active');
  history = apply(history, change('EndCode'));
  assert.is(
    refused(() => decide(history, change('ResumeCode')), Conflict),
    discountMessages.alreadyEnded,
  );
  assert.is(statusOf(foldDiscountCode(history), now), 'ended');
});

test('running holds count against the limit until they run out; a released hold gives its use back', () => {
  let history = [created({ maxUses: 2 })];
  history = apply(history, hold('c1'));
  history = apply(history, hold('c2'));
  assert.is(
    refused(() => decide(history, hold('c3')), Invalid),
    discountMessages.usedUp,
  );
  assert.is(statusOf(foldDiscountCode(history), now), 'used-up');
  // Past the holds' end, both uses are free again without any event.
  const later = {
    ...(hold('c3') as Extract<DiscountCodeCommand, { type: 'HoldUse' }>),
    at: '2026-12-01T10:33:00.000Z',
  };
  assert.is(decide(history, later).length, 1);
  history = apply(history, { type: 'ReleaseUse', code: 'SPRING', checkoutId: 'c1', reason: 'cancelled', at: now });
  assert.is(decide(history, hold('c3'))[0]?.type, 'DiscountUseHeld');
  assert.equal(decide(history, hold('c2')), [], 'holding again for the same checkout changes nothing');
});

test('a minimum basket, and once per e-mail address against uses and running holds', () => {
  const min = [created({ minimumBasket: 2500 })];
  assert.is(
    refused(() => decide(min, hold('c1')), Invalid),
    discountMessages.minimumBasket(2500),
  );
  let once = apply([created({ oncePerEmail: true })], hold('c1', 'key-a'));
  assert.is(
    refused(() => decide(once, hold('c2', 'key-a')), Invalid),
    discountMessages.oncePerEmail,
  );
  assert.is(decide(once, hold('c2', 'key-b')).length, 1);
  once = apply(once, {
    type: 'RedeemUse',
    code: 'SPRING',
    checkoutId: 'c1',
    orderId: 'o1',
    orderNumber: 'AH-00000001',
    amount: 200,
    email: { key: 'key-a' },
    at: now,
  });
  assert.is(
    refused(() => decide(once, hold('c3', 'key-a')), Invalid),
    discountMessages.oncePerEmail,
  );
});

test('a placement redeems its hold; without one past the limit it still redeems, flagged over the limit', () => {
  let history = apply([created({ maxUses: 1 })], hold('c1'));
  const redeem = (checkoutId: string, orderId: string): DiscountCodeCommand => ({
    type: 'RedeemUse',
    code: 'SPRING',
    checkoutId,
    orderId,
    orderNumber: `AH-${orderId}`,
    amount: 200,
    at: now,
  });
  const [first] = decide(history, redeem('c1', 'o1'));
  assert.is((first!.data as { overLimit?: boolean }).overLimit, undefined);
  history = [...history, first!];
  assert.equal(decide(history, redeem('c1', 'o1')), [], 'redeemed once');
  const [second] = decide(history, redeem('c9', 'o2'));
  assert.is((second!.data as { overLimit?: boolean }).overLimit, true);
});

const redeem = (checkoutId: string, orderId: string, email?: EmailKeys): DiscountCodeCommand => ({
  type: 'RedeemUse',
  code: 'SPRING',
  checkoutId,
  orderId,
  orderNumber: `AH-${orderId}`,
  amount: 200,
  ...(email ? { email } : {}),
  at: now,
});
const redeemedData = (history: DomainEvent[]) =>
  history
    .filter((e) => e.type === 'DiscountRedeemed')
    .map((e) => e.data as { orderId: string; overLimit?: boolean; repeatEmail?: boolean; email?: string });

test('an address holds at most its cap of uses: past it 429 until its first hold ends; paying frees its place', () => {
  let history = [created({ maxUses: 5 })];
  history = apply(history, hold('a1', undefined, 'addr-a'));
  history = apply(history, hold('a2', undefined, 'addr-a'));
  const message = refused(() => decide(history, hold('a3', undefined, 'addr-a')), TooMany);
  assert.is(message, discountMessages.holdsPerAddress(2, 32 * 60_000));
  try {
    decide(history, hold('a3', undefined, 'addr-a'));
  } catch (error) {
    assert.is((error as TooMany).retryAfterSeconds, 32 * 60);
  }
  assert.is(decide(history, hold('a1', undefined, 'addr-a')).length, 0, 'a checkout holding already decides nothing');
  assert.is(decide(history, hold('b1', undefined, 'addr-b')).length, 1, 'another address');
  assert.is(decide(history, hold('n1')).length, 1, 'a hold without an address is not capped');
  // A paid checkout no longer holds, a released one neither; and once the address's holds run out it may hold again.
  const paid = apply(history, redeem('a1', 'o1'));
  assert.is(decide(paid, hold('a3', undefined, 'addr-a')).length, 1);
  const released = apply(history, {
    type: 'ReleaseUse',
    code: 'SPRING',
    checkoutId: 'a2',
    reason: 'cancelled',
    at: now,
  });
  assert.is(decide(released, hold('a3', undefined, 'addr-a')).length, 1);
  const later = { ...hold('a3', undefined, 'addr-a'), at: '2026-12-01T10:33:00.000Z' } as DiscountCodeCommand;
  assert.is(decide(history, later).length, 1);
});

test('a repeat known only once paid: against earlier uses that were not repeats, and other checkouts holding by that address', () => {
  const once = created({ oncePerEmail: true });
  // A checkout started with the address holds a use; another started without one is paid with that address.
  let history = apply([once], hold('known', 'key-a'));
  history = apply(history, hold('unknown'));
  history = apply(history, redeem('unknown', 'o1', { key: 'key-a' }));
  history = apply(history, redeem('known', 'o2', { key: 'key-a' }));
  history = apply(history, redeem('third', 'o3', { key: 'key-a' }));
  history = apply(history, redeem('other', 'o4', { key: 'key-b' }));
  assert.equal(
    redeemedData(history).map((r) => [r.orderId, r.repeatEmail === true]),
    [
      ['o1', true],
      ['o2', false],
      ['o3', true],
      ['o4', false],
    ],
  );
  assert.not.match(JSON.stringify(history), 'legacy');
});

test('a use recorded under the key of the old form still counts for the same spelling', () => {
  const old = {
    type: 'DiscountRedeemed',
    data: {
      code: 'SPRING',
      checkoutId: 'c0',
      orderId: 'o0',
      orderNumber: 'AH-o0',
      amount: 200,
      email: 'old-key',
      at: now,
    },
  };
  const history = [created({ oncePerEmail: true }), old];
  const state = foldDiscountCode(history);
  assert.is(
    refusalOf(state, now, { subtotal: 2000, email: { key: 'new-key', legacyKey: 'old-key' } }),
    discountMessages.oncePerEmail,
  );
  assert.is(refusalOf(state, now, { subtotal: 2000, email: { key: 'new-key' } }), null);
  const [redeemed] = decide(history, redeem('c1', 'o1', { key: 'new-key', legacyKey: 'old-key' }));
  assert.equal(
    [(redeemed!.data as { repeatEmail?: boolean }).repeatEmail, (redeemed!.data as { email?: string }).email],
    [true, 'new-key'],
  );
});

test.run();
