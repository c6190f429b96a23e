// `npm run events -- <command>`: the auditor's view of the event log the environment configures
// (DATA_DIR or EVENTSTORE_URL), and of the live read models (REDIS_URL).
import { createReadStream, createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { allProjections } from '../../projections/index.ts';
import { rebuild, verify, type VerifyResult } from '../../projections/engine/rebuild.ts';
import { openLive } from '../../projections/engine/generations.ts';
import { ProjectionRunner } from '../../projections/engine/runner.ts';
import { ConfigError, loadConfig, type Config } from '../../service/config.ts';
import type { EventStore, StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import pino from 'pino';
import { openEventStore, openMailer, openPaymentGateway, openReadStore } from '../composition/shop.ts';
import { applyRetention, retentionReport } from '../../service/privacy/erasure.ts';
import { eventCatalog } from '../../contracts/eventCatalog.ts';
import { renderCatalogue } from './eventCatalogue.ts';
import { chainLines, checkChain, GENESIS, sha256 } from '../../projections/audit/hashChain.ts';
import { chainHeadPattern, extendsText } from '../../contracts/audit/hashChain.ts';
import { diffAsOf, stateAsOf } from '../../projections/audit/timeTravel.ts';
import { diffText } from '../../contracts/audit/diffText.ts';
import { londonText } from '../../contracts/shared/londonTime.ts';
import { DomainError } from '../../contracts/shared/errors.ts';
import { backupDataDir, BackupRefused, requireBackupDataKey } from '../backup/backup.ts';
import { NotABackup } from '../backup/manifest.ts';
import { PassphraseRefused } from '../backup/passphrase.ts';
import { restoreBackup, RestoreRefused } from '../backup/restore.ts';
import { rotateBackups } from '../backup/rotation.ts';
import { join } from 'node:path';
import {
  abandonSealMigration,
  confirmSealMigration,
  migrateSeal,
  sealMigrationFiles,
} from '../eventstore/sqlite/sealMigration.ts';
import {
  carriedOverBreak,
  migrationBreak,
  migrationsIn,
  type ExportedLine,
} from '../../projections/audit/migration.ts';
import { resolveDataKey } from '../keys/masterKey.ts';
import { openSqliteKeyStore } from '../keys/sqliteKeyStore.ts';

/** Every command: how it is called, and what it does (the first line of `help`, and `<command> --help`). */
const commands: { name: string; synopsis: string; text: string }[] = [
  { name: 'streams', synopsis: 'streams', text: 'every stream with its last revision' },
  { name: 'show', synopsis: 'show <stream>', text: "one stream's events with positions and metadata" },
  {
    name: 'export',
    synopsis: 'export [--stream S] [--out F]',
    text: 'the log (or one stream) as NDJSON, each line chained to the one before by SHA-256',
  },
  {
    name: 'check',
    synopsis: 'check <file> [--head H] [--extends E] [--before F]',
    text: `recompute an export's chain; H is the chain head the export printed. With --extends,
the chain head of an earlier export signed off, it proves this export begins with that
one unchanged (exit 1 when it does not). Across a
migration (migrate-seal) it checks the LogMigrated record; with --before, an export
of the old log, it checks that the new log carries every one of its events over`,
  },
  {
    name: 'catalogue',
    synopsis: 'catalogue [--out F]',
    text: 'every event type the log can contain, with its versions and fields (Markdown)',
  },
  {
    name: 'verify',
    synopsis: 'verify | replay --verify',
    text: 'rebuild every read model from the log and compare with the live ones',
  },
  {
    name: 'replay',
    synopsis: 'replay',
    text: 'rebuild every read model from the log into a scratch namespace, and time it',
  },
  {
    name: 'state',
    synopsis: 'state <stream> [--at M]',
    text: "an order's or review's state as of M (a revision, or a date-time; now if left out)",
  },
  {
    name: 'diff',
    synopsis: 'diff <stream> --from M [--to N] [--text]',
    text: `what changed in an order or review between two moments (N: now if left out);
--text: one line a change, fields named in words, as the audit console shows it`,
  },
  {
    name: 'backup',
    synopsis: 'backup <dir> [--rotate] [--passphrase-file F]',
    text: `everything the shop cannot rebuild (log, key file, accounts, payments sandbox,
outbox) with a manifest, safe while the shop runs; encrypted with the passphrase in F
or BACKUP_PASSPHRASE when given. The folder is made when missing (it must be empty).
The data key is never in it: keep DATA_KEY apart. The manifest carries a MAC under a
key derived from the data key (DATA_KEY, or DATA_DIR/data-key), so restore can tell
any change to it. --rotate: <dir> holds a rotating set of backups; a new one is written
into it, named by the time (UTC), then the newest of each of the last 7 days and of
the 4 weeks before them are kept and the others deleted`,
  },
  {
    name: 'restore',
    synopsis: 'restore <dir> <target> [--passphrase-file F] [--jwt-secret-file F] [--accept-unauthenticated]',
    text: `restores a backup into a missing or empty folder, checking everything before it
writes a byte there: the manifest's MAC under DATA_KEY, every checksum, the log's chain,
head and counts, every sealed field opened with the key file and DATA_KEY, the images.
The checks run in a staging folder beside the target; on any failure the target is left
absent (or empty). Refused when the log's accounts' secrets do not open with the token
secret (JWT_SECRET, or the file F). A plain backup of an earlier release has no MAC:
refused unless --accept-unauthenticated is given (only for a backup never out of your hands)`,
  },
  {
    name: 'retention',
    synopsis: 'retention [--apply]',
    text: 'who is past the retention period (RETENTION_MONTHS); --apply erases them',
  },
  {
    name: 'migrate-seal',
    synopsis: 'migrate-seal [--confirm | --abandon]',
    text: `copy a log written before personal fields were sealed into a new one with them
sealed (the shop stopped); the old log is kept until --confirm deletes it whole;
--abandon goes back to the old log after a copy that stopped (decision 059)`,
  },
  {
    name: 'stripe-check',
    synopsis: 'stripe-check',
    text: `reads the Stripe account's webhook endpoints (STRIPE_SECRET_KEY; nothing is
changed) and says which delivers to PUBLIC_URL's webhook address, the events it
sends, those the shop needs and lacks and those it ignores; exit 1 unless one
enabled endpoint sends every needed event`,
  },
  {
    name: 'stripe-events',
    synopsis: 'stripe-events [--readme F]',
    text: `the Stripe events the shop acts on, one a line with what it does; with --readme,
writes the list into F between its markers (README.md)`,
  },
  { name: 'help', synopsis: 'help [command]', text: 'this list, or what one command does' },
];

const indent = (text: string, by: number) => text.replaceAll('\n', `\n${' '.repeat(by)}`);

const usage = `Usage: npm run events -- <command>   (npm run events -- <command> --help: that command alone)

${commands
  .map(({ synopsis, text }) =>
    synopsis.length < 31
      ? `  ${synopsis.padEnd(33)}${indent(text, 35)}`
      : `  ${synopsis}\n${' '.repeat(35)}${indent(text, 35)}`,
  )
  .join('\n')}

Long runs (export, verify, replay, backup) report their progress on stderr; their results go to stdout.`;

/** One command's help: how it is called and what it does. */
function commandHelp(name: string): string | null {
  const command = commands.find((c) => c.name === name);
  return command ? `Usage: npm run events -- ${command.synopsis}\n\n${command.text.replaceAll('\n', ' ')}` : null;
}

/** Progress of a long run, on stderr so stdout stays the result (an export's NDJSON among them). */
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** Every this many events, a long run says how far it has got. */
const progressEvery = 1000;

/** A rebuild's progress callback: a line each time the events folded pass another thousand. */
function foldedProgress(run: string) {
  let said = 0;
  return (events: number) => {
    if (events - said < progressEvery) return;
    said = events - (events % progressEvery);
    progress(`${run}: ${events} events folded…`);
  };
}

class UsageError extends Error {}

const out = (line = '') => process.stdout.write(`${line}\n`);
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function logLabel(config: Config): string {
  return config.EVENTSTORE_URL ? 'EventStoreDB' : `SQLite in ${config.DATA_DIR}`;
}

async function streams(events: EventStore) {
  const all = await events.listStreams();
  if (all.length === 0) return out('The log is empty.');
  const width = Math.max(6, ...all.map((s) => s.stream.length));
  out(`${'stream'.padEnd(width)}  revision  events  last position`);
  for (const s of all)
    out(
      `${s.stream.padEnd(width)}  ${String(s.revision).padStart(8)}  ${String(s.revision + 1).padStart(6)}  ${String(s.lastPosition).padStart(13)}`,
    );
  out(`\n${counted(all.length, 'stream')}`);
}

async function show(events: EventStore, stream: string | undefined) {
  if (!stream) throw new UsageError('show needs a stream name, such as book-1');
  const recorded = await events.readStream(stream);
  if (recorded.length === 0) {
    out(`No stream named ${stream}.`);
    return 1;
  }
  for (const e of recorded) {
    const { causedBy, causationId, correlationId, at } = e.metadata;
    out(`#${e.revision}  position ${e.position}  ${e.type}  ${at}`);
    out(`    id ${e.id}  caused by ${causedBy}  causation ${causationId}  correlation ${correlationId}`);
    out(`    ${JSON.stringify(e.data)}`);
  }
  out(`\n${counted(recorded.length, 'event')} in ${stream}`);
  return 0;
}

async function* logOrStream(events: StoredEventStore, stream: string | undefined): AsyncIterable<RecordedEvent> {
  if (stream) yield* await events.readStream(stream);
  else yield* events.readAll(0);
}

async function exportLog(events: StoredEventStore, stream: string | undefined, file: string | undefined) {
  const sink = file ? createWriteStream(file) : process.stdout;
  let count = 0;
  let last: string | null = null;
  for await (const line of chainLines(logOrStream(events, stream))) {
    if (!sink.write(`${line}\n`)) await once(sink, 'drain');
    last = line;
    count += 1;
    if (count % progressEvery === 0) progress(`export: ${count} events written…`);
  }
  if (file)
    await new Promise<void>((resolve, reject) =>
      (sink as ReturnType<typeof createWriteStream>).end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  // The summary goes to stderr, so stdout stays pure NDJSON when no file is given.
  const head = last === null ? GENESIS : sha256(last);
  process.stderr.write(
    `Exported ${counted(count, 'event')}${stream ? ` of ${stream}` : ''}${file ? ` to ${file}` : ''}.\nChain head: ${head}\nKeep the chain head: \`check\` needs it to vouch for the last line.\n`,
  );
}

async function check(
  file: string | undefined,
  head: string | undefined,
  before: string | undefined,
  earlier: string | undefined,
) {
  if (!file) throw new UsageError('check needs the file an export wrote');
  if (earlier !== undefined && !chainHeadPattern.test(earlier))
    throw new UsageError('--extends needs the chain head an earlier export printed (64 hexadecimal characters)');
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  const result = await checkChain(lines, head, earlier);
  if (!result.ok) {
    out(`Chain broken at line ${result.line}: ${result.reason}.`);
    return 1;
  }
  out(`Chain intact: ${counted(result.lines, 'line')}. Chain head: ${result.head}`);
  if (head === undefined && result.lines > 0)
    out('The last line is vouched for only by the chain head; pass --head <hash from the export> to check it too.');
  if (earlier !== undefined) {
    out(extendsText(earlier, result));
    if (result.extendsAt === null) return 1;
  }
  return checkMigrations(file, before);
}

const readExport = (file: string): ExportedLine[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExportedLine);

/**
 * Across a copy-and-transform migration (decision 059): the LogMigrated record must name the chain of the lines before
 * it; with an export of the old log (`--before`), that export must end with the chain head the record names, and every
 * one of its events must be carried over, the same but for the fields sealed.
 */
async function checkMigrations(file: string, before: string | undefined) {
  const migrations = migrationsIn(readExport(file));
  if (migrations.length === 0) {
    if (before) {
      out(`No migration is recorded in ${file}, so --before has nothing to be checked against.`);
      return 1;
    }
    return 0;
  }
  for (const { line, event, data } of migrations) {
    const broken = migrationBreak(line, event, data);
    if (broken) {
      out(`Migration at line ${line} does not continue the chain: ${broken}.`);
      return 1;
    }
    out(
      `Migration at line ${line} (${data.at}, personal fields sealed in ${counted(data.sealedEvents, 'event')}): it continues the log whose export ended with ${counted(data.from.events, 'event')} and chain head ${data.from.chainHead}; the ${counted(data.to.events, 'line')} before it chain to ${data.to.chainHead}, as it records.`,
    );
  }
  if (!before) {
    out('Pass --before <an export of the old log> to check that every event of the old log was carried over.');
    return 0;
  }
  const { line, data } = migrations.at(-1)!;
  const old = await checkChain(
    createInterface({ input: createReadStream(before), crlfDelay: Infinity }),
    data.from.chainHead,
  );
  if (!old.ok) {
    out(
      `The old log's export ${before} is not the one the migration at line ${line} continues: line ${old.line}: ${old.reason}.`,
    );
    return 1;
  }
  const oldLines = readExport(before);
  const newLines = readExport(file);
  if (oldLines.length !== data.from.events || newLines.length < oldLines.length) {
    out(
      `The old log's export has ${counted(oldLines.length, 'line')} and the new one ${newLines.length}; the migration records ${counted(data.from.events, 'event')} carried over.`,
    );
    return 1;
  }
  for (let i = 0; i < oldLines.length; i++) {
    const broken = carriedOverBreak(oldLines[i]!, newLines[i]!);
    if (broken) {
      out(`Line ${i + 1} of the old log is not carried over into line ${i + 1} of the new one: ${broken}.`);
      return 1;
    }
  }
  out(
    `Carried over: all ${counted(oldLines.length, 'event')} of ${before} (chain head ${data.from.chainHead}) are in ${file} in order, with their ids, positions and metadata, the same but for the personal fields now sealed.`,
  );
  return 0;
}

/** Live read models in Redis may move while we rebuild; compare only when they held still throughout. */
async function verifyLive(events: EventStore, live: ReadStore): Promise<VerifyResult> {
  const checkpoints = async () => JSON.stringify(await Promise.all(allProjections.map((p) => live.checkpoint(p.name))));
  for (let attempt = 1; ; attempt++) {
    const before = await checkpoints();
    const result = await verify(events, live, allProjections, { onProgress: foldedProgress('verify') });
    if ((await checkpoints()) === before || attempt === 5) return result;
    out(`The live read models moved while they were compared; comparing again (attempt ${attempt + 1} of 5).`);
  }
}

async function verifyReadModels(config: Config, events: EventStore) {
  let result: VerifyResult;
  if (config.REDIS_URL) {
    out(`Comparing the read models in Redis with a rebuild from the log (${logLabel(config)}).`);
    const backend = await openReadStore(config);
    try {
      result = await verifyLive(events, await openLive(backend));
    } finally {
      await backend.close();
    }
  } else {
    out(
      'REDIS_URL is not set, so the live read models belong to the service (in its memory, or in the file it is writing) and are not read from here.',
    );
    out('Instead the log is folded twice, independently: once through the projection runner as the service does, once');
    out(`through rebuild, and the two results are compared (${logLabel(config)}).`);
    const { createMemoryReadStore } = await import('../readstore/memoryReadStore.ts');
    const folded = createMemoryReadStore('live');
    const runner = new ProjectionRunner(events, folded, allProjections, { healthCheckMs: 0 });
    await runner.start();
    const head = await events.headPosition();
    if (!(await runner.waitFor(head, 60 * 60_000)))
      throw new Error(`the projection runner did not reach position ${head}`);
    await runner.stop();
    result = await verify(events, folded, allProjections, { onProgress: foldedProgress('verify') });
  }
  out(`Events folded:   ${result.events} (up to position ${result.position}) in ${(result.ms / 1000).toFixed(2)} s`);
  out(`Live hash:       ${result.liveHash}`);
  out(`Rebuilt hash:    ${result.rebuiltHash}`);
  out(
    result.match
      ? 'MATCH: the read models equal a rebuild from the log.'
      : 'MISMATCH: the read models differ from a rebuild from the log.',
  );
  return result.match ? 0 : 1;
}

async function replay(config: Config, events: EventStore) {
  // Without Redis the replay folds into memory: the embedded read store's file is the running shop's to write.
  const reads = await openReadStore(config.REDIS_URL ? config : { ...config, READ_STORE: 'memory' });
  const scratch = reads.withNamespace(`replay-${process.pid}-${Date.now()}`);
  try {
    const result = await rebuild(events, scratch, allProjections, { onProgress: foldedProgress('replay') });
    const rate = result.ms > 0 ? Math.round(result.events / (result.ms / 1000)) : result.events;
    out(
      `Replayed ${counted(result.events, 'event')} (up to position ${result.position}) into ${counted(allProjections.length, 'read model')} in ${(result.ms / 1000).toFixed(2)} s (${rate} events/s).`,
    );
  } finally {
    await scratch.drop();
    await reads.close();
  }
  return 0;
}

/** The same answer the audit console shows (projections/audit/timeTravel.ts), as JSON, or a diff as its lines of text. */
async function timeTravel(
  events: EventStore,
  command: 'state' | 'diff',
  stream: string | undefined,
  moments: { at?: string; from?: string; to?: string; text?: boolean },
) {
  if (!stream) throw new UsageError(`${command} needs a stream name, such as order-<id>`);
  try {
    const history = await events.readStream(stream);
    if (command === 'state') out(JSON.stringify(await stateAsOf(stream, history, moments.at), null, 2));
    else {
      if (!moments.from) throw new UsageError('diff needs --from <revision or date-time>');
      const diff = await diffAsOf(stream, history, moments.from, moments.to);
      // The text is the console's table, line by line (contracts/audit/diffText.ts), with times in UK time.
      out(moments.text ? diffText(diff, londonText).join('\n') : JSON.stringify(diff, null, 2));
    }
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    out(error.message);
    return 1;
  }
}

/** The passphrase of an encrypted backup: the first line of --passphrase-file, else BACKUP_PASSPHRASE. */
function passphraseFrom(config: Config, file: string | undefined): string | undefined {
  if (file) return readFileSync(file, 'utf8').split(/\r?\n/)[0];
  return config.BACKUP_PASSPHRASE;
}

async function backup(config: Config, dir: string | undefined, passphraseFile: string | undefined, rotate: boolean) {
  if (!dir)
    throw new UsageError(
      rotate
        ? 'backup --rotate needs the folder that holds the rotating backups, such as /var/backups/amanah-house'
        : 'backup needs the folder to write, such as backups/2026-06-01 (made if missing; it must be empty)',
    );
  if (config.EVENTSTORE_URL)
    throw new UsageError(
      'backup copies the embedded SQLite log; EventStoreDB has its own backups (see its documentation).',
    );
  const passphrase = passphraseFrom(config, passphraseFile);
  const dataKey = requireBackupDataKey(config);
  const write = (into: string) =>
    backupDataDir(config.DATA_DIR, into, {
      dataKey,
      ...(passphrase ? { passphrase } : {}),
      onFile: (path, index, total) => progress(`backup: copying ${path} (${index + 1} of ${total})…`),
    });
  let result: Awaited<ReturnType<typeof write>>;
  if (rotate) {
    const rotated = await rotateBackups(dir, new Date(), write);
    result = rotated.written;
    const { plan } = rotated;
    out(
      `Kept ${counted(plan.daily.length, 'daily set')} (${plan.daily.at(-1)} to ${plan.daily[0]}) and ${counted(plan.weekly.length, 'weekly set')}${plan.weekly.length ? ` (${plan.weekly.join(', ')})` : ''} in ${dir}.`,
    );
    for (const name of plan.prune) out(`Deleted ${join(dir, name)}: older than the sets kept.`);
  } else result = await write(dir);
  const { manifest } = result;
  out(
    `Backed up ${counted(manifest.log.events, 'event')} in ${counted(manifest.log.streams, 'stream')} (up to position ${manifest.log.head}) and ${counted(manifest.files.length, 'file')} in all, ${result.bytes} bytes, to ${result.dir} in ${(result.ms / 1000).toFixed(2)} s.`,
  );
  out(`Chain head: ${manifest.log.chainHead}`);
  out(
    manifest.keys
      ? `Key file: keys.sqlite (SHA-256 ${manifest.keys.sha256}); it opens with the data key whose fingerprint is ${manifest.keys.dataKeyFingerprint ?? '(not recorded)'}.`
      : 'No key file: the log holds no sealed personal data.',
  );
  for (const left of manifest.leftOut) out(`Left out: ${left.path} — ${left.why}`);
  out(
    manifest.encryption
      ? 'Encrypted with the passphrase (scrypt, AES-256-GCM): restore needs it.'
      : 'Not encrypted: store it where only the owner can read it, or back up with a passphrase for off-site storage.',
  );
  out(`Restore: npm run events -- restore ${result.dir} <empty folder>, with DATA_KEY set.`);
  return 0;
}

async function restore(
  config: Config,
  dir: string | undefined,
  target: string | undefined,
  passphraseFile: string | undefined,
  tokenSecretFile: string | undefined,
  acceptUnauthenticated: boolean,
) {
  if (!dir || !target) throw new UsageError('restore needs the backup folder and an empty folder to restore into');
  const passphrase = passphraseFrom(config, passphraseFile);
  // The token secret the accounts' secrets are sealed under: the text of --jwt-secret-file (a developer's
  // DATA_DIR/jwt-secret), else JWT_SECRET.
  const tokenSecret = tokenSecretFile ? readFileSync(tokenSecretFile, 'utf8').trim() : (config.JWT_SECRET ?? null);
  const report = await restoreBackup(dir, target, {
    ...(passphrase ? { passphrase } : {}),
    dataKey: config.DATA_KEY ? Buffer.from(config.DATA_KEY, 'base64') : null,
    tokenSecret,
    acceptUnauthenticated,
    onFile: (path, index, total) => progress(`restore: checking ${path} (${index + 1} of ${total})…`),
  });
  if (report.authenticated === 'none') {
    const warning = [
      '*** WARNING: UNAUTHENTICATED BACKUP ***',
      `The manifest of ${dir} carries no MAC (an earlier release wrote it, unencrypted): its checksums were checked, but nothing shows they were not changed with the files.`,
      'It was restored only because --accept-unauthenticated was given. Take a new backup with this release as soon as the shop runs.',
    ];
    for (const line of warning) {
      out(line);
      process.stderr.write(`${line}\n`);
    }
  }
  out(
    `${report.ok ? 'Restored' : 'Checked'} ${counted(report.files, 'file')} (${report.bytes} bytes) from ${dir}, taken ${report.manifest.createdAt}${report.ok ? `, into ${report.target}` : ''}; its manifest authenticated by ${report.authenticated === 'none' ? 'nothing' : `the ${report.authenticated}`}.`,
  );
  for (const check of report.checks) out(`${check.passed ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`);
  for (const left of report.manifest.leftOut) out(`Not in the backup: ${left.path} — ${left.why}`);
  if (!report.ok) {
    out(
      `${report.checks.filter((c) => !c.passed).length} of ${report.checks.length} checks failed: nothing was restored, ${report.target} was left as it was. Restore another backup.`,
    );
    return 1;
  }
  const files = ['data-key', 'jwt-secret'].filter((name) => existsSync(join(report.target, name)));
  const same = [
    files.includes('data-key') ? null : 'DATA_KEY',
    files.includes('jwt-secret') || !tokenSecret ? null : 'JWT_SECRET',
  ].filter((s) => s !== null);
  if (files.length > 0) out(`Written back as files, as the backed-up shop kept them: ${files.join(', ')} (mode 0600).`);
  out(
    `All ${report.checks.length} checks passed. Start the shop with DATA_DIR=${report.target}${same.length > 0 ? ` and the same ${same.join(' and ')}` : ''}; the read models are rebuilt from the log.`,
  );
  out(
    'People erased after this backup was taken are back in it: erase them again (their SubjectErased events are in the log the backup replaces).',
  );
  return 0;
}

/** `migrate-seal`: the copy-and-transform migration of a log written before sealing, its confirmation, or going back. */
async function migrateSealCommand(config: Config, options: { confirm: boolean; abandon: boolean }) {
  if (config.EVENTSTORE_URL)
    throw new UsageError(
      'migrate-seal writes a new embedded SQLite log; with EventStoreDB, copy the streams into a new database with the shop sealing them (decision 059).',
    );
  const dataDir = config.DATA_DIR;
  const files = sealMigrationFiles(dataDir);
  if (options.confirm && options.abandon) throw new UsageError('migrate-seal takes --confirm or --abandon, not both');
  if (options.confirm) {
    const { record, bytes } = confirmSealMigration(dataDir);
    out(
      `Deleted the old log (${counted(bytes, 'byte')} written over with zeros, then removed): ${record.from?.events ?? 0} events that held personal data in plain text are gone from ${dataDir}.`,
    );
    out(
      `The migration record stays in ${files.record} and in the log (LogMigrated): keep the old log's last export and its chain head ${record.from?.chainHead} with it.`,
    );
    out(
      'Backups and exports taken before the migration still hold the plain text: delete them, or keep them where the law lets you.',
    );
    return 0;
  }
  if (options.abandon) {
    out(
      abandonSealMigration(dataDir)
        ? `The stopped copy was removed; ${files.log} is the shop's log as before.`
        : 'No migration was started: nothing to abandon.',
    );
    return 0;
  }
  const keys = openSqliteKeyStore(join(dataDir, 'keys.sqlite'), resolveDataKey(config));
  let result;
  try {
    result = await migrateSeal({ dataDir, keys, by: 'system:migrate-seal' });
  } finally {
    keys.close();
  }
  if (result.done === 'nothing') {
    out(`The log holds no personal data in plain text (${counted(result.events, 'event')}): nothing to migrate.`);
    return 0;
  }
  const { record, ms } = result;
  out(
    `Migrated ${files.log} in ${(ms / 1000).toFixed(2)} s: ${counted(record.from!.events, 'event')} carried over in order with their ids, positions and metadata; personal fields sealed in ${counted(record.sealedEvents!, 'event')} under ${counted(record.subjects!, 'subject')}.`,
  );
  out(`Old chain head: ${record.from!.chainHead} (the old log's export ended there)`);
  out(
    `New chain head: ${record.to!.chainHead} (the new log's export before the LogMigrated event at position ${record.to!.head + 1}, which records both)`,
  );
  out(
    `The old log is kept as ${files.before} and still holds the plain text. Start the shop and check it, export the new log and`,
  );
  out('run `check <new export> --head <its head> --before <an export of the old log>`; then delete the old log with');
  out(
    '`npm run events -- migrate-seal --confirm`. Until then, and in backups taken before today, the plain text is still there.',
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      stream: { type: 'string' },
      out: { type: 'string' },
      head: { type: 'string' },
      before: { type: 'string' },
      extends: { type: 'string' },
      confirm: { type: 'boolean' },
      abandon: { type: 'boolean' },
      verify: { type: 'boolean' },
      apply: { type: 'boolean' },
      at: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      text: { type: 'boolean' },
      'passphrase-file': { type: 'string' },
      rotate: { type: 'boolean' },
      readme: { type: 'string' },
      'jwt-secret-file': { type: 'string' },
      'accept-unauthenticated': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, argument] = positionals;
  if (!command) {
    out(usage);
    return values.help ? 0 : 1;
  }
  // `help`, `help <command>`, `<command> --help`: answered before any configuration is read or log opened.
  if (command === 'help' || values.help) {
    const about = command === 'help' ? argument : command;
    if (!about) {
      out(usage);
      return 0;
    }
    const text = commandHelp(about);
    if (!text) throw new UsageError(`Unknown command "${about}".`);
    out(text);
    return 0;
  }
  if (!commands.some((c) => c.name === command)) throw new UsageError(`Unknown command "${command}".`);
  if (command === 'check') return check(argument, values.head, values.before, values.extends);
  if (command === 'catalogue') {
    const text = renderCatalogue(eventCatalog);
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
    return 0;
  }

  if (command === 'stripe-events') {
    const { webhookEventList, withWebhookList } = await import('../payments/stripe/webhookList.ts');
    if (!values.readme) {
      out(webhookEventList());
      return 0;
    }
    writeFileSync(values.readme, withWebhookList(readFileSync(values.readme, 'utf8')));
    return 0;
  }

  const config = loadConfig();
  if (command === 'stripe-check') return stripeCheck(config);
  // The backup reads the file itself, without opening the log as a store (which could migrate or write it).
  if (command === 'backup') return backup(config, argument, values['passphrase-file'], values.rotate === true);
  // The restore writes a new folder and opens it itself, never the configured DATA_DIR.
  if (command === 'restore')
    return restore(
      config,
      argument,
      positionals[2],
      values['passphrase-file'],
      values['jwt-secret-file'],
      values['accept-unauthenticated'] === true,
    );
  // The migration opens the old log itself, and refuses while anything else has it open.
  if (command === 'migrate-seal')
    return migrateSealCommand(config, { confirm: values.confirm === true, abandon: values.abandon === true });
  const events = await openEventStore(config);
  try {
    switch (command) {
      case 'streams':
        await streams(events);
        return 0;
      case 'show':
        return await show(events, argument);
      case 'export':
        // The export is the auditor's proof of what is stored: the bytes as written, never upcast.
        await exportLog(events.stored, values.stream, values.out);
        return 0;
      case 'verify':
        return await verifyReadModels(config, events);
      case 'state':
      case 'diff':
        return await timeTravel(events, command, argument, {
          ...(values.at ? { at: values.at } : {}),
          ...(values.from ? { from: values.from } : {}),
          ...(values.to ? { to: values.to } : {}),
          text: values.text === true,
        });
      case 'retention':
        return await retention(config, events, values.apply === true);
      case 'replay':
        return values.verify ? await verifyReadModels(config, events) : await replay(config, events);
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } finally {
    await events.close();
  }
}

/** The account's webhook endpoints against the events the shop acts on: read only, nothing at Stripe is changed. */
async function stripeCheck(config: Config): Promise<number> {
  if (!config.STRIPE_SECRET_KEY)
    throw new ConfigError('stripe-check needs STRIPE_SECRET_KEY: the account whose webhook endpoints it reads');
  if (!config.PUBLIC_URL)
    throw new ConfigError("stripe-check needs PUBLIC_URL: the shop's address, where Stripe must deliver its events");
  const { stripeClient } = await import('../payments/stripe/stripeGateway.ts');
  const { checkWebhookEndpoints, listWebhookEndpoints, webhookCheckText, webhookUrlOf } =
    await import('../payments/stripe/webhookCheck.ts');
  const stripe = stripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
  });
  const check = checkWebhookEndpoints(await listWebhookEndpoints(stripe), webhookUrlOf(config.PUBLIC_URL));
  out(webhookCheckText(check));
  return check.ok ? 0 : 1;
}

/** The retention report, and with --apply the erasure of everyone on it, as the owner's action from the shell. */
async function retention(config: Config, events: Awaited<ReturnType<typeof openEventStore>>, apply: boolean) {
  const logger = pino({ level: 'silent' });
  const [mailer, payments] = await Promise.all([openMailer(config, logger), openPaymentGateway(config)]);
  const deps = { config, events, keys: events.keys, mailer, payments, clock: () => new Date(), logger };
  try {
    const report = await retentionReport(deps);
    if (report.months === null) {
      out('No retention period is set (RETENTION_MONTHS): people are kept until erased by hand.');
      return 0;
    }
    out(`Kept for ${counted(report.months, 'month')} after the last order: cut-off ${report.cutoff}.`);
    for (const person of report.due)
      out(
        `  ${person.email}  last order ${person.lastOrderAt.slice(0, 10)}  ${person.orders.join(', ') || '(no orders)'}`,
      );
    out(
      report.due.length === 0
        ? 'Nobody is past the retention period.'
        : `${counted(report.due.length, 'person')} past the retention period.`,
    );
    if (!apply || report.due.length === 0) {
      if (report.due.length > 0) out('Nothing was changed: run again with --apply to erase them.');
      return 0;
    }
    const erased = await applyRetention(
      deps,
      { causedBy: 'system:retention', requestId: `retention-${Date.now()}`, now: new Date().toISOString() },
      'system:retention',
    );
    out(
      `Erased ${counted(erased, 'person')}. Rebuild the read models (audit console, Rebuild) so the running shop shows them erased too.`,
    );
    return 0;
  } finally {
    await mailer.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof BackupRefused ||
    error instanceof RestoreRefused ||
    error instanceof NotABackup ||
    error instanceof PassphraseRefused
  ) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else if (
    error instanceof ConfigError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    console.error(`events: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
