import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Cart } from './cart.ts';
import {
  checkOutCart,
  createCheckoutGuard,
  type CartCheckoutDeps,
  type CartCheckoutRequest,
  type CartCheckoutResponse,
} from './cartCheckout.ts';

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  return {
    set: (run: () => void, ms: number) => {
      pending.set(++next, { run, ms });
      return next;
    },
    clear: (handle: unknown) => void pending.delete(handle as number),
    fire() {
      for (const [id, timer] of [...pending]) {
        pending.delete(id);
        timer.run();
      }
    },
    get delays() {
      return [...pending.values()].map((t) => t.ms);
    },
  };
}

const cart: Cart = [
  { bookId: 2, title: 'Together We Shine', price: 999, quantity: 2 },
  { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999, quantity: 1 },
];

function harness(answer: () => Promise<CartCheckoutResponse>) {
  const timers = manualTimers();
  const seen = {
    bodies: [] as CartCheckoutRequest[],
    cleared: 0,
    wentTo: [] as string[],
    busy: [] as boolean[],
    errors: 0,
  };
  const deps: CartCheckoutDeps = {
    guard: createCheckoutGuard(30_000, timers),
    post: (body) => {
      seen.bodies.push(body);
      return answer();
    },
    clearCart: () => void seen.cleared++,
    goTo: (url) => void seen.wentTo.push(url),
    setBusy: (busy) => void seen.busy.push(busy),
    logError: () => void seen.errors++,
  };
  return { deps, seen, timers };
}

test('guard: a second start is refused until released; it releases itself after 30 s', () => {
  const timers = manualTimers();
  const guard = createCheckoutGuard(30_000, timers);
  assert.ok(guard.tryStart());
  assert.not.ok(guard.tryStart());
  assert.equal(timers.delays, [30_000]);
  timers.fire();
  assert.not.ok(guard.running);
  assert.ok(guard.tryStart());
  guard.release();
  assert.equal(timers.delays, [], 'releasing cancels the reset timer');
  assert.ok(guard.tryStart());
});

test('checkout posts the lines and the chosen destination, clears the cart and goes to the payment page', async () => {
  const { deps, seen } = harness(async () => ({ success: true, url: 'https://pay.example/session/1' }));
  assert.is(await checkOutCart(cart, deps, 'FR'), 'redirected');
  assert.equal(seen.bodies, [
    {
      items: [
        { bookId: 2, quantity: 2, title: 'Together We Shine', price: 999 },
        { bookId: 3, quantity: 1, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999 },
      ],
      customerCountry: 'FR',
    },
  ]);
  assert.is(seen.cleared, 1);
  assert.equal(seen.wentTo, ['https://pay.example/session/1']);
  assert.equal(seen.busy, [true]);
});

test('checkout does nothing with an empty cart', async () => {
  const { deps, seen } = harness(async () => ({ success: true, url: 'https://pay.example' }));
  assert.is(await checkOutCart([], deps, 'GB'), 'empty');
  assert.equal(seen.bodies, []);
  assert.equal(seen.busy, []);
});

test('checkout without a destination starts nothing (decision 099)', async () => {
  const { deps, seen } = harness(async () => ({ success: true, url: 'https://pay.example' }));
  assert.is(await checkOutCart(cart, deps, null), 'no-destination');
  assert.equal(seen.bodies, []);
  assert.equal(seen.busy, []);
  assert.not.ok(deps.guard.running);
});

test('a second checkout while one runs is blocked', async () => {
  let answer!: (value: CartCheckoutResponse) => void;
  const { deps, seen } = harness(() => new Promise((resolve) => (answer = resolve)));
  const first = checkOutCart(cart, deps, 'GB');
  assert.is(await checkOutCart(cart, deps, 'GB'), 'blocked');
  assert.is(seen.bodies.length, 1);
  answer({ success: true, url: 'https://pay.example/s' });
  assert.is(await first, 'redirected');
});

test('a failed answer is only logged: the cart stays, busy clears, the guard resets', async () => {
  const { deps, seen } = harness(async () => ({ success: false, error: 'Stripe is down' }));
  assert.is(await checkOutCart(cart, deps, 'GB'), 'failed');
  assert.is(seen.cleared, 0);
  assert.equal(seen.wentTo, []);
  assert.equal(seen.busy, [true, false]);
  assert.is(seen.errors, 1);
  assert.not.ok(deps.guard.running);
});

test('an answer without a url, or a thrown error, counts as a failure', async () => {
  const noUrl = harness(async () => ({ success: true }));
  assert.is(await checkOutCart(cart, noUrl.deps, 'GB'), 'failed');
  const thrown = harness(async () => {
    throw new Error('500: Internal Server Error');
  });
  assert.is(await checkOutCart(cart, thrown.deps, 'GB'), 'failed');
  assert.is(thrown.seen.errors, 1);
  assert.not.ok(thrown.deps.guard.running);
  assert.is(thrown.seen.cleared, 0);
});

test.run();
