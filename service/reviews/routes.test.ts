import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reviewMessages } from '../../contracts/reviews/model.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { refusedAdminTokens } from '../../infra/testing/tokens.ts';
import { reviewsApi } from '../../contracts/reviews/api.ts';

let shop: TestShop;
let admin: Record<string, string>;
test.before(async () => {
  // Many bodies from one address on purpose: the limits have their own tests.
  shop = await startTestShop({ RATE_LIMITS: floodLimits });
  admin = await adminHeaders(shop);
});
test.after(() => shop.close());

const review = {
  bookId: 2,
  customerName: 'Maryam',
  customerEmail: 'maryam@example.com',
  rating: 5,
  reviewText: 'My daughter asks for it every night.',
};
const submit = async (body: Record<string, unknown> = review) => call(`${shop.url}/api/reviews/submit`, { body });
const head = () => shop.shop.deps.events.headPosition();

/** Runs a request that must be refused and checks that the log did not move. */
async function refused(request: () => Promise<{ status: number; json: any }>) {
  const before = await head();
  const res = await request();
  assert.is(await head(), before, `a refused request (${res.status}) appended events`);
  return res;
}

test('a submitted review is not public until the owner approves it, then it is, newest first', async () => {
  const first = await submit();
  assert.is(first.status, 201);
  assert.equal(
    { success: first.json.success, message: first.json.message },
    { success: true, message: reviewsApi.submit.messages.submitted },
  );
  assert.equal((await call(`${shop.url}/api/reviews/book/2`)).json, []);
  // The command answers after the read model caught up: the owner's next list already shows it.
  const pending = await call(`${shop.url}/api/admin/reviews/pending`, { headers: admin });
  assert.equal(
    pending.json.map((r: { id: string }) => r.id),
    [first.json.reviewId],
  );
  assert.is(pending.json[0].customerEmail, review.customerEmail);

  const approved = await call(`${shop.url}/api/admin/reviews/${first.json.reviewId}/approve`, {
    body: { adminMessage: 'Thank you, Maryam' },
    headers: admin,
  });
  assert.is(approved.status, 200);
  assert.is(approved.json.review.status, 'approved');
  assert.is(approved.json.review.adminMessage, 'Thank you, Maryam');
  assert.equal(
    approved.json.review.history.map((h: { action: string; by: string }) => [h.action, h.by]),
    [
      ['submitted', 'Maryam'],
      ['approved', 'admin'],
    ],
  );

  const second = await submit({ ...review, customerName: 'Yusuf', reviewText: '<b>Five stars</b> from us' });
  await call(`${shop.url}/api/admin/reviews/${second.json.reviewId}/approve`, { method: 'POST', headers: admin });
  const publicList = await call(`${shop.url}/api/reviews/book/2`);
  assert.equal(
    publicList.json.map((r: { customerName: string }) => r.customerName),
    ['Yusuf', 'Maryam'],
  );
  assert.is(publicList.json[0].reviewText, '<b>Five stars</b> from us');
  assert.not.ok('customerEmail' in publicList.json[0], 'shoppers must not see e-mail addresses');
  assert.equal((await call(`${shop.url}/api/reviews/book/1`)).json, []);
});

