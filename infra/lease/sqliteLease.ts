// Leases in a SQLite file of their own in DATA_DIR (leases.sqlite): every process on one embedded log shares that
// folder, and SQLite's locking makes each take-over one transaction, so two processes never both believe they hold it.
// A lease lasts `ttlMs` from its last renewal; a holder on this host whose process is gone loses it at once.
import { randomUUID } from 'node:crypto';
import { ensurePrivateFile } from '../../service/dataFiles.ts';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Lease } from '../../contracts/ports/lease.ts';

export type SqliteLeaseOptions = { ttlMs?: number; renewMs?: number; now?: () => number };

type Row = { holder: string; host: string; pid: number; expires_at: number };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function openSqliteLease(dataDir: string, name: string, options: SqliteLeaseOptions = {}): Lease {
  const ttlMs = options.ttlMs ?? 15_000;
  const renewMs = options.renewMs ?? Math.max(100, Math.floor(ttlMs / 5));
  const now = options.now ?? (() => Date.now());
  ensurePrivateFile(join(dataDir, 'leases.sqlite'));
  const db = new Database(join(dataDir, 'leases.sqlite'));
  db.pragma('busy_timeout = 10000');
  db.exec(
    'CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, host TEXT NOT NULL, pid INTEGER NOT NULL, expires_at INTEGER NOT NULL)',
  );
  const host = hostname();
  const holder = `${host}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const select = db.prepare<[string], Row>('SELECT holder, host, pid, expires_at FROM leases WHERE name = ?');
  const upsert = db.prepare(
    'INSERT INTO leases (name, holder, host, pid, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid, expires_at = excluded.expires_at',
  );
  const remove = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  const take = db.transaction((): boolean => {
    const row = select.get(name);
    const at = now();
    const free = !row || row.holder === holder || row.expires_at <= at || (row.host === host && !alive(row.pid));
    if (!free) return false;
    upsert.run(name, holder, host, process.pid, at + ttlMs);
    return true;
  });
  let closed = false;
  return {
    renewMs,
    holder,
    // IMMEDIATE: the read and the write are one step under SQLite's write lock, whoever else asks at the same moment.
    acquire: async () => !closed && take.immediate(),
    async release() {
      if (!closed) remove.run(name, holder);
    },
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
