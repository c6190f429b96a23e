// The one way the web app talks to the server (spec §7): credentials sent, JSON in and out,
// the admin token on admin paths, and errors as "<status>: <body or status text>".
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
