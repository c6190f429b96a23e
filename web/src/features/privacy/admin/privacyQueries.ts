// The privacy screen's read (the retention report) and the download of one person's data, made with the session's
// token and then offered as a file.
import { privacyApi } from '#contracts/privacy/api.ts';
import { adminToken, ApiError, queryFor, urlFor } from '../../../lib/api.ts';

export const retentionQuery = { ...queryFor(privacyApi.retention), retry: false };
export const unsealedQuery = { ...queryFor(privacyApi.unsealed), retry: false };

export type PersonalDownload = { name: string; url: string; size: number };

/** The reason is recorded with the download: who, when, whose (a keyed hash of the address) and why. */
export async function downloadPersonalData(email: string, reason: string): Promise<PersonalDownload> {
  const token = adminToken();
  const res = await fetch(urlFor(privacyApi.access, { query: { email, reason } }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const text = await res.text();
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'personal-data.json';
  return { name, url: URL.createObjectURL(new Blob([text], { type: 'application/json' })), size: text.length };
}
