// The one way the web app talks to the server: credentials sent, JSON in and out, the admin token on admin paths, and
// errors as "<status>: <body or status text>". Calls name an endpoint of the API's table (contracts/api.ts), which
// gives the path, what the body must be and what the answer is; read endpoints become queries with `queryFor`.
import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import {
  pathFor,
  queryString,
  type AnswerOf,
  type BodyOf,
  type EndpointSpec,
  type ParamsOf,
  type QueryOf,
} from '#contracts/shared/endpoint.ts';

export const adminTokenKey = 'adminToken';

export function adminToken(): string | null {
  try {
    return localStorage.getItem(adminTokenKey);
  } catch {
    return null;
  }
}

const hasAdminSegment = (url: string) => url.split('?')[0]!.split('/').includes('admin');

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = hasAdminSegment(url) ? adminToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The last answer to each URL read with `apiGetRevalidated`, with its ETag. */
const revalidated = new Map<string, { etag: string; body: unknown }>();

/**
 * GET that sends the ETag of the last answer to the same URL: an unchanged answer comes back as a bodiless 304 and
 * the one held is returned. For lists polled on a timer; at most 100 answers are held.
 */
export async function apiGetRevalidated<T = unknown>(url: string): Promise<T> {
  const headers: Record<string, string> = {};
  const token = hasAdminSegment(url) ? adminToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const kept = revalidated.get(url);
  if (kept) headers['If-None-Match'] = kept.etag;
  // The browser's own cache is left out: the server says no-store for admin answers, and the ETag is ours to send.
  const res = await fetch(url, { headers, credentials: 'include', cache: 'no-store' });
  if (res.status === 304 && kept) return kept.body as T;
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as T;
  const etag = res.headers.get('ETag');
  if (etag) {
    revalidated.delete(url);
    if (revalidated.size >= 100) revalidated.delete(revalidated.keys().next().value!);
    revalidated.set(url, { etag, body });
  }
  return body;
}

/** The server's own message inside an error, when it sent one (`{ message }`), else undefined. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed = JSON.parse(error.bodyText) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    return error.bodyText || undefined;
  }
  return undefined;
}

/** What a call to `E` needs: the path's parameters, the body its schema takes, and its query (all optional fields). */
export type CallInput<E extends EndpointSpec> = (keyof ParamsOf<E> extends never
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E extends { body: v.GenericSchema } ? { body: BodyOf<E> } : { body?: undefined }) &
  (E extends { query: v.GenericSchema }
    ? { query?: { [K in keyof QueryOf<E>]?: QueryOf<E>[K] | undefined } }
    : { query?: undefined });

// `{} extends X` asks whether every field of X is optional.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type CallArgs<E extends EndpointSpec> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The address a call to `endpoint` goes to: its path with the parameters filled in, then its query. */
export function urlFor<E extends EndpointSpec>(endpoint: E, ...[input]: CallArgs<E>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | undefined>;
  };
  return (
    (pathFor as (e: EndpointSpec, p?: Record<string, string | number>) => string)(endpoint, params) + queryString(query)
  );
}

/** Calls `endpoint` and answers with its typed answer; a refusal throws an ApiError carrying the server's message. */
export function call<E extends EndpointSpec>(endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<E>> {
  return apiRequest<AnswerOf<E>>(
    endpoint.method,
    urlFor(endpoint, ...args),
    (args[0] as { body?: unknown } | undefined)?.body,
  );
}

/** A GET of `endpoint` sent with the ETag of its last answer (see `apiGetRevalidated`). */
export function callRevalidated<E extends EndpointSpec & { method: 'GET' }>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<AnswerOf<E>> {
  return apiGetRevalidated<AnswerOf<E>>(urlFor(endpoint, ...args));
}

/**
 * The query of a read endpoint: keyed by its address (the first element of a query key is the address it reads, so
 * the default loader and the invalidations that match on it keep working), answered by `call`.
 */
export function queryFor<E extends EndpointSpec & { method: 'GET' }>(endpoint: E, ...args: CallArgs<E>) {
  return queryOptions({ queryKey: [urlFor(endpoint, ...args)] as const, queryFn: () => call(endpoint, ...args) });
}
