// Time travel: a stream's state as of a revision or a date-time, folded by the same projection the console's read
// model comes from, over that stream's events alone, in memory; and the differences between two such states. The audit
// console and `npm run events -- state|diff` both answer from here.
import {
  auditMessages,
  timeTravelKinds,
  type DiffLine,
  type DiffResponse,
  type StateAsOf,
} from '../../contracts/audit/model.ts';
import { invalid, notFound } from '../../contracts/shared/errors.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { RangeOptions, ReadStoreReader, ScoreBounds, Write } from '../../contracts/ports/readStore.ts';
import { categoryOf, idOf } from '../../contracts/shared/streams.ts';
import type { Projection } from '../engine/projection.ts';
import { allProjections } from '../index.ts';

/** Which read model shows a stream of each kind, and the collection its document is in (under the stream's id). */
const folds: Record<(typeof timeTravelKinds)[number], { projection: string; collection: string }> = {
  order: { projection: 'adminOrders', collection: 'adminOrders' },
  review: { projection: 'reviews', collection: 'reviews' },
  preorder: { projection: 'preorders', collection: 'preorders' },
};

/** A moment as typed: a whole number is a revision of the stream, anything else a date-time. */
export type Moment = { revision: number } | { at: number; text: string };

export function parseMoment(text: string | undefined): Moment | null {
  if (text === undefined || text.trim() === '') return null;
  const trimmed = text.trim();
  if (/^\d{1,9}$/.test(trimmed)) return { revision: Number(trimmed) };
  const at = Date.parse(trimmed);
  if (!Number.isFinite(at) || !/^\d{4}-\d{2}-\d{2}/.test(trimmed))
    throw invalid(auditMessages.at, [{ field: 'at', message: auditMessages.at }]);
  return { at, text: trimmed };
}

/** An in-memory view for one fold: documents and indexes as the projection wrote them. */
class ScratchView implements ReadStoreReader {
  readonly docs = new Map<string, unknown>();
  readonly indexes = new Map<string, Map<string, number>>();
  async get<T>(collection: string, id: string): Promise<T | null> {
    return (this.docs.get(`${collection}\u0000${id}`) as T | undefined) ?? null;
  }
  async getMany<T>(collection: string, ids: readonly string[]): Promise<(T | null)[]> {
    return Promise.all(ids.map((id) => this.get<T>(collection, id)));
  }
  private entries(index: string, bounds: ScoreBounds = {}) {
    return [...(this.indexes.get(index) ?? new Map<string, number>()).entries()]
      .filter(
        ([, score]) =>
          (bounds.min === undefined || score >= bounds.min) && (bounds.max === undefined || score <= bounds.max),
      )
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  }
  async range(index: string, options: RangeOptions = {}): Promise<string[]> {
    const ids = this.entries(index, options).map(([id]) => id);
    if (options.reverse) ids.reverse();
    return ids.slice(
      options.offset ?? 0,
      options.limit === undefined ? undefined : (options.offset ?? 0) + options.limit,
    );
  }
  async count(index: string, bounds?: ScoreBounds): Promise<number> {
    return this.entries(index, bounds).length;
  }
  write(writes: readonly Write[]) {
    for (const w of writes) {
      if (w.op === 'put') this.docs.set(`${w.collection}\u0000${w.id}`, w.doc);
      else if (w.op === 'delete') this.docs.delete(`${w.collection}\u0000${w.id}`);
      else if (w.op === 'index') {
        let index = this.indexes.get(w.index);
        if (!index) this.indexes.set(w.index, (index = new Map<string, number>()));
        index.set(w.id, w.score);
      } else this.indexes.get(w.index)?.delete(w.id);
    }
  }
}

function foldFor(stream: string): { projection: Projection; collection: string } {
  const kind = categoryOf(stream) as keyof typeof folds;
  const fold = folds[kind];
  const projection = fold && allProjections.find((p) => p.name === fold.projection);
  if (!fold || !projection)
    throw invalid(auditMessages.notTimeTravel, [{ field: 'stream', message: auditMessages.notTimeTravel }]);
  return { projection, collection: fold.collection };
}

/** The events of `history` up to `moment` (all of them when there is none). */
function upTo(history: readonly RecordedEvent[], moment: Moment | null): RecordedEvent[] {
  if (!moment) return [...history];
  if ('revision' in moment) return history.filter((e) => e.revision <= moment.revision);
  return history.filter((e) => Date.parse(e.metadata.at) <= moment.at);
}

/**
 * The stream's state as of `moment`: its events up to then folded by its read model's projection. Refuses a stream
 * time travel does not fold (400), an empty one (404) and a moment before its first event (400).
 */
export async function stateAsOf(
  stream: string,
  history: readonly RecordedEvent[],
  momentText?: string,
): Promise<StateAsOf> {
  const { projection, collection } = foldFor(stream);
  if (history.length === 0) throw notFound(`No stream named ${stream}`);
  const moment = parseMoment(momentText);
  const events = upTo(history, moment);
  if (events.length === 0) throw invalid(auditMessages.before, [{ field: 'at', message: auditMessages.before }]);
  const view = new ScratchView();
  const handles = new Set(projection.handles);
  for (const event of events) if (handles.has(event.type)) view.write(await projection.apply(event, view));
  const last = events.at(-1)!;
  return {
    stream,
    revision: last.revision,
    at: last.metadata.at,
    lastRevision: history.at(-1)!.revision,
    state: await view.get(collection, idOf(stream)),
  };
}

/** Every leaf of a JSON value by its path (`items[0].quantity`). */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(path, []);
    value.forEach((item, i) => leaves(item, `${path}[${i}]`, into));
  } else if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) into.set(path, {});
    for (const key of keys) leaves((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, into);
  } else into.set(path, value);
  return into;
}

/** What changed between two states, path by path, in the order the paths first appear. */
export function diffStates(before: unknown, after: unknown): DiffLine[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.flatMap((path) => {
    const was = a.has(path) ? a.get(path) : null;
    const is = b.has(path) ? b.get(path) : null;
    return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ path, before: was, after: is }];
  });
}

/** The stream as of `from` and as of `to` (its newest state when `to` is not given), and what changed between. */
export async function diffAsOf(
  stream: string,
  history: readonly RecordedEvent[],
  from: string,
  to?: string,
): Promise<DiffResponse> {
  const [a, b] = await Promise.all([stateAsOf(stream, history, from), stateAsOf(stream, history, to)]);
  return { stream, from: a, to: b, changes: diffStates(a.state, b.state) };
}
