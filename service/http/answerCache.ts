// Read-model answers serialised once per committed position: the JSON text, its length and its ETag are kept until the
// projection runner commits anything, so a read after a write still sees the write.
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { ReadStore } from '../ports/readStore.ts';

/** The app's compression settings (koa-compress in app.ts), shared with the answers compressed here once. */
export const compression = {
  threshold: 1024,
  br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: { level: 6 },
} as const;

type Encoding = 'br' | 'gzip';

export type JsonAnswer = {
  readonly body: Buffer;
  /** weak: the answer may leave compressed, and the tag names its content, not its bytes on the wire */
  readonly etag: string;
  /** the body compressed, each encoding made the first time a client asks for it */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
};

const jsonType = 'application/json; charset=utf-8';

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {} };
}

function encodedBody(answer: JsonAnswer, encoding: Encoding): Buffer {
  return (answer.encoded[encoding] ??= encoding === 'br' ? brotliCompressSync(answer.body, compression.br) : gzipSync(answer.body, compression.gzip));
}

/**
 * br or gzip, whichever the client weighs higher (br on a tie, as koa-compress prefers it), or null for none. `*`
 * stands for an encoding the header does not name; q=0 refuses one.
 */
export function preferredEncoding(acceptEncoding: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name!.trim() && !Number.isNaN(weight)) weights.set(name!.trim().toLowerCase(), weight);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * Sends a cached answer: 304 with no body when the client already holds it (If-None-Match), else the JSON, compressed
 * once per answer rather than by koa-compress on every request. The security and request-id middleware see it like
 * any other answer; koa-compress has already said Vary: Accept-Encoding.
 */
export function sendJsonAnswer(ctx: Context, answer: JsonAnswer): void {
  ctx.set('Content-Type', jsonType);
  ctx.set('ETag', answer.etag);
  ctx.compress = false;
  ctx.body = answer.body;
  // ctx.fresh compares If-None-Match with the ETag (weakly, as RFC 9110 asks for GET); skipped when nothing is asked.
  if (ctx.get('If-None-Match') && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (answer.body.length < compression.threshold || !ctx.get('Accept-Encoding') || ctx.method === 'HEAD') return;
  const encoding = preferredEncoding(ctx.get('Accept-Encoding'));
  if (encoding) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = encodedBody(answer, encoding);
  }
}

type Entry = { position: string; answer: JsonAnswer };

export type AnswerCache<K> = {
  /** The answer for `key`, built by `build` unless one built at the current position is kept; null is never kept. */
  get(key: K, build: () => Promise<unknown>): Promise<JsonAnswer | null>;
};

/**
 * Answers keyed by `key` and by the committed checkpoints of the projections they are read from. Every commit of the
 * runner moves those checkpoints with the writes, in one go, so a kept answer is stale the moment a new event is
 * folded. The position is read before the data: data newer than the position it is kept under only costs one more
 * build on the next request, never a stale answer. At most `maxEntries` keys are kept (oldest dropped first).
 */
export function answerCache<K>(reads: Pick<ReadStore, 'checkpoint'> & { readonly namespace?: string }, projections: readonly string[], { maxEntries = 64 } = {}): AnswerCache<K> {
  const entries = new Map<K, Entry>();
  // The generation's namespace too: a new generation of the read models may answer differently at the same position.
  const position = async () => {
    const namespace = reads.namespace ?? '';
    if (projections.length === 1) return `${namespace}:${await reads.checkpoint(projections[0]!)}`;
    return `${namespace}:${(await Promise.all(projections.map((p) => reads.checkpoint(p)))).join(':')}`;
  };
  return {
    async get(key, build) {
      const at = await position();
      const kept = entries.get(key);
      if (kept && kept.position === at) return kept.answer;
      const value = await build();
      if (value === null) {
        entries.delete(key);
        return null;
      }
      const answer = jsonAnswer(value);
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { position: at, answer });
      return answer;
    },
  };
}
