// Crash rounds: kill -9 a process mid-burst of concurrent commands, then check that every acknowledged command is in
// the log exactly once, the SQLite file is intact, and read models rebuilt after the restart verify against the log.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/rebuild.ts';
import { startTestShop } from '../testing/shop.ts';

export type CrashRound = {
  round: number;
  /** commands the process answered before it died */
  acknowledged: number;
  /** commands in the log for this round (acknowledged, plus any committed whose answer the kill cut off) */
  logged: number;
  lost: string[];
  duplicated: string[];
  integrity: string;
  verified: boolean;
  lag: number;
};

const burst = new URL('./commandBurst.ts', import.meta.url).pathname;

/** Runs one burst and kills it `killAfterMs` after it starts answering. Answers the acknowledged command ids. */
async function burstAndKill(dataDir: string, round: number, killAfterMs: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', burst, dataDir, String(round), '32'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const acknowledged: string[] = [];
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line === 'ready') setTimeout(() => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'), killAfterMs);
    else if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
  });
  const code = await exited;
  if (code !== null) throw new Error(`the burst process exited by itself (${code}) instead of being killed:\n${errors}`);
  return acknowledged;
}

/** How often each command id of a round appears in the log, read after the crash by a fresh connection. */
function loggedCommands(dataDir: string, round: number): { counts: Map<string, number>; integrity: string } {
  const db = new Database(join(dataDir, 'events.sqlite'));
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const rows = db
      .prepare<[string], { id: string; n: number }>(
        `SELECT json_extract(metadata, '$.causationId') AS id, COUNT(*) AS n FROM events WHERE json_extract(metadata, '$.causationId') LIKE ? GROUP BY id`,
      )
      .all(`crash-${round}-%`);
    return { counts: new Map(rows.map((r) => [r.id, r.n])), integrity };
  } finally {
    db.close();
  }
}

export async function crashRound(dataDir: string, round: number, killAfterMs: number): Promise<CrashRound> {
  const acknowledged = await burstAndKill(dataDir, round, killAfterMs);
  const { counts, integrity } = loggedCommands(dataDir, round);
  const lost = acknowledged.filter((id) => !counts.has(id));
  const duplicated = [...counts].filter(([, n]) => n !== 1).map(([id]) => id);
  // The restart: a whole shop on the same data directory folds the log again, then the read models are verified.
  const shop = await startTestShop({ DATA_DIR: dataDir });
  try {
    const { events, reads } = shop.shop.deps;
    const lag = (await shop.shop.deps.projectionStatus()).lag;
    await shop.shop.runner?.stop();
    const verdict = await verify(events, reads, allProjections);
    return { round, acknowledged: acknowledged.length, logged: counts.size, lost, duplicated, integrity, verified: verdict.match, lag };
  } finally {
    await shop.close();
  }
}
