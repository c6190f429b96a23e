// Does the key file belong to the log? A shop started on a log whose sealed fields it cannot open would show every
// living customer as erased and say nothing; instead it refuses to start and names the file (decision 056).
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { SubjectId } from '../../contracts/ports/keyStore.ts';
import { subjectsSealedIn } from '../../contracts/personalData.ts';
import { erasuresStream } from '../../contracts/shared/streams.ts';
import { batchSubject, tablesOf } from './olderFormats.ts';

export class KeyFileRefused extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'KeyFileRefused';
  }
}

/** The subjects a key file never held (no row of theirs or their batch's) that no SubjectErased names. */
export function neverHeld(file: string, subjects: Iterable<SubjectId>, erased: ReadonlySet<SubjectId>): SubjectId[] {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const tables = tablesOf(db);
    const has = (table: string, column: string, value?: string) =>
      value !== undefined && tables.has(table) && db.prepare(`SELECT 1 FROM ${table} WHERE ${column} = ?`).get(value);
    const held = (subject: SubjectId) =>
      has('subjects', 'subject', subject) || has('key_batches', 'batch', batchSubject.exec(subject)?.[1]);
    return [...subjects].filter((subject) => !erased.has(subject) && !held(subject));
  } finally {
    db.close();
  }
}

/** The subjects every SubjectErased of the log names (read as stored: the event holds no personal field). */
export async function erasedSubjects(stored: StoredEventStore): Promise<Set<SubjectId>> {
  const lists = (await stored.readStream(erasuresStream)).map(
    (event) => (event.data as { subjects?: unknown }).subjects,
  );
  return new Set(lists.flatMap((list) => (Array.isArray(list) ? list.filter((s) => typeof s === 'string') : [])));
}

type Seal = { subject: SubjectId; position: number; stream: string };

/** The seals of the newest events that hold any: the last 1,000 events, or further back until one is found. */
async function newestSeals(stored: StoredEventStore): Promise<Seal[]> {
  for (let to = await stored.headPosition(), window = 1000; to > 0; to -= window, window *= 2) {
    const seals: Seal[] = [];
    const from = Math.max(0, to - window);
    for await (const { data, position, stream } of stored.readAll(from, { limit: to - from }))
      for (const subject of subjectsSealedIn(data)) seals.push({ subject, position, stream });
    if (seals.length > 0) return seals;
  }
  return [];
}

const putBack =
  'Put back keys.sqlite from the same backup as the log (npm run events -- restore <backup> <empty folder> restores both and checks them).';

// Refuses a key file missing or without the subjects of the log's newest seals (keys are made before their events).
export async function assertKeyFileMatchesLog(stored: StoredEventStore, file: string): Promise<void> {
  const seals = await newestSeals(stored);
  const newest = seals.at(-1);
  if (!newest) return;
  if (!existsSync(file)) {
    throw new KeyFileRefused(
      file,
      `The key file ${file} is missing, but the log holds personal data sealed under its keys (the newest at position ${newest.position}, in ${newest.stream}). ` +
        `Without it every customer would read as erased, so the shop did not start. ${putBack}`,
    );
  }
  const subjects = new Set(seals.map((seal) => seal.subject));
  const unknown = neverHeld(file, subjects, await erasedSubjects(stored));
  const example = seals.find((seal) => seal.subject === unknown.at(-1));
  if (example)
    throw new KeyFileRefused(
      file,
      `The key file ${file} does not belong to this log: ${unknown.length} of the ${subjects.size} subjects sealed in its newest events were never in it ` +
        `(such as ${example.subject}, at position ${example.position} in ${example.stream}). It is another shop's key file or one older than the log, ` +
        `and every customer sealed since would read as erased, so the shop did not start. ${putBack}`,
    );
}
