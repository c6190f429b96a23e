import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reviewDate } from './reviewQueries.ts';

test('reviewDate: day, month name and year, as en-GB long dates read', () => {
  for (const iso of [
    '2026-03-01T09:30:00.000Z',
    '2025-12-31T12:00:00.000Z',
    '2026-07-15T18:45:10.123Z',
    '2024-02-29T06:00:00.000Z',
  ]) {
    assert.is(
      reviewDate(iso),
      new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    );
  }
  // Noon on 1 March where the test runs: the same calendar day in every time zone.
  assert.is(reviewDate(new Date(2026, 2, 1, 12).toISOString()), '1 March 2026');
});

test.run();
