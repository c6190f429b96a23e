// The audit console's address: the streams' search, kind, dates, who acted and page, and the stream open, so a reload
// or a shared link shows the same list. Checked with valibot; anything odd in an address is treated as absent, never
// as an error.
import * as v from 'valibot';
import { streamNamePattern } from '#contracts/audit/streamName.ts';
import { isoDay } from '#contracts/shared/days.ts';

/** Streams a page of the list. */
export const streamsPageSize = 50;

// The router reads number-looking values as numbers: a search for 12345 is text all the same.
const text = (max: number) =>
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '',
    ),
    v.transform((value) => value || undefined),
  );

const day = v.pipe(
  v.unknown(),
  v.transform((value) => (v.is(isoDay('Day'), value) ? value : undefined)),
);

export const AuditSearchSchema = v.object({
  q: v.optional(text(200)),
  kind: v.optional(text(40)),
  from: v.optional(day),
  to: v.optional(day),
  actor: v.optional(text(100)),
  /** the page of the list, from 1 */
  page: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => {
        const n = Number(value);
        return Number.isInteger(n) && n > 1 && n < 1e6 ? n : undefined;
      }),
    ),
  ),
  stream: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && streamNamePattern.test(value) ? value : undefined)),
    ),
  ),
});

export type AuditSearch = v.InferOutput<typeof AuditSearchSchema>;

/** The streams' query an address asks for: its filters and the offset of its page. */
export const streamsQueryOf = (search: AuditSearch) =>
  Object.fromEntries(
    Object.entries({
      q: search.q,
      kind: search.kind,
      from: search.from,
      to: search.to,
      actor: search.actor,
      offset: String(((search.page ?? 1) - 1) * streamsPageSize),
      limit: String(streamsPageSize),
    }).filter(([, value]) => value !== undefined),
  ) as StreamFilter;

export type StreamFilter = {
  q?: string;
  kind?: string;
  from?: string;
  to?: string;
  actor?: string;
  offset?: string;
  limit?: string;
};
