// The mark of a restore that has not finished (decision 093). The restore checks everything in a staging folder before
// TARGET gets a byte; the marker is the first file written into the staging folder and, when the checked files are
// moved into an existing TARGET, the first file written there, and in both it is removed last. A shop, and every command
// that opens a log, refuses a folder that holds it: a restore stopped half-way (a crash, a full disk) leaves a folder
// that says so rather than one that looks like a shop.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderRefused, privateFileMode } from '../../service/dataFiles.ts';

export const restoreMarkerName = 'restore-unfinished.json';

type Marker = { backup: string; target: string; startedAt: string; note: string };

/** Writes the marker into `folder` (created 0600; refused if one is there already). */
export function writeRestoreMarker(folder: string, backup: string, target: string, at: Date): void {
  const marker: Marker = {
    backup,
    target,
    startedAt: at.toISOString(),
    note: 'A restore into this folder began and did not finish with every check passed: do not start a shop on it.',
  };
  writeFileSync(join(folder, restoreMarkerName), `${JSON.stringify(marker, null, 2)}\n`, {
    mode: privateFileMode,
    flag: 'wx',
  });
}

/** Refuses a data folder that holds a restore's marker, saying which folder, from which backup, and what to do. */
export function assertNoUnfinishedRestore(dataDir: string): void {
  const file = join(dataDir, restoreMarkerName);
  if (!existsSync(file)) return;
  let backup = '<the backup>';
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<Marker>;
    if (typeof read.backup === 'string') backup = read.backup;
  } catch {
    // A marker cut short still marks the folder; the message names the backup generically.
  }
  throw new DataFolderRefused(
    `The data folder ${dataDir} holds ${restoreMarkerName}: a restore into it (from ${backup}) did not finish with every check passed, so its files may be incomplete or unchecked and the shop did not start. ` +
      `Empty the folder (or delete it) and run the restore again: npm run events -- restore ${backup} ${dataDir}`,
  );
}
