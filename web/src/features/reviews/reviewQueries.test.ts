import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reviewDate } from './reviewQueries.ts';

test('reviewDate: day, month name and year, as en-GB long dates read', () => {
  for (const iso of ['2026-03-01T09:30:00.000Z', '2025-12-31T12:00:00.000Z', '2026-07-15T18:45:10.123Z', '2024-02-29T06:00:00.000Z']) {
    assert.is(reviewDate(iso), new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }));
  }
  assert.is(reviewDate('2026-03-01T12:00:00.000Z'), '1 March 2026');
});

test.run();
