// Who read whose data, over HTTP: an auditor's CSV download is in the audit console naming the auditor and its reason;
// the download of a person's data is refused to an auditor until an owner grants it, and refused again once revoked;
// routine views are recorded once an hour per reader and subject; nothing recorded names the person in plain text.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataReadMessages, type DataReadDto, type DataReadsResponse } from '../../contracts/audit/dataReads.ts';
import { downloadGrantMessages } from '../../contracts/admin/model.ts';
import { privacyMessages } from '../../contracts/privacy/model.ts';
import { dataReadsStream } from '../../contracts/shared/streams.ts';
import { paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../../infra/testing/shop.ts';

// The shop's clock runs from the start of an hour and is moved on by hand, so "the same hour" is this test's to say.
const started = Date.now();
let offset = 0;
const clock = () => new Date(Date.parse('2026-11-27T09:00:00.000Z') + offset + (Date.now() - started));

const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits }, { clock });
test.after(() => shop.close());
const owner = await adminHeaders(shop);
const created = await call(`${shop.url}/api/admin/accounts`, {
  body: { username: 'audit.ann', role: 'auditor' },
  headers: owner,
});
assert.is(created.status, 201, created.text);
assert.is(created.json.account.downloadGranted, false);
const ann = await adminHeaders(shop, 'audit.ann');
const orderId = await paidCartCheckout(shop);
const buyer = 'amina@example.com';

/** What the console lists (after the read models have folded everything appended so far). */
async function consoleReads(query = '', headers = owner): Promise<DataReadsResponse> {
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  const res = await call(`${shop.url}/api/admin/audit/reads${query}`, { headers });
  assert.is(res.status, 200, res.text);
  return res.json as DataReadsResponse;
}

async function recordedReads(): Promise<(DataReadDto & { stream: string; causedBy: string })[]> {
  const events = [];
  for await (const event of shop.shop.deps.events.readAll(0))
    if (event.type === 'PersonalDataRead')
      events.push({
        ...event.data,
        id: event.id,
        position: event.position,
        stream: event.stream,
        causedBy: event.metadata.causedBy,
      });
  return events;
}

test("an auditor's CSV download is asked for a reason, and appears in the audit console naming the auditor", async () => {
  const refused = await call(`${shop.url}/api/admin/sales/orders.csv`, { headers: ann });
  assert.is(refused.status, 400, refused.text);
  assert.is(refused.json.message, dataReadMessages.reason);
  assert.is((await call(`${shop.url}/api/admin/sales/orders.csv?reason=%20x%20`, { headers: ann })).status, 400);
  assert.equal(await recordedReads(), [], 'a refused download records nothing');

  const csv = await call(
    `${shop.url}/api/admin/sales/orders.csv?q=${encodeURIComponent(buyer)}&reason=${encodeURIComponent('Quarterly VAT check')}`,
    { headers: ann },
  );
  assert.is(csv.status, 200, csv.text);
  assert.ok(csv.text.includes('Amina Khan'), 'the file holds the customer');

  const listed = await consoleReads();
  assert.is(listed.total, 1);
  const read = listed.reads[0]!;
  assert.equal(
    { reader: read.reader, role: read.role, endpoint: read.endpoint, reason: read.reason, routine: read.routine },
    {
      reader: 'audit.ann',
      role: 'auditor',
      endpoint: 'GET /api/admin/sales/orders.csv',
      reason: 'Quarterly VAT check',
      routine: false,
    },
  );
  assert.match(read.subject, /^orders\.csv\?q=email:[A-Za-z0-9_-]{22}$/);
  assert.ok(Date.parse(read.at) >= Date.parse('2026-11-27T09:00:00.000Z'));
  // The auditor sees the same list; the filters find it by reader and by day, and not under another reader or day.
  assert.is((await consoleReads('?reader=audit.ann', ann)).total, 1);
  assert.is((await consoleReads('?reader=someone.else')).total, 0);
  assert.is((await consoleReads('?from=2026-11-27&to=2026-11-27')).total, 1);
  assert.is((await consoleReads('?to=2026-11-26')).total, 0);

  const [stored] = await recordedReads();
  assert.is(stored?.stream, dataReadsStream(read.at));
  assert.is(stored?.causedBy, 'admin:audit.ann');
  assert.not.ok(
    JSON.stringify(await recordedReads())
      .toLowerCase()
      .includes('amina'),
    'the record names no one in plain text',
  );
});

