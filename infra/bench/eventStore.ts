// Section 1: the SQLite event store with synchronous=FULL — batching and group commit against one fsync per append.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { NewEvent } from '../../contracts/shared/events.ts';
import { bookStream } from '../../contracts/shared/streams.ts';
import { bookDecider } from '../../service/catalog/catalog.ts';
import { handleCommand, newEventId } from '../../service/commands.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { randomBytes } from 'node:crypto';
import { withSealedPersonalData } from '../eventstore/sealedEventStore.ts';
import { openSqliteKeyStore } from '../keys/sqliteKeyStore.ts';
import { allProjections } from '../../projections/index.ts';
import { oneDecimal, whole, type BenchReport } from './report.ts';
import { writeLog, type Chapter } from './workload.ts';
import type { EventStore, StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import type { Decider } from '../../service/commands.ts';
import { alternate, forDuration, type BenchOptions, type Section } from './section.ts';

const section = 'event store';
const metadata = { causedBy: 'bench', causationId: 'bench', correlationId: 'bench', at: '2026-01-01T00:00:00.000Z' };

function listed(n: number): NewEvent {
  return {
    id: newEventId(),
    type: 'BookListed',
    data: {
      id: n,
      title: `Book ${n}`,
      description: 'A gentle story about kindness, sharing and courage, for reading aloud at bedtime.',
      price: 999,
      coverImage: `/covers/${n}.webp`,
    },
    metadata,
  };
}

async function appendRate(file: string, batchSize: number, ms: number): Promise<number> {
  const store = openSqliteEventStore(file);
  const { count, seconds } = await forDuration(ms, (i) =>
    store.append(
      `bench-${i}`,
      Array.from({ length: batchSize }, (_, j) => listed(i * batchSize + j)),
      'no_stream',
    ),
  );
  await store.close();
  return (count * batchSize) / seconds;
}

/**
 * `clients` loops, each running commands back to back on streams of its own. Every acknowledgement is checked on a
 * second connection to the same file: only a committed transaction is visible there, so a command answered before its
 * commit would show up as an early acknowledgement.
 */
async function commandRate(
  file: string,
  clients: number,
  ms: number,
): Promise<{ perSecond: number; commands: number; early: number }> {
  const store = asShopLog(openSqliteEventStore(file));
  const observer = new Database(file, { readonly: true });
  const committed = observer.prepare<[string], { position: number }>('SELECT position FROM events WHERE id = ?');
  let next = 1;
  let commands = 0;
  let early = 0;
  const started = performance.now();
  const client = async () => {
    while (performance.now() - started < ms) {
      const n = next++;
      const id = newEventId();
      const fields = {
        id: n,
        title: `Book ${n}`,
        description: 'A bench book.',
        price: 999,
        coverImage: `/covers/${n}.webp`,
      };
      await handleCommand(
        store,
        bookStream(n),
        bookDecider,
        { type: 'SyncBook', fields },
        { causedBy: 'bench', requestId: `bench-${n}`, now: metadata.at },
        { eventIds: () => id },
      );
      if (!committed.get(id)) early += 1;
      commands += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  observer.close();
  await store.close();
  return { perSecond: commands / seconds, commands, early };
}

/**
 * The bench's log read as the catalogue's, without the catalogue's layer, so the figure is the adapter's: it holds only
 * events the bench wrote in their newest shape, which is what the layer would hand on untouched.
 */
const asShopLog = (store: StoredEventStore) => store as EventStore;

/** A store for the workload: the adapter alone, or with personal fields sealed under keys in a key file beside it. */
function workloadStore(scratch: string, name: string, sealed: boolean): StoredEventStore {
  const raw = openSqliteEventStore(join(scratch, `${name}.sqlite`));
  return sealed
    ? withSealedPersonalData(raw, openSqliteKeyStore(join(scratch, `${name}-keys.sqlite`), randomBytes(32)))
    : raw;
}

/** The shop's own mix of events (orders, checkouts, reviews, e-mails…) appended in group commits: events/s. */
async function workloadAppendRate(scratch: string, name: string, count: number, sealed: boolean): Promise<number> {
  const store = workloadStore(scratch, name, sealed);
  const started = performance.now();
  await writeLog(store, allProjections, count);
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return count / seconds;
}

/**
 * The same mix as commands, the way the shop appends: each chapter of a story read, folded and appended at the revision
 * read (handleCommand), by 32 clients at once, each taking a stream's chapters in order. The decider hands back the
 * chapter's events, so the figure is the store's share of a command, not a decision's.
 */
async function workloadCommandRate(
  scratch: string,
  name: string,
  chapters: Chapter[],
  sealed: boolean,
): Promise<number> {
  const store = asShopLog(workloadStore(scratch, name, sealed));
  const replay: Decider<number, Chapter, ShopEvent> = {
    initialState: () => 0,
    evolve: (n) => n + 1,
    // The workload's stories write the catalogue's events (writeLog appends them through the same types).
    decide: (chapter) => chapter.events as ShopEvent[],
  };
  const byStream = new Map<string, Chapter[]>();
  for (const chapter of chapters) byStream.set(chapter.stream, [...(byStream.get(chapter.stream) ?? []), chapter]);
  const queue = [...byStream.values()];
  let events = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let stream = queue.pop(); stream; stream = queue.pop()) {
        for (const chapter of stream) {
          await handleCommand(store, chapter.stream, replay, chapter, {
            causedBy: 'bench',
            requestId: 'bench',
            now: metadata.at,
          });
          events += chapter.events.length;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return events / seconds;
}

export const eventStoreSection: Section = {
  name: 'eventstore',
  async run(report: BenchReport, { quick, scratch }: BenchOptions) {
    const ms = quick ? 1000 : 5000;
    const single = await appendRate(join(scratch, 'single.sqlite'), 1, ms);
    report.figure(section, 'single-event appends (awaited one by one)', `${whole(single)} events/s`);
    const batched = await appendRate(join(scratch, 'batch.sqlite'), 100, ms);
    report.figure(section, '100-event batches (awaited one by one)', `${whole(batched)} events/s`);
    const ratio = batched / single;
    report.target(
      section,
      '100-event batches ≥ 20× the events/s of single-event appends (synchronous=FULL)',
      `${oneDecimal(ratio)}×`,
      ratio >= 20,
    );

    // Personal fields sealed on the way in (decisions 047, 063): the same workload through the sealed store and the
    // raw adapter, in group commits and as commands.
    const workload = quick ? 10_000 : 50_000;
    // Seven rounds in a full run: a round of the mix takes about a second, and single rounds differ by several points.
    const rounds = quick ? 3 : 7;
    const appends = await alternate(rounds, (sealed, round) =>
      workloadAppendRate(scratch, `workload-${sealed ? 'sealed' : 'raw'}-${round + 1}`, workload, sealed),
    );
    report.figure(
      section,
      `the shop's event mix, ${whole(workload)} events in group commits, raw adapter (median of ${rounds})`,
      `${whole(appends.first)} events/s`,
    );
    report.figure(
      section,
      `the same, personal fields sealed (one box an event, keys in keys.sqlite)`,
      `${whole(appends.second)} events/s`,
    );
    const share = appends.second / appends.first;
    report.target(
      section,
      'sealed appends ≥ 50% of raw appends and ≥ 15,000 events/s',
      `${whole(share * 100)}%, ${whole(appends.second)} events/s`,
      share >= 0.5 && appends.second >= 15_000,
    );
    const chapters: Chapter[] = [];
    await writeLog(
      {
        append: async (stream: string, events: NewEvent[]) => (
          chapters.push({ stream, events: events.map(({ id: _id, metadata: _m, ...event }) => event) }),
          { position: 0, revision: 0 }
        ),
      } as Pick<StoredEventStore, 'append'> as StoredEventStore,
      allProjections,
      workload,
    );
    const commands = await alternate(rounds, (sealed, round) =>
      workloadCommandRate(scratch, `commands-${sealed ? 'sealed' : 'raw'}-${round + 1}`, chapters, sealed),
    );
    report.figure(
      section,
      `the same mix as commands (read, fold, append), 32 clients, raw adapter (median of ${rounds})`,
      `${whole(commands.first)} events/s`,
    );
    report.figure(section, 'the same commands, personal fields sealed', `${whole(commands.second)} events/s`);
    report.target(
      section,
      'commands with sealing, share of the speed without it',
      `${whole((commands.second / commands.first) * 100)}%`,
      'reported',
    );

    const one = await commandRate(join(scratch, 'one-client.sqlite'), 1, ms);
    report.figure(section, 'handleCommand, 1 client, a new stream per command', `${whole(one.perSecond)} commands/s`);
    const many = await commandRate(join(scratch, 'clients.sqlite'), 32, ms);
    report.figure(
      section,
      'handleCommand, 32 concurrent clients, a new stream per command',
      `${whole(many.perSecond)} commands/s`,
    );
    const speedup = many.perSecond / one.perSecond;
    report.target(
      section,
      '32 concurrent command clients ≥ 5× one client (group commit)',
      `${oneDecimal(speedup)}×`,
      speedup >= 5,
    );
    const early = one.early + many.early;
    report.target(
      section,
      'every command acknowledged only after its commit',
      `${early} of ${whole(one.commands + many.commands)} acknowledged before their commit was visible to another connection`,
      early === 0,
    );
  },
};
