// Data keys in a SQLite file of their own beside the log (DATA_DIR/keys.sqlite), wrapped by the master key. The log is
// append-only and never edited; this file is where forgetting happens. `secure_delete` overwrites a deleted key's bytes
// in its page, and every forgetting is checkpointed at once with the write-ahead log truncated, so no earlier copy of
// the page is left in either file (decision 053).
//
// Appends ask this store for a subject and seldom wait for the disk (decision 054): keys are made ahead and links are
// written later, on the next turns by this connection, and once the shop is busy by a writer thread with its own
// (keyFileWriter.ts); what appends ask is answered from memory, and a new address is looked up in the file only when
// the filter of known address hashes says "maybe".
import { existsSync } from 'node:fs';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type WorkerOptions } from 'node:worker_threads';
import { createHmac } from 'node:crypto';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { hmacSha256, keyFileWrites, masterKeys, openKeyFile, unwrap, type EmailLink, type StreamLink, type WriterAnswer, type WriterRequest } from './keyFile.ts';
import { LookupFilter } from './lookupFilter.ts';

const normalise = (email: string) => email.trim().toLowerCase();

export class WrongMasterKey extends Error {
  constructor(readonly file: string) {
    super(`The data keys in ${file} were wrapped with another master key: set DATA_KEY to the key this shop was started with`);
    this.name = 'WrongMasterKey';
  }
}

/** How often the key file is asked whether another process forgot someone, while keys are read. */
const versionCheckMs = 5;
/** How long the shop waits for the writer thread before it writes for itself. */
const writerWaitMs = 10_000;

/** The writer thread's code: beside this module when run from source, beside the bundle's entry points once built. */
function writerUrl(): URL | null {
  const candidates = ['./keyFileWriter.ts', './keyFileWriter.js', '../keyFileWriter.js'].map((path) => new URL(path, import.meta.url));
  return candidates.find((url) => existsSync(url)) ?? null;
}