test("the download of a person's data: refused to an auditor (403, nothing recorded), allowed once granted and recorded, refused again once revoked", async () => {
  const url = `${shop.url}/api/admin/privacy/access?email=${encodeURIComponent(buyer)}&reason=${encodeURIComponent('Subject access request of 27 Nov')}`;
  const before = (await recordedReads()).length;
  const refused = await call(url, { headers: ann });
  assert.is(refused.status, 403, refused.text);
  assert.is(refused.json.message, privacyMessages.accessRefused);
  assert.is((await recordedReads()).length, before);
  assert.is((await call(`${shop.url}/api/admin/me`, { headers: ann })).json.mayDownloadPersonalData, false);

  const grant = await call(`${shop.url}/api/admin/accounts/audit.ann/grant-download`, {
    method: 'POST',
    headers: owner,
  });
  assert.is(grant.status, 200, grant.text);
  assert.is(grant.json.message, downloadGrantMessages.granted);
  assert.is(grant.json.account.downloadGranted, true);
  const accounts = await call(`${shop.url}/api/admin/accounts`, { headers: ann });
  assert.equal(
    accounts.json.accounts.map(
      (a: { username: string; downloadGranted: boolean }) => `${a.username}:${a.downloadGranted}`,
    ),
    ['admin:false', 'audit.ann:true'],
  );
  assert.is((await call(`${shop.url}/api/admin/me`, { headers: ann })).json.mayDownloadPersonalData, true);
  // An auditor cannot grant itself (or anyone) anything.
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/audit.ann/grant-download`, { method: 'POST', headers: ann })).status,
    403,
  );

  assert.is(
    (await call(`${shop.url}/api/admin/privacy/access?email=${encodeURIComponent(buyer)}`, { headers: ann })).status,
    400,
    'a reason is asked for',
  );
  const allowed = await call(url, { headers: ann });
  assert.is(allowed.status, 200, allowed.text);
  assert.is(allowed.json.orders.length, 1);

  const bySubject = await consoleReads(`?subject=${encodeURIComponent('Amina@Example.com')}`);
  assert.is(bySubject.total, 1, 'found by the address, whatever its case, through its keyed hash');
  const read = bySubject.reads[0]!;
  assert.equal(
    { reader: read.reader, endpoint: read.endpoint, reason: read.reason },
    { reader: 'audit.ann', endpoint: 'GET /api/admin/privacy/access', reason: 'Subject access request of 27 Nov' },
  );
  assert.match(read.subject, /^email:[A-Za-z0-9_-]{22}$/);

  const revoke = await call(`${shop.url}/api/admin/accounts/audit.ann/revoke-download`, {
    method: 'POST',
    headers: owner,
  });
  assert.is(revoke.status, 200, revoke.text);
  assert.is(revoke.json.account.downloadGranted, false);
  assert.is((await call(url, { headers: ann })).status, 403);
  assert.equal(
    (await shop.shop.deps.events.readStream('admin-audit.ann')).map((e) => e.type),
    ['AccountCreated', 'PersonalDataDownloadGranted', 'PersonalDataDownloadRevoked'],
  );
  // The configured owner may always; an owner account needs no grant and gets none.
  assert.is((await call(url, { headers: owner })).status, 200);
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/admin/grant-download`, { method: 'POST', headers: owner })).status,
    409,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/nobody.here/grant-download`, { method: 'POST', headers: owner }))
      .status,
    404,
  );
  const ownerRead = (await consoleReads('?reader=admin')).reads[0]!;
  assert.equal(
    { role: ownerRead.role, endpoint: ownerRead.endpoint, routine: ownerRead.routine },
    { role: 'owner', endpoint: 'GET /api/admin/privacy/access', routine: false },
  );
});

test("routine views: an order page is recorded once an hour per reader, with a fixed reason; the configured owner's views are not", async () => {
  const pageUrl = `${shop.url}/api/admin/orders/${encodeURIComponent(orderId)}`;
  const pageReads = async () =>
    (await consoleReads(`?subject=${encodeURIComponent(`order-${orderId}`)}`)).reads.filter(
      (r) => r.endpoint === 'GET /api/admin/orders/:id',
    );
  for (let i = 0; i < 3; i++) assert.is((await call(pageUrl, { headers: ann })).status, 200);
  assert.is((await call(pageUrl, { headers: owner })).status, 200);
  let reads = await pageReads();
  assert.equal(
    reads.map((r) => `${r.reader}:${r.reason}:${r.routine}`),
    ['audit.ann:order page opened:true'],
  );
  offset += 3_600_000;
  assert.is((await call(pageUrl, { headers: ann })).status, 200);
  reads = await pageReads();
  assert.is(reads.length, 2, 'the next hour is recorded again');
  // The history, the event view and the lists name the customer too: each recorded for the auditor.
  for (const path of [
    `/api/admin/orders/${encodeURIComponent(orderId)}/history`,
    `/api/admin/events?stream=order-${encodeURIComponent(orderId)}`,
    '/api/admin/orders',
    '/api/admin/orders?status=processing',
    '/api/admin/reviews',
  ]) {
    assert.is((await call(`${shop.url}${path}`, { headers: ann })).status, 200, path);
  }
  const endpoints = new Set((await consoleReads('?reader=audit.ann')).reads.map((r) => r.endpoint));
  for (const endpoint of [
    'GET /api/admin/orders/:id/history',
    'GET /api/admin/events',
    'GET /api/admin/orders',
    'GET /api/admin/reviews',
  ])
    assert.ok(endpoints.has(endpoint), endpoint);
  assert.is((await consoleReads('?reader=admin')).reads.filter((r) => r.routine).length, 0);
  // A page that does not exist was not read.
  const before = (await recordedReads()).length;
  assert.is(
    (await call(`${shop.url}/api/admin/orders/cs_sandbox_NoSuchOrder000000000000`, { headers: ann })).status,
    404,
  );
  assert.is((await recordedReads()).length, before);
});

test("downloads are recorded every time, whoever reads: the configured owner's CSV twice, an auditor's export of the log", async () => {
  const csvReads = async () =>
    (await consoleReads('?reader=admin')).reads.filter((r) => r.endpoint === 'GET /api/admin/sales/orders.csv');
  const before = (await csvReads()).length;
  for (let i = 0; i < 2; i++)
    assert.is(
      (
        await call(
          `${shop.url}/api/admin/sales/orders.csv?status=processing&reason=${encodeURIComponent('Packing list check')}`,
          { headers: owner },
        )
      ).status,
      200,
    );
  const after = await csvReads();
  assert.is(after.length, before + 2);
  assert.equal(
    { role: after[0]!.role, reason: after[0]!.reason, subject: after[0]!.subject, routine: after[0]!.routine },
    { role: 'owner', reason: 'Packing list check', subject: 'orders.csv?status=processing', routine: false },
  );
  const exported = await call(`${shop.url}/api/admin/audit/export`, { headers: ann });
  assert.is(exported.status, 200);
  assert.ok(
    exported.text.includes('"type":"PersonalDataRead"') &&
      exported.text.includes('"endpoint":"GET /api/admin/audit/export"'),
    'an export of the whole log holds its own record',
  );
  const exports = (await consoleReads('?reader=audit.ann')).reads.filter(
    (r) => r.endpoint === 'GET /api/admin/audit/export',
  );
  assert.equal(
    exports.map((r) => `${r.subject}:${r.reason}:${r.routine}`),
    ['log:log exported:false'],
  );
});

test('the console pages the reads newest first, and refuses a bad filter with a clear 400', async () => {
  // Six reads of its own, whatever the other tests recorded: more than two pages of two.
  for (let i = 0; i < 6; i++)
    assert.is(
      (
        await call(`${shop.url}/api/admin/sales/orders.csv?reason=${encodeURIComponent(`Paging check ${i}`)}`, {
          headers: owner,
        })
      ).status,
      200,
    );
  const all = await consoleReads();
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: DataReadsResponse = await consoleReads(
      `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    assert.ok(page.reads.length <= 2);
    seen.push(...page.reads.map((r) => r.id));
    cursor = page.nextCursor;
  } while (cursor);
  assert.equal(
    seen,
    all.reads.map((r) => r.id),
  );
  assert.ok(seen.length >= 6, `${seen.length} reads`);
  for (const [query, message] of [
    ['?from=2026-11-28&to=2026-11-27', dataReadMessages.order],
    ['?from=27-11-2026', dataReadMessages.day('From')],
    ['?limit=0', dataReadMessages.limit],
    ['?limit=500', dataReadMessages.limit],
    ['?cursor=nonsense', dataReadMessages.cursor],
  ] as const) {
    const res = await call(`${shop.url}/api/admin/audit/reads${query}`, { headers: owner });
    assert.is(res.status, 400, query);
    assert.ok(JSON.stringify(res.json).includes(message), `${query}: ${res.text}`);
  }
});

test.run();
