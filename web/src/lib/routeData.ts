// What a route's loader fetches before its screen shows, and where its failures go: a token the server refuses sends
// the browser to log in; any other failure is thrown on to the route's errorComponent.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { adminTokenKey, ApiError } from './api.ts';

export const adminLoginPath = '/admin/login';

/** True when the server refused the stored token (absent, expired, or signed with another key). */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Forgets the admin's session in this browser: the token, and everything read with it. */
export function forgetAdminSession(queryClient: QueryClient) {
  try {
    localStorage.removeItem(adminTokenKey);
  } catch {
    // Storage the browser refuses holds no token either.
  }
  queryClient.removeQueries({ predicate: (q) => String(q.queryKey[0]).includes('/admin') });
}

/**
 * The redirect to the login page, which says "Authentication Required" and, once logged in, comes back to `href`.
 * Thrown from a route's beforeLoad or loader.
 */
export const toLogin = (href: string) => redirect({ to: adminLoginPath, search: { redirect: href }, replace: true });

/** Waits for an admin screen's data; a refused token ends the session and sends to log in, other failures go on. */
export async function adminData(queryClient: QueryClient, href: string, loading: Promise<unknown>): Promise<void> {
  try {
    await loading;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    forgetAdminSession(queryClient);
    throw toLogin(href);
  }
}

type LoaderContext<P> = { context: { queryClient: QueryClient }; location: { href: string }; params: P };

/**
 * A screen's data awaited, with any failure but a refused token left to the screen: one that shows its own failure
 * beside the filter that asked for it (a range the server refuses) instead of giving way to the errorComponent.
 */
export const failureInScreen = (loading: Promise<unknown>) =>
  loading.catch((error: unknown) => {
    if (isRefusal(error)) throw error;
  });

/** An admin route's loader: `load` starts the screen's queries (ensureQueryData), awaited as `adminData` says. */
export const adminLoader =
  <P = object>(load: (queryClient: QueryClient, params: P) => Promise<unknown>) =>
  ({ context: { queryClient }, location, params }: LoaderContext<P>) =>
    adminData(queryClient, location.href, load(queryClient, params));

/**
 * An admin route's loader that reads one path parameter (`$orderId`). Routes' loaders are split into chunks of their
 * own, and the splitter copies a loader's expression as JavaScript: a route writes no types in it, this names them.
 */
export const adminParamLoader = <K extends string>(
  param: K,
  load: (queryClient: QueryClient, value: string) => Promise<unknown>,
) => adminLoader<Record<K, string>>((queryClient, params) => load(queryClient, params[param]));
