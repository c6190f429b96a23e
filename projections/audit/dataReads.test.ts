import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PersonalDataRead } from '../../contracts/audit/events.ts';
import { dataReadsStream } from '../../contracts/shared/streams.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { dataReadsProjection, pageDataReads } from './dataReads.ts';

const read = (
  reader: string,
  subject: string,
  at: string,
  reason = 'order page opened',
  role: 'owner' | 'auditor' = 'auditor',
): PersonalDataRead => ({
  type: 'PersonalDataRead',
  data: {
    reader,
    role,
    endpoint: 'GET /api/admin/orders/:id',
    subject,
    reason,
    routine: reason === 'order page opened',
    at,
  },
});

const csvRead: PersonalDataRead = {
  type: 'PersonalDataRead',
  data: {
    ...read('ann', 'orders.csv', '2026-03-02T08:00:00.000Z', 'VAT return').data,
    endpoint: 'GET /api/admin/sales/orders.csv',
  },
};

function story() {
  return [
    recorded(dataReadsStream('2026-03-01'), read('ann', 'order-a', '2026-03-01T09:00:00.000Z')),
    recorded(dataReadsStream('2026-03-01'), read('bob', 'order-a', '2026-03-01T10:00:00.000Z')),
    recorded(dataReadsStream('2026-03-02'), csvRead),
    // Two reads in the same millisecond: the cursor keeps its place between them.
    recorded(dataReadsStream('2026-03-03'), read('ann', 'order-b', '2026-03-03T12:00:00.000Z')),
    recorded(dataReadsStream('2026-03-03'), read('ann', 'order-c', '2026-03-03T12:00:00.000Z')),
    recorded(
      dataReadsStream('2026-03-04'),
      read('owner', 'email:abc', '2026-03-04T07:00:00.000Z', 'Subject access request', 'owner'),
    ),
  ];
}

test('data reads: every read is listed newest first with who, what, whose, when and why', async () => {
  const store = await fold([dataReadsProjection], story());
  const page = (await pageDataReads(store, {}, 50))!;
  assert.is(page.total, 6);
  assert.is(page.nextCursor, null);
  // Newest first; the two reads of the same millisecond come next, in the order of their ids.
  const listed = page.reads.map((r) => `${r.reader}:${r.subject}`);
  assert.is(listed[0], 'owner:email:abc');
  assert.equal(listed.slice(1, 3).sort(), ['ann:order-b', 'ann:order-c']);
  assert.equal(page.reads.at(-1)!.subject, 'order-a');
  const csv = page.reads.find((r) => r.subject === 'orders.csv')!;
  assert.equal(
    {
      reader: csv.reader,
      role: csv.role,
      endpoint: csv.endpoint,
      reason: csv.reason,
      routine: csv.routine,
      at: csv.at,
    },
    {
      reader: 'ann',
      role: 'auditor',
      endpoint: 'GET /api/admin/sales/orders.csv',
      reason: 'VAT return',
      routine: false,
      at: '2026-03-02T08:00:00.000Z',
    },
  );
  assert.ok(csv.id && csv.position > 0);
});

test('data reads: filtered by reader, by subject, by both and by days (inclusive), each with its own total', async () => {
  const store = await fold([dataReadsProjection], story());
  const subjects = async (filter: Parameters<typeof pageDataReads>[1]) =>
    (await pageDataReads(store, filter, 50))!.reads.map((r) => r.subject);
  assert.equal(await subjects({ reader: 'bob' }), ['order-a']);
  assert.equal((await subjects({ reader: 'ann' })).length, 4);
  assert.equal(await subjects({ subject: 'order-a' }), ['order-a', 'order-a']);
  assert.equal(await subjects({ reader: 'ann', subject: 'order-a' }), ['order-a']);
  assert.equal(await subjects({ reader: 'nobody' }), []);
  const day = (d: string, end = false) => Date.parse(`${d}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  const days = await subjects({ since: day('2026-03-02'), until: day('2026-03-03', true) });
  assert.equal(new Set(days), new Set(['order-b', 'order-c', 'orders.csv']));
  assert.is(days.at(-1), 'orders.csv', 'newest first');
  assert.equal(await subjects({ since: day('2026-03-04') }), ['email:abc']);
  const between = (await pageDataReads(
    store,
    { reader: 'ann', since: day('2026-03-02'), until: day('2026-03-03', true) },
    50,
  ))!;
  assert.is(between.total, 3);
  assert.equal(new Set(between.reads.map((r) => r.subject)), new Set(['order-b', 'order-c', 'orders.csv']));
});

test('data reads: pages of one follow each other through reads of the same millisecond without repeats or gaps', async () => {
  const store = await fold([dataReadsProjection], story());
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) {
    const page = (await pageDataReads(store, {}, 1, cursor))!;
    assert.is(page.reads.length, 1);
    seen.push(page.reads[0]!.id);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  assert.is(seen.length, 6);
  assert.is(new Set(seen).size, 6);
  assert.is(await pageDataReads(store, {}, 1, 'not-a-cursor'), null);
});

test('data reads: folding every event twice gives the same read model', async () => {
  assert.ok(await isIdempotent([dataReadsProjection], story()));
});

test.run();
