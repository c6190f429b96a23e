// The shop's clock face: the UK's (Europe/London, GMT in winter and BST in summer). A moment a person picks in a
// `<input type="datetime-local">` is a London wall time, turned into an instant here, and an instant is shown back in
// London time, so the browser's own time zone never moves what an auditor asked for.
import { lazily } from './lazily.ts';

export const shopTimeZone = 'Europe/London';

const wallParts = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: shopTimeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

/** The London wall time of an instant, as its fields. */
function wallOf(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts = Object.fromEntries(
    wallParts()
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far London's clock is ahead of UTC at an instant, in ms (0 in GMT, an hour in BST). */
function offsetAt(ms: number): number {
  const w = wallOf(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * The instant (ISO 8601, UTC) a London wall time names, as a datetime-local input gives it (`2026-03-29T10:30`, seconds
 * optional); null when it is not one. The hour the clocks skip in March does not exist: a time in it is read an hour
 * later, as a clock would show it. The hour repeated in October is read as its second time (GMT).
 */
export function fromLondonInput(text: string): string | null {
  const match = inputPattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((n) => Number(n ?? 0));
  const wall = Date.UTC(year!, month! - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59 || second! > 59)
    return null;
  const first = wall - offsetAt(wall);
  const settled = wall - offsetAt(first);
  return new Date(settled).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input's value in London time (`2026-03-29T11:30:00`); '' when it is no date. */
export function toLondonInput(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const w = wallOf(ms);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

const shown = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: shopTimeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }),
);

/** An instant as people in the shop read it: `29 Mar 2026, 11:30:00 BST`; the text itself when it is no date. */
export function londonText(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? shown().format(new Date(ms)) : iso;
}

const minutes = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: shopTimeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** An instant as the admin's screens show it, to the minute in UK time: `7 Dec 2026, 14:05`; the text when no date. */
export function ukDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? minutes().format(new Date(ms)) : iso;
}