/** Starts the thread; run from source (tests, development), it first registers the TypeScript loader, as Node 20 does not. */
function startWorker(url: URL, options: WorkerOptions): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, options);
  const loader = import.meta.resolve('tsx/esm/api');
  // A thread that cannot load its code says so in shared memory (as keyFileWriter.ts does when it cannot open the file).
  const failed = `const state = new Int32Array(require('node:worker_threads').workerData.done); Atomics.store(state, 1, 1); Atomics.notify(state, 0);`;
  const boot = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); }).catch((error) => { ${failed} throw error; })`;
  return new Worker(boot, { ...options, eval: true });
}

type Request = WriterRequest extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never;

/**
 * The writer thread as the shop's side sees it: requests numbered in order, answers taken off its port when wanted,
 * and a wait for every request so far that does not turn the event loop (erasure and close need links committed now).
 */
class WriterThread {
  private readonly worker: Worker;
  private readonly answers: MessagePort;
  /** [0] the number of the last request done, [1] set when the thread could not start. */
  private readonly done = new Int32Array(new SharedArrayBuffer(8));
  private last = 0;
  private failure: Error | null = null;

  constructor(url: URL, file: string, wrapping: Buffer, private readonly onAnswer: (answer: WriterAnswer) => void) {
    const { port1, port2 } = new MessageChannel();
    this.answers = port1;
    this.worker = startWorker(url, { workerData: { file, wrapping: new Uint8Array(wrapping), done: this.done.buffer, answers: port2 }, transferList: [port2] });
    // The shop's process is not kept alive by it; close() ends it.
    this.worker.unref();
    this.worker.on('error', (error) => (this.failure = error));
    this.worker.on('exit', (code) => (this.failure ??= new Error(`The key file writer stopped (exit code ${code})`)));
  }

  post(request: Request): number {
    if (this.failure) throw this.failure;
    this.last += 1;
    this.worker.postMessage({ ...request, seq: this.last });
    return this.last;
  }

  /** The number of the last request it has finished. */
  get doneUpTo(): number {
    return Atomics.load(this.done, 0);
  }

  /** Whether it has finished anything yet (it starts in a few tens of milliseconds). */
  get started(): boolean {
    return this.doneUpTo > 0;
  }

  /** Takes every answer waiting on the port. */
  drain(): void {
    for (let received = receiveMessageOnPort(this.answers); received; received = receiveMessageOnPort(this.answers)) this.onAnswer(received.message as WriterAnswer);
  }

  /** Waits until every request so far is done, then takes the answers; throws if it stopped or did not answer. */
  settle(): void {
    const deadline = performance.now() + writerWaitMs;
    for (let current = this.doneUpTo; current < this.last; current = this.doneUpTo) {
      if (Atomics.load(this.done, 1) !== 0) this.failure ??= new Error('The key file writer could not start');
      if (this.failure) throw this.failure;
      const left = deadline - performance.now();
      if (left <= 0) throw (this.failure = new Error(`The key file writer did not answer within ${writerWaitMs / 1000} s`));
      Atomics.wait(this.done, 0, current, Math.min(left, 100));
    }
    this.drain();
  }

  close(): void {
    try {
      if (!this.failure) {
        this.post({ kind: 'close' });
        this.settle();
      }
    } finally {
      void this.worker.terminate();
    }
  }
}

export type KeyStoreOptions = {
  /**
   * How many subjects this shop makes for itself before it starts the writer thread: a shop with a few new customers a
   * day never needs one; one taking orders from many new customers at once does. 0 starts it with the first.
   */
  writerAfter?: number;
};

export function openSqliteKeyStore(file: string, master: Buffer, options: KeyStoreOptions = {}): KeyStore {
  const writerAfter = options.writerAfter ?? 512;
  const db = openKeyFile(file);
  const { wrapping, lookup } = masterKeys(master);
  // A key store opened with another master key could unwrap nothing: refuse at once rather than read every person as erased.
  const fingerprint = createHmac('sha256', wrapping).update('fingerprint').digest('hex');
  db.prepare('INSERT OR IGNORE INTO master (id, fingerprint) VALUES (1, ?)').run(fingerprint);
  const recorded = (db.prepare('SELECT fingerprint FROM master WHERE id = 1').get() as { fingerprint: string }).fingerprint;
  if (recorded !== fingerprint) {
    db.close();
    throw new WrongMasterKey(file);
  }
  const lookupOf = hmacSha256(lookup);
  const local = keyFileWrites(db, wrapping);
  const q = {
    wrapped: db.prepare<[string], { wrapped: Buffer }>('SELECT wrapped FROM subjects WHERE subject = ?'),
    byLookup: db.prepare<[Buffer], { subject: string }>('SELECT subject FROM subject_emails WHERE lookup = ? ORDER BY rowid'),
    lookups: db.prepare<[], Buffer>('SELECT lookup FROM subject_emails').pluck(),
    lookupCount: db.prepare<[], number>('SELECT COUNT(*) FROM subject_emails').pluck(),
    streamSubject: db.prepare<[string], { subject: string }>('SELECT subject FROM subject_streams WHERE stream = ?'),
    streamsOf: db.prepare<[string], { stream: string }>('SELECT stream FROM subject_streams WHERE subject = ? ORDER BY stream'),
    forgetKey: db.prepare('DELETE FROM subjects WHERE subject = ?'),
    forgetEmails: db.prepare('DELETE FROM subject_emails WHERE subject = ?'),
    forgetStreams: db.prepare('DELETE FROM subject_streams WHERE subject = ?'),
    countErasure: db.prepare('UPDATE erasures SET count = count + 1 WHERE id = 1'),
    erasures: db.prepare<[], number>('SELECT count FROM erasures WHERE id = 1').pluck(),
    // Prepared once: asked every few milliseconds while keys are read, so it must cost next to nothing.
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };

  // Keys are kept in memory once read or made.
  const kept = new Map<SubjectId, Buffer>();

  // The writer thread, started once this shop has made `writerAfter` subjects for itself (a process that only reads,
  // or a quiet shop, never starts one). Until then, and if it cannot start or stops, this connection writes.
  let writer: WriterThread | null = null;
  let writerGone = false;
  let madeHere = 0;
  const startWriter = () => {
    if (writer || writerGone || madeHere < writerAfter) return;
    const url = writerUrl();
    if (!url) {
      writerGone = true;
      return;
    }
    writer = new WriterThread(url, file, wrapping, onAnswer);
    // A shop that needs it is taking many new people at once: it keeps more ahead from the start.
    aheadTarget = Math.max(aheadTarget, 1024);
  };

  // Subjects made ahead, their keys already committed with the disk's confirmation (FULL): a new person's first append
  // takes one without waiting for anything. As many are kept ahead as were asked for in a burst (up to 4,096); a
  // process that stops leaves its unused ones as keys nothing was sealed under, and close() deletes them.
  const ahead: SubjectId[] = [];
  let aheadTarget = 256;
  const aheadMost = 4096;
  let making = 0;
  const takeMade = (subjects: string[], keys: Uint8Array) => {
    const bytes = Buffer.from(keys.buffer, keys.byteOffset, keys.byteLength);
    subjects.forEach((subject, i) => kept.set(subject, bytes.subarray(i * 32, (i + 1) * 32)));
    // Handed out last-made first; the order means nothing.
    ahead.push(...subjects);
  };
  const makeHere = (count: number) => {
    const { subjects, keys } = local.makeSubjects(count);
    madeHere += count;
    takeMade(subjects, keys);
  };
  /** More made ahead: by the writer when a quarter are used, or here on the next turn when half are. */
  const refill = () => {
    const wanted = aheadTarget - ahead.length - making;
    if (wanted < aheadTarget / (writer ? 4 : 2)) return;
    making += wanted;
    if (writer) {
      try {
        writer.post({ kind: 'make', count: wanted });
        return;
      } catch {
        writerFailed();
        making = wanted;
      }
    }
    setImmediate(() => {
      making = 0;
      try {
        if (ahead.length < aheadTarget / 2) makeHere(aheadTarget - ahead.length);
      } catch {
        // The next subject wanted with none left is made then, and says why if it cannot be.
      }
    });
  };

  // Links wait in memory and go to the writer together within 50 ms, written there without waiting for the disk (NORMAL:
  // never torn, at worst the newest lost with the power). Nothing waits for them: an event's seal names its subject, so a
  // lost link is found again in the log (the erasure reads the seals of a person's streams).
  let pendingStreams: StreamLink[] = [];
  let pendingEmails: EmailLink[] = [];
  const sentLinks = new Map<number, [StreamLink[], EmailLink[]]>();
  let linksTimer: NodeJS.Timeout | null = null;
  const linksDelayMs = 50;

  function onAnswer(answer: WriterAnswer): void {
    if (answer.kind === 'made') {
      making = Math.max(0, making - answer.subjects.length);
      takeMade(answer.subjects, answer.keys);
    } else if (answer.kind === 'make-failed') {
      // The next subject wanted with none left is made here, and says why if it cannot be.
      making = 0;
    } else {
      pendingStreams.push(...answer.streams);
      pendingEmails.push(...answer.emails);
      linksLater(1000);
    }
  }

  /** Forgets links the writer has committed (or handed back). */
  const settled = () => {
    if (!writer) return;
    const upTo = writer.doneUpTo;
    for (const seq of sentLinks.keys()) if (seq <= upTo) sentLinks.delete(seq);
  };

  /** The writer stopped or did not answer: what it was given is written here from now on. */
  const writerFailed = () => {
    writerGone = true;
    const gone = writer;
    writer = null;
    making = 0;
    for (const [streams, emails] of sentLinks.values()) {
      pendingStreams.push(...streams);
      pendingEmails.push(...emails);
    }
    sentLinks.clear();
    try {
      gone?.close();
    } catch {
      // Already stopped.
    }
  };

  /** Waits for the writer to finish what it was given. */
  const settleWriter = () => {
    if (!writer) return;
    try {
      writer.settle();
      settled();
    } catch {
      writerFailed();
    }
  };

  const sendLinks = () => {
    if (linksTimer) clearTimeout(linksTimer);
    linksTimer = null;
    writer?.drain();
    if (pendingStreams.length === 0 && pendingEmails.length === 0) return;
    const streams = pendingStreams;
    const emails = pendingEmails;
    pendingStreams = [];
    pendingEmails = [];
    const thread = writer;
    try {
      if (thread) sentLinks.set(thread.post({ kind: 'links', streams, emails }), [streams, emails]);
      else local.writeLinks(streams, emails);
    } catch (error) {
      pendingStreams.push(...streams);
      pendingEmails.push(...emails);
      if (thread) writerFailed();
      else throw error;
    }
    settled();
  };
  function linksLater(delayMs = linksDelayMs): void {
    linksTimer ??= setTimeout(() => {
      linksTimer = null;
      try {
        sendLinks();
      } catch {
        // Another process held the file past the busy timeout: the links wait for the next try.
        linksLater(1000);
      }
    }, delayMs).unref();
  }
  /** Every link so far committed, before the file is asked about links or caches that stand in for them are dropped. */
  const linksNow = () => {
    sendLinks();
    settleWriter();
    if (pendingStreams.length || pendingEmails.length) sendLinks();
  };

  const newSubject = (): SubjectId => {
    startWriter();
    // The writer's batches are taken in when few are left.
    if (ahead.length <= aheadTarget / 2) writer?.drain();
    if (ahead.length === 0 && writer?.started && making > 0) {
      // A burst took every subject made ahead: wait for the batch under way, and keep more ahead from now on.
      aheadTarget = Math.min(aheadTarget * 2, aheadMost);
      settleWriter();
    }
    // None made yet (the writer is starting, or gone): made here.
    if (ahead.length === 0) makeHere(writer?.started ? 32 : aheadTarget);
    const subject = ahead.pop()!;
    refill();
    return subject;
  };

  // What appends ask, kept in memory: the subject of a stream and of an address, and the address links already made.
  // The caches stand in for links not yet written: those are committed before the caches are emptied (at 50,000
  // entries, and when someone is forgotten).
  const streamSubjects = new Map<string, SubjectId>();
  const emailSubjects = new Map<string, SubjectId>();
  const linked = new Set<string>();
  const cacheLimit = 50_000;
  const dropCaches = () => {
    linksNow();
    streamSubjects.clear();
    emailSubjects.clear();
    linked.clear();
  };

  // The address hashes the file may hold, read from it when an address is first asked about (a process that never
  // seals, like the projection runner, never reads them), and read again larger when it outgrows its size.
  const loadFilter = () => {
    const loaded = new LookupFilter(Math.max(2 * q.lookupCount.get()!, 4096));
    for (const hash of q.lookups.iterate()) loaded.add(hash);
    return loaded;
  };
  let filter: LookupFilter | null = null;
  /** The first subject the address's hash was linked to in the file, looked up only if the filter says "maybe". */
  const firstSubjectOf = (hash: Buffer): SubjectId | undefined => ((filter ??= loadFilter()).mayHold(hash) ? q.byLookup.get(hash)?.subject : undefined);

  const linkAddress = (hash: Buffer, subject: SubjectId) => {
    pendingEmails.push([hash, subject]);
    filter ??= loadFilter();
    filter.add(hash);
    if (filter.full) {
      linksNow();
      filter = loadFilter();
    }
    linksLater();
  };

  const subjectOfAddress = (address: string): SubjectId => {
    const cached = emailSubjects.get(address);
    if (cached) return cached;
    const hash = lookupOf(address);
    const known = firstSubjectOf(hash);
    if (emailSubjects.size >= cacheLimit) dropCaches();
    const subject = known ?? newSubject();
    if (!known) linkAddress(hash, subject);
    emailSubjects.set(address, subject);
    return subject;
  };

  /** Also links an address to the stream's subject (an address added to an order after it was placed). */
  const alsoLink = (address: string, subject: SubjectId) => {
    // The address's own subject: linked when the address was given it.
    if (emailSubjects.get(address) === subject) return;
    const pair = `${address}\u0000${subject}`;
    if (linked.has(pair)) return;
    const hash = lookupOf(address);
    // The address's first subject is what it finds: this one, unless an earlier link is written already.
    if (!emailSubjects.has(address)) emailSubjects.set(address, firstSubjectOf(hash) ?? subject);
    linkAddress(hash, subject);
    linked.add(pair);
  };

  const remember = (stream: string, subject: SubjectId) => {
    if (streamSubjects.size >= cacheLimit) dropCaches();
    streamSubjects.set(stream, subject);
  };
  const subjectOfStream = (stream: string): SubjectId | null => {
    const cached = streamSubjects.get(stream);
    if (cached) return cached;
    const subject = q.streamSubject.get(stream)?.subject ?? null;
    if (subject) remember(stream, subject);
    return subject;
  };

  // Another process's forgetting (an erasure made by the shop while the projections run apart, or from the command
  // line) bumps the file's count of erasures; the kept keys and caches are dropped when it changes. The count is read
  // only when the file changed at all (data_version), and at most every few milliseconds.
  let seenVersion = q.dataVersion.get()!;
  let seenErasures = q.erasures.get()!;
  let checkedAt = performance.now();
  const checkErasures = () => {
    const now = performance.now();
    if (now - checkedAt < versionCheckMs) return;
    checkedAt = now;
    const version = q.dataVersion.get()!;
    if (version === seenVersion) return;
    seenVersion = version;
    const erasures = q.erasures.get()!;
    if (erasures === seenErasures) return;
    seenErasures = erasures;
    kept.clear();
    dropCaches();
  };

  /** Copies every committed page into the file and empties the write-ahead log, waiting for readers of other processes. */
  const checkpoint = () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (!result || result.busy === 0) return;
    }
    throw new Error('The key file could not be checkpointed: another process kept reading it');
  };
  const forget = db.transaction((subject: SubjectId): boolean => {
    const removed = q.forgetKey.run(subject).changes > 0;
    q.forgetEmails.run(subject);
    q.forgetStreams.run(subject);
    q.countErasure.run();
    return removed;
  });

  return {
    subjectFor(stream, email, streamIsNew) {
      const address = email === null ? null : normalise(email);
      const ofStream = streamIsNew ? (streamSubjects.get(stream) ?? null) : subjectOfStream(stream);
      if (ofStream) {
        if (address) alsoLink(address, ofStream);
        return ofStream;
      }
      // A stream's first link decides; one left in the file by an append that lost its race is kept there, and the
      // erasure finds this stream's events through their seals all the same.
      const subject = address ? subjectOfAddress(address) : newSubject();
      pendingStreams.push([stream, subject]);
      linksLater();
      remember(stream, subject);
      return subject;
    },
    subjectOfStream,
    key(subject) {
      // Asked at most every few milliseconds rather than for every field: a rebuild opens several fields per event, and
      // an erasure made by another process reaches this one within that time, before any rebuild it starts.
      checkErasures();
      const known = kept.get(subject);
      if (known) return known;
      const row = q.wrapped.get(subject);
      if (!row) {
        // Forgotten, perhaps by another process since the caches were filled: they are asked again next time.
        dropCaches();
        return null;
      }
      const key = unwrap(wrapping, subject, row.wrapped);
      kept.set(subject, key);
      return key;
    },
    subjectsForEmail: (email) => {
      linksNow();
      return q.byLookup.all(lookupOf(normalise(email))).map((r) => r.subject);
    },
    streamsOf: (subject) => {
      linksNow();
      return q.streamsOf.all(subject).map((r) => r.stream);
    },
    forget(subject) {
      kept.delete(subject);
      dropCaches();
      // The forgetting is committed with the disk's confirmation and checkpointed: the deleted key's page is written over
      // in the file and the write-ahead log, with the page's earlier copies, is emptied.
      db.pragma('synchronous = FULL');
      const removed = forget(subject);
      seenErasures = q.erasures.get()!;
      checkpoint();
      return removed;
    },
    close() {
      linksNow();
      writer?.close();
      writer?.drain();
      writer = null;
      writerGone = true;
      if (pendingStreams.length || pendingEmails.length) local.writeLinks(pendingStreams.splice(0), pendingEmails.splice(0));
      // Subjects made ahead and never used: nothing was sealed under them.
      local.deleteSubjects(ahead.splice(0));
      checkpoint();
      db.close();
    },
  };
}
