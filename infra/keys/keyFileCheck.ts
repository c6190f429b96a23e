// Does the key file belong to the log? A shop started on a log whose sealed fields it cannot open would show every
// living customer as erased and say nothing; instead it refuses to start and names the file (decision 056).
//
// What "belongs" means: every subject a stored seal names was once in the key file. A subject made in a batch
// (`<batch>.<n>`, decision 055) is in it while its batch row is: forgetting zeroes a key inside its batch and never
// deletes the row, so a forgotten person is told apart from a key file that never held them. A subject of an earlier
// release (one key a row) loses its row when forgotten; it counts as forgotten when a SubjectErased in the log names it.
// A log with no sealed event at all (written before sealing, such as golden log v1) needs no key file.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { SubjectId } from '../../contracts/ports/keyStore.ts';
import { subjectsSealedIn } from '../../contracts/personalData.ts';
import { erasuresStream } from '../../contracts/shared/streams.ts';

/** The start-up check reads the newest events, this many at first, going back further only while it finds no seal. */
const newestWindow = 1000;
/** A batch's id is 16 characters (12 random bytes in base64url), then a dot and the key's place. */
const batchSubject = /^([A-Za-z0-9_-]{16})\.\d+$/;

export class KeyFileRefused extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'KeyFileRefused';
  }
}

/** Where a subject stands in a key file: its key is there, or was and was forgotten ('kept' covers both), or never was. */
export type SubjectStanding = 'kept' | 'erased' | 'unknown';

/** Answers, for subjects, whether the key file ever held them; opened on the file itself, without the master key. */
export function keyFileLookup(file: string): {
  standing(subject: SubjectId, erased: ReadonlySet<SubjectId>): SubjectStanding;
  close(): void;
} {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const tables = new Set(db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
  const batch = tables.has('key_batches')
    ? db.prepare<[string], number>('SELECT 1 FROM key_batches WHERE batch = ?').pluck()
    : null;
  const single = tables.has('subjects')
    ? db.prepare<[string], number>('SELECT 1 FROM subjects WHERE subject = ?').pluck()
    : null;
  return {
    standing(subject, erased) {
      const inBatch = batchSubject.exec(subject);
      if (inBatch) return batch?.get(inBatch[1]!) ? 'kept' : 'unknown';
      if (single?.get(subject)) return 'kept';
      return erased.has(subject) ? 'erased' : 'unknown';
    },
    close: () => db.close(),
  };
}

/** The subjects every SubjectErased of the log names (read as stored: the event holds no personal field). */
export async function erasedSubjects(stored: EventStore): Promise<Set<SubjectId>> {
  const erased = new Set<SubjectId>();
  for (const event of await stored.readStream(erasuresStream)) {
    const subjects = (event.data as { subjects?: unknown }).subjects;
    if (Array.isArray(subjects)) for (const subject of subjects) if (typeof subject === 'string') erased.add(subject);
  }
  return erased;
}

type Seal = { subject: SubjectId; position: number; stream: string };

/** The seals of the newest events that hold any: the last 1,000 events, or further back until one is found. */
async function newestSeals(stored: EventStore): Promise<Seal[]> {
  const head = await stored.headPosition();
  let to = head;
  for (let window = newestWindow; to > 0; window *= 2) {
    const from = Math.max(0, to - window);
    const seals: Seal[] = [];
    for await (const event of stored.readAll(from, { limit: to - from })) {
      for (const subject of subjectsSealedIn(event.data))
        seals.push({ subject, position: event.position, stream: event.stream });
    }
    if (seals.length > 0) return seals;
    to = from;
  }
  return [];
}

/**
 * Refuses (KeyFileRefused) a key file that is missing or does not belong to the log, judged by the seals of the log's
 * newest sealed events: keys are made before the events sealed under them, so a key file older than its log (from an
 * older backup), another shop's, or a new empty one lacks exactly those. Reads no more than the newest 1,000 events of
 * a log whose newest events are sealed.
 */
export async function assertKeyFileMatchesLog(stored: EventStore, file: string): Promise<void> {
  const seals = await newestSeals(stored);
  if (seals.length === 0) return;
  const newest = seals.at(-1)!;
  if (!existsSync(file)) {
    throw new KeyFileRefused(
      file,
      `The key file ${file} is missing, but the log holds personal data sealed under its keys (the newest at position ${newest.position}, in ${newest.stream}). ` +
        'Without it every customer would read as erased, so the shop did not start. Put back keys.sqlite from the same backup as the log ' +
        '(npm run events -- restore <backup> <empty folder> restores both and checks them).',
    );
  }
  const lookup = keyFileLookup(file);
  try {
    let erased: Set<SubjectId> | null = null;
    const unknown: Seal[] = [];
    const seen = new Set<SubjectId>();
    for (const seal of seals) {
      if (seen.has(seal.subject)) continue;
      seen.add(seal.subject);
      // SubjectErased is read only for a subject of an earlier release that the file does not hold.
      if (lookup.standing(seal.subject, erased ?? new Set()) === 'unknown') {
        erased ??= await erasedSubjects(stored);
        if (lookup.standing(seal.subject, erased) === 'unknown') unknown.push(seal);
      }
    }
    if (unknown.length === 0) return;
    const first = unknown.at(-1)!;
    throw new KeyFileRefused(
      file,
      `The key file ${file} does not belong to this log: ${unknown.length} of the ${seen.size} subjects sealed in its newest events were never in it ` +
        `(such as ${first.subject}, at position ${first.position} in ${first.stream}). It is another shop's key file or one older than the log, ` +
        'and every customer sealed since would read as erased, so the shop did not start. Put back keys.sqlite from the same backup as the log ' +
        '(npm run events -- restore <backup> <empty folder> restores both and checks them).',
    );
  } finally {
    lookup.close();
  }
}
