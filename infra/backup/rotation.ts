// Backups that rotate (`npm run events -- backup --rotate DIR`, run nightly by infra/deploy/amanah-house-backup.timer):
// each run writes a new set into DIR, named by the moment it started (UTC), then keeps the newest set of each of the 7
// newest days it holds (daily) and, before those, the newest set of each of the 4 ISO weeks before the oldest daily
// (weekly), and deletes every other set. Only folders named as this writes them and holding a manifest are sets: nothing
// else in DIR is ever deleted.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { manifestName } from './manifest.ts';

export const rotation = { daily: 7, weekly: 4 } as const;

/** A set's folder name: the moment its run started, in UTC, without the colons some file systems refuse. */
export function rotatedSetName(at: Date): string {
  return `${at.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

const setNamePattern = /^(\d{4}-\d{2}-\d{2})T(\d{6})Z$/;

/** The ISO week a UTC day belongs to, as 2026-W49. */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The week's Thursday decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export type RotationPlan = {
  daily: string[];
  weekly: string[];
  /** the sets to delete, oldest first */
  prune: string[];
};

/** Which of these set names to keep, as what, and which to delete (names of other shapes are left out of the plan). */
export function planRotation(
  names: readonly string[],
  keep: { daily: number; weekly: number } = rotation,
): RotationPlan {
  const sets = names.filter((name) => setNamePattern.test(name)).sort();
  const newestFirst = [...sets].reverse();
  const daily: string[] = [];
  const days = new Set<string>();
  for (const name of newestFirst) {
    const day = name.slice(0, 10);
    if (days.has(day)) continue;
    if (days.size === keep.daily) break;
    days.add(day);
    daily.push(name);
  }
  const oldestDaily = daily.at(-1);
  const weekly: string[] = [];
  const weeks = new Set<string>();
  for (const name of newestFirst) {
    if (oldestDaily === undefined || name.slice(0, 10) >= oldestDaily.slice(0, 10)) continue;
    const week = isoWeekOf(name.slice(0, 10));
    if (weeks.has(week)) continue;
    if (weeks.size === keep.weekly) break;
    weeks.add(week);
    weekly.push(name);
  }
  const kept = new Set([...daily, ...weekly]);
  return { daily, weekly, prune: sets.filter((name) => !kept.has(name)) };
}

/** The complete sets in `root`: named as rotatedSetName names them, with their manifest (written last) in place. */
export function completeSets(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && setNamePattern.test(entry.name))
    .filter((entry) => existsSync(join(root, entry.name, manifestName)))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Writes a new set into `root` through `write` (the backup itself, given the new folder), then deletes what the plan
 * says. A run whose backup fails deletes nothing, so a failing night never thins the sets that are still good.
 */
export async function rotateBackups<T>(
  root: string,
  now: Date,
  write: (dir: string) => Promise<T>,
): Promise<{ written: T; dir: string; plan: RotationPlan }> {
  const dir = join(root, rotatedSetName(now));
  const written = await write(dir);
  const plan = planRotation(completeSets(root));
  for (const name of plan.prune) rmSync(join(root, name), { recursive: true, force: true });
  return { written, dir, plan };
}
