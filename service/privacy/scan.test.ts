// A scan of the whole log (the start's report of unsealed data, a person's streams, the retention report) lets the
// process answer what waits while it reads: the embedded store reads synchronously, so without pauses a long log held
// every request, and at start the shop's first answer, until the scan ended.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventCatalog } from '../../contracts/eventCatalog.ts';
import { unsealedMessage } from '../../contracts/privacy/model.ts';
import { openSqliteEventStore } from '../../infra/eventstore/sqlite/sqliteEventStore.ts';
import { withEventVersions } from '../../infra/eventstore/versionedEventStore.ts';
import { unsealedReport } from './erasure.ts';

test('the report of personal data written before sealing pauses while it reads, so what waits is answered meanwhile', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-scan-'));
  const store = withEventVersions(openSqliteEventStore(join(dir, 'events.sqlite')), eventCatalog);
  try {
    for (let n = 0; n < 20; n++)
      await store.append(
        `review-${n}`,
        [
          {
            id: `review-submitted-${n}`,
            type: 'ReviewSubmitted',
            metadata: {
              at: '2026-12-01T10:00:00.000Z',
              causedBy: 'shopper',
              causationId: `request-${n}`,
              correlationId: `request-${n}`,
            },
            data: {
              reviewId: `review-${n}`,
              bookId: 1,
              rating: 5,
              reviewText: 'We read it every night.',
              customerName: 'Amina',
              customerEmail: `amina${n}@example.com`,
              submittedAt: '2026-12-01T10:00:00.000Z',
            },
          },
        ],
        'no_stream',
      );
    // Waiting before the scan starts: answered before the scan ends, as a request arriving at start would be.
    let waited = false;
    setImmediate(() => (waited = true));
    const report = await unsealedReport(store, 0).then((found) => ({ ...found, answeredMeanwhile: waited }));
    assert.equal(report, {
      events: 20,
      streams: 20,
      message: unsealedMessage(20, 20),
      answeredMeanwhile: true,
    });
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
