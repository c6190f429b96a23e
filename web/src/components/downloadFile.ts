// A file the server writes, fetched (with the session's token for the owner's: a plain link would carry none) and
// handed to the browser as a download; a failure shows the "Download Failed" toast with the server's message.
import { adminToken, ApiError, serverMessage } from '../lib/api.ts';
import { toast } from './toast/toasts.ts';

export type Download = {
  /** the name when the server's Content-Disposition gives none */
  name: string;
  /** the toast's text when the server gives no message */
  failure: string;
  /** send the session's token and cookie (the owner's files); true unless said */
  withSession?: boolean;
  method?: 'GET' | 'POST';
  /** a JSON body, for a POST */
  json?: unknown;
  /** true when the failure was the session ending, which says so itself: no toast then */
  sessionExpired?: (error: unknown) => boolean;
};

/** Downloads the file at `url`; true once the browser has it, false after the failure toast. */
export async function downloadFile(url: string, download: Download): Promise<boolean> {
  const withSession = download.withSession ?? true;
  try {
    const token = withSession ? adminToken() : null;
    const res = await fetch(url, {
      ...(download.method ? { method: download.method } : {}),
      headers: {
        ...(download.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(download.json === undefined ? {} : { body: JSON.stringify(download.json) }),
      credentials: withSession ? 'include' : 'omit',
      cache: 'no-store',
    });
    if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
    const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? download.name;
    const href = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return true;
  } catch (error) {
    if (!download.sessionExpired?.(error))
      toast({
        title: 'Download Failed',
        description: serverMessage(error) ?? download.failure,
        variant: 'destructive',
      });
    return false;
  }
}
