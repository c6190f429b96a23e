// Golden logs: logs that earlier releases of the shop wrote, with what their read endpoints answered. Every later
// release must open each one and answer the same; recorded fields keep their values, answers may gain fields.
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchWithin } from './http.ts';

export const goldenRoot = join(import.meta.dirname, 'golden');
export const goldenVersions = () =>
  readdirSync(goldenRoot)
    .filter((name) => /^v\d+$/.test(name))
    .sort();

export type RecordedAnswer = {
  name: string;
  method: string;
  path: string;
  auth: boolean;
  /** 'exact': status and body compared whole (fields may be added); 'prefix': a stream whose recorded events must come first */
  compare: 'exact' | 'prefix';
  status: number;
  body: any;
};
export type GoldenMeta = {
  commit: string;
  events: number;
  chainHead: string;
  admin: { username: string; password: string };
  /** From v3 on: the token secret the log was written under, which signs the order page links its answers open */
  jwtSecret?: string;
};
export type GoldenLog = { dir: string; meta: GoldenMeta; answers: RecordedAnswer[] };

export function readGolden(version: string): GoldenLog {
  const dir = join(goldenRoot, version);
  const { meta, answers } = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8'));
  return { dir, meta, answers };
}

/** A writable copy of a golden log's DATA_DIR in a scratch folder; the golden files themselves are never opened. */
export function copyGoldenData(golden: GoldenLog): string {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'shop-golden-')), 'data');
  cpSync(join(golden.dir, 'data'), dataDir, { recursive: true });
  const writable = (path: string) => {
    chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) writable(join(path, name));
  };
  writable(dataDir);
  return dataDir;
}

/**
 * The shop's clock for a golden log: it runs on from the log's last event, so answers that depend on the time (a stock
 * hold still running, or long since run out) are asked at the moment they were recorded, whatever today's date.
 */
export function recordedClock(golden: GoldenLog): () => Date {
  let last = 0;
  for (const line of readFileSync(join(golden.dir, 'export.ndjson'), 'utf8').split('\n').filter(Boolean)) {
    const at = Date.parse((JSON.parse(line) as { metadata?: { at?: string } }).metadata?.at ?? '');
    if (at > last) last = at;
  }
  const started = Date.now();
  return () => new Date(last + (Date.now() - started));
}

const show = (value: unknown) => {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** The first place where `actual` differs from `expected`, as "$.path: expected X, got Y"; null when equal. Added fields are allowed. */
export function firstDifference(expected: unknown, actual: unknown, at = '$'): string | null {
  if (Object.is(expected, actual)) return null;
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(expected) !== kind(actual) || (kind(expected) !== 'array' && kind(expected) !== 'object'))
    return `${at}: expected ${show(expected)}, got ${show(actual)}`;
  if (Array.isArray(expected)) {
    const got = actual as unknown[];
    for (let i = 0; i < Math.min(expected.length, got.length); i++) {
      const d = firstDifference(expected[i], got[i], `${at}[${i}]`);
      if (d) return expected.length === got.length ? d : `${d} (and ${got.length} items instead of ${expected.length})`;
    }
    return expected.length === got.length ? null : `${at}: expected ${expected.length} items, got ${got.length}`;
  }
  const got = actual as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected as Record<string, unknown>)) {
    if (!(key in got)) return `${at}.${key}: missing (expected ${show(value)})`;
    const d = firstDifference(value, got[key], `${at}.${key}`);
    if (d) return d;
  }
  return null;
}

/** Why an answer differs from the recorded one, or null when it answers the same. */
export function compareAnswer(recorded: RecordedAnswer, status: number, body: any): string | null {
  if (status !== recorded.status)
    return `status ${status}, expected ${recorded.status}${body?.message ? ` (${body.message})` : ''}`;
  if (recorded.compare === 'prefix') {
    const expected = recorded.body;
    if (!body || !Array.isArray(body.events)) return `expected a stream answer, got ${show(body)}`;
    const d = firstDifference(
      { ...expected, revision: undefined },
      { ...body, revision: undefined, events: body.events.slice(0, expected.events.length) },
    );
    if (d) return d;
    if (!(body.revision >= expected.revision))
      return `$.revision: ${body.revision} is below the recorded ${expected.revision}`;
    return null;
  }
  return firstDifference(recorded.body, body);
}

/** Signs in as the recorded owner and asks every recorded question; answers the differences, one line each. */
export async function askRecorded(baseUrl: string, golden: GoldenLog): Promise<string[]> {
  const call = async (method: string, path: string, token?: string) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetchWithin(baseUrl + path, { method, headers });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text is the answer
    }
    return { status: res.status, body: json as any };
  };
  const { username, password } = golden.meta.admin;
  const signIn = await fetchWithin(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = ((await signIn.json()) as { token?: string }).token;
  if (signIn.status !== 200 || !token)
    return [`sign-in as ${username} with the recorded password answered ${signIn.status}`];
  const differences: string[] = [];
  for (const recorded of golden.answers) {
    const answer = await call(recorded.method, recorded.path, recorded.auth ? token : undefined);
    const difference = compareAnswer(recorded, answer.status, answer.body);
    if (difference) differences.push(`${recorded.method} ${recorded.path} (${recorded.name}): ${difference}`);
  }
  return differences;
}
