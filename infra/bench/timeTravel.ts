// Time travel as the audit console answers it: read an order's stream of 1,000 events from the embedded log and fold
// it up to a moment with the read model's own projection (projections/audit/timeTravel.ts); and a diff of two moments.
import { join } from 'node:path';
import { orderStatuses } from '../../contracts/shared/constants.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import type { NewEvent } from '../../contracts/shared/events.ts';
import { diffAsOf, stateAsOf } from '../../projections/audit/timeTravel.ts';
import { newEventId } from '../../service/commands.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { orderPlacedData } from '../testing/exampleOrders.ts';
import type { BenchReport } from './report.ts';
import type { BenchOptions, Section } from './section.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export const timeTravelSection: Section = {
  name: 'timetravel',
  async run(report: BenchReport, { quick, scratch }: BenchOptions) {
    const section = 'Time travel (audit console)';
    const size = 1000;
    const runs = quick ? 20 : 200;
    const events = openSqliteEventStore(join(scratch, 'timetravel.sqlite'));
    try {
      const orderId = 'pi_sandbox_TimeTravel00000000000000001';
      const stream = orderStream(orderId);
      const start = Date.parse('2026-03-01T09:00:00.000Z');
      const at = (i: number) => new Date(start + i * 60_000).toISOString();
      const metadata = (i: number) => ({
        causedBy: i === 0 ? 'webhook:sandbox' : 'admin:owner',
        causationId: `req-${i}`,
        correlationId: `req-${i}`,
        at: at(i),
      });
      const batch: NewEvent[] = [
        {
          id: newEventId(),
          type: 'OrderPlaced',
          data: orderPlacedData({ orderId, placedAt: at(0) }),
          metadata: metadata(0),
        },
      ];
      let from = 'pending';
      for (let i = 1; i < size; i++) {
        const to = orderStatuses[i % orderStatuses.length]!;
        batch.push({
          id: newEventId(),
          type: 'OrderStatusChanged',
          data: { orderId, from, to, notes: `Step ${i}`, by: 'owner', at: at(i) },
          metadata: metadata(i),
        });
        from = to;
      }
      await events.append(stream, batch, 'no_stream');

      const time = async (label: string, step: (i: number) => Promise<unknown>) => {
        for (let i = 0; i < 5; i++) await step(i);
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          await step(i);
          ms.push(performance.now() - started);
        }
        ms.sort((a, b) => a - b);
        return { label, median: percentile(ms, 50), p95: percentile(ms, 95) };
      };
      const moments = (i: number) => String((i * 37) % size);
      const state = await time('state as of a revision', async (i) =>
        stateAsOf(stream, await events.readStream(stream), moments(i)),
      );
      const byTime = await time('state as of a date-time', async (i) =>
        stateAsOf(stream, await events.readStream(stream), at((i * 37) % size)),
      );
      const diff = await time('diff of two moments', async (i) =>
        diffAsOf(stream, await events.readStream(stream), moments(i), moments(i + 1)),
      );
      for (const r of [state, byTime, diff]) {
        report.target(
          section,
          `${r.label}, order stream of ${size.toLocaleString('en-GB')} events (read and fold) < 100 ms`,
          `median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${runs} runs)`,
          r.p95 < 100,
        );
      }
    } finally {
      await events.close();
    }
  },
};
