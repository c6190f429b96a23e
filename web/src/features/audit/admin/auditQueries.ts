// The audit console's reads and its two actions: the export (downloaded with the session's token, then offered as a
// file) and verify. The check of an export runs here in the browser, with the chain code the CLI uses.
import { useMutation } from '@tanstack/react-query';
import { auditApi, chainHeadHeader } from '#contracts/audit/api.ts';
import { chainHeadPattern, checkChainWith, extendsText } from '#contracts/audit/hashChain.ts';
import type { CheckExportResult } from '#contracts/audit/model.ts';
import { adminToken, ApiError, call, queryFor, urlFor } from '../../../lib/api.ts';
import type { StreamFilter } from './auditSearch.ts';

export type { StreamFilter };

export const streamsQuery = (filter: StreamFilter) => ({
  ...queryFor(auditApi.streams, { query: filter }),
  retry: false,
});
export const streamEventsQuery = (stream: string) => ({
  ...queryFor(auditApi.events, { query: { stream } }),
  retry: false,
});
export const relatedQuery = (correlationId: string) => ({
  ...queryFor(auditApi.related, { query: { correlationId } }),
  retry: false,
});
export const stateQuery = (stream: string, at: string | undefined) => ({
  ...queryFor(auditApi.state, { query: { stream, at } }),
  retry: false,
});
export const diffQuery = (stream: string, from: string, to: string | undefined) => ({
  ...queryFor(auditApi.diff, { query: { stream, from, to } }),
  retry: false,
});
export const projectionsQuery = { ...queryFor(auditApi.projections), retry: false };
export type DataReadsFilter = { reader?: string; subject?: string; from?: string; to?: string };
/** Who read whose data: one page of the records, newest first, after `cursor`. */
export const dataReadsQuery = (filter: DataReadsFilter, cursor: string | undefined) => ({
  ...queryFor(auditApi.dataReads, { query: { ...filter, cursor, limit: '25' } }),
  retry: false,
});

export type DownloadedExport = { name: string; text: string; head: string; url: string; lines: number };

/** The log (or one stream) as the hash-chained NDJSON file, with the chain head the server sent beside it. */
export async function downloadExport(stream?: string): Promise<DownloadedExport> {
  const token = adminToken();
  const res = await fetch(urlFor(auditApi.exportLog, { query: { stream } }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const text = await res.text();
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'log.ndjson';
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  return {
    name,
    text,
    head: res.headers.get(chainHeadHeader) ?? '',
    url,
    lines: text ? text.trimEnd().split('\n').length : 0,
  };
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes an export's chain in the browser; the head, when given, vouches for the last line; an earlier signed-off
 * head, when given, is proved to begin this export (contracts/audit/hashChain.ts, as the CLI's check --extends).
 */
export async function checkExport(
  text: string,
  head: string | undefined,
  earlier?: string,
): Promise<CheckExportResult> {
  const lines = text.split(/\r?\n/).filter((line, i, all) => line !== '' || i < all.length - 1);
  if (earlier !== undefined && !chainHeadPattern.test(earlier))
    return {
      ok: false,
      lines: lines.length,
      head: null,
      message: 'The earlier chain head must be the 64 hexadecimal characters an export printed.',
    };
  const result = await checkChainWith(sha256, lines, head || undefined, earlier);
  if (!result.ok)
    return {
      ok: false,
      lines: lines.length,
      head: null,
      message: `Chain broken at line ${result.line}: ${result.reason}.`,
    };
  const intact = `Chain intact: ${result.lines} line${result.lines === 1 ? '' : 's'}. Chain head: ${result.head}${head ? '' : ' (give the chain head to vouch for the last line too)'}`;
  return {
    ok: earlier === undefined || result.extendsAt !== null,
    lines: result.lines,
    head: result.head,
    message: earlier === undefined ? intact : `${intact} ${extendsText(earlier, result)}`,
  };
}

export function useRebuild() {
  return useMutation({ mutationFn: () => call(auditApi.rebuild) });
}

/** The owner's Backup button: a backup of the data folder on the server, with its manifest (decision 056). */
export function useBackup() {
  return useMutation({ mutationFn: () => call(auditApi.backup) });
}

export function useVerify() {
  return useMutation({ mutationFn: () => call(auditApi.verify) });
}