test('a review is rejected only with a reason; moderating twice is a conflict', async () => {
  const { json } = await submit({ ...review, bookId: 1 });
  const reject = (body?: unknown) =>
    call(`${shop.url}/api/admin/reviews/${json.reviewId}/reject`, { method: 'POST', body, headers: admin });
  for (const body of [undefined, {}, { adminMessage: '' }, { adminMessage: '   ' }, { adminMessage: 7 }]) {
    const res = await refused(() => reject(body));
    assert.is(res.status, 400, JSON.stringify(body));
    assert.is(res.json.message, reviewMessages.rejectionReason);
  }
  const rejected = await reject({ adminMessage: 'Please keep reviews about the book' });
  assert.is(rejected.status, 200);
  assert.is(rejected.json.review.status, 'rejected');
  assert.equal(
    (await call(`${shop.url}/api/admin/reviews/rejected`, { headers: admin })).json.map((r: { id: string }) => r.id),
    [json.reviewId],
  );
  for (const [body, message] of [
    [{ adminMessage: 5 }, 'Message must be text'],
    [{ adminMessage: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
  ] as const) {
    const res = await refused(() =>
      call(`${shop.url}/api/admin/reviews/${json.reviewId}/approve`, { body, headers: admin }),
    );
    assert.equal([res.status, res.json.message], [400, message]);
  }
  const again = await refused(() =>
    call(`${shop.url}/api/admin/reviews/${json.reviewId}/approve`, { method: 'POST', headers: admin }),
  );
  assert.is(again.status, 409);
  assert.match(again.json.message, 'already been rejected');
  assert.is((await refused(() => reject({ adminMessage: 'twice' }))).status, 409);
});

test('bad review bodies get 400 with the fixed messages and append nothing', async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ ...review, customerName: 'M' }, reviewMessages.name],
    [{ ...review, customerName: '   ' }, reviewMessages.name],
    [{ ...review, customerEmail: 'not-an-address' }, reviewMessages.email],
    [{ ...review, reviewText: 'Nice' }, reviewMessages.reviewText],
    [{ ...review, rating: 0 }, reviewMessages.rating],
    [{ ...review, rating: 6 }, reviewMessages.rating],
    [{ ...review, rating: 4.5 }, reviewMessages.rating],
    [{ ...review, bookId: '2' }, reviewMessages.bookId],
    [{ bookId: 2, customerEmail: 'a@b.co', rating: 5, reviewText: 'Lovely book' }, reviewMessages.name],
  ];
  for (const [body, message] of cases) {
    const res = await refused(() => submit(body));
    assert.is(res.status, 400, JSON.stringify(body));
    assert.is(res.json.message, message);
    assert.ok(res.json.issues.some((i: { message: string }) => i.message === message));
  }
  const notObject = await refused(() =>
    call(`${shop.url}/api/reviews/submit`, { raw: '[1,2]', headers: { 'content-type': 'application/json' } }),
  );
  assert.is(notObject.status, 400);
  const unknownBook = await refused(() => submit({ ...review, bookId: 99 }));
  assert.is(unknownBook.status, 404);
  assert.is(unknownBook.json.message, 'Book not found');
});

test('unknown books, statuses and reviews get 404 or 400', async () => {
  assert.is((await call(`${shop.url}/api/reviews/book/99`)).status, 404);
  assert.is((await call(`${shop.url}/api/reviews/book/abc`)).status, 400);
  const status = await call(`${shop.url}/api/admin/reviews/archived`, { headers: admin });
  assert.is(status.status, 400);
  assert.is(status.json.message, 'Status must be one of pending, approved, rejected, all');
  assert.is((await call(`${shop.url}/api/admin/reviews/all`, { headers: admin })).status, 200);
  const unknown = await refused(() =>
    call(`${shop.url}/api/admin/reviews/0b5f5a2e-0000-4000-8000-0000000000ff/approve`, {
      method: 'POST',
      headers: admin,
    }),
  );
  assert.is(unknown.status, 404);
  assert.is(
    (await refused(() => call(`${shop.url}/api/admin/reviews/not-a-uuid/approve`, { method: 'POST', headers: admin })))
      .status,
    400,
  );
});

test('every admin review endpoint answers 401 to a missing, expired, tampered or alg:none token', async () => {
  const { json } = await submit();
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/reviews'],
    ['GET', '/api/admin/reviews/pending'],
    ['POST', `/api/admin/reviews/${json.reviewId}/approve`, {}],
    ['POST', `/api/admin/reviews/${json.reviewId}/reject`, { adminMessage: 'No' }],
  ];
  for (const [method, path, body] of endpoints) {
    for (const [kind, headers] of Object.entries(refusedAdminTokens(shop.shop.deps.jwtSecret))) {
      const res = await refused(() => call(shop.url + path, { method, body, headers }));
      assert.is(res.status, 401, `${method} ${path} with a ${kind} token`);
      assert.is(res.json.success, false);
    }
  }
  const still = await call(`${shop.url}/api/admin/reviews/pending`, { headers: admin });
  assert.ok(
    still.json.some((r: { id: string }) => r.id === json.reviewId),
    'the review stayed pending',
  );
});

test.run();
