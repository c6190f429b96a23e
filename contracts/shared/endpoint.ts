// One endpoint of the shop's HTTP API, declared once: its method and path, whether only the signed-in owner may call
// it, the schemas of its body and query, the type of its answer and the fixed texts it answers with. The server
// registers its routes from these declarations and the web calls the same ones.
import type * as v from 'valibot';

/** PATCH changes some fields of one thing (the owner's catalogue); everything else reads with GET or acts with POST. */
export type Method = 'GET' | 'POST' | 'PATCH';

/** Every path of the API starts here; the others are the web app, its assets and the health check. */
export const apiRoot = '/api';
export const isApiPath = (path: string): boolean => path === apiRoot || path.startsWith(`${apiRoot}/`);
/** Where the path of every endpoint only the owner may call starts. */
export const adminApiPrefix = `${apiRoot}/admin/`;

declare const answerType: unique symbol;

export type EndpointSpec = {
  readonly method: Method;
  /** In the router's own notation: `/api/admin/orders/:id/status`. */
  readonly path: string;
  /** Served only to the signed-in owner: registered on the guarded router. */
  readonly guarded: boolean;
  /**
   * A guarded POST an auditor may call too (signing out, checking an export, verifying the read models). Every other
   * guarded POST is admitted for owners only, by the admin router itself; guarded GETs are open to every role.
   */
  readonly auditorMay?: true;
  readonly body?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  readonly messages?: Readonly<Record<string, string>>;
  /**
   * The body is the bytes as sent, of one of these media types (an uploaded image), read by the handler itself with its
   * own limit: the JSON parser and its content-type check leave it alone. A POST without it takes JSON only.
   */
  readonly rawBody?: readonly string[];
};

/** An endpoint whose answer is `R` (a type only: nothing of it exists at run time). */
export type Endpoint<S extends EndpointSpec = EndpointSpec, R = unknown> = S & { readonly [answerType]?: R };

/**
 * Declares an endpoint answering with `R`: `endpoint<BookDto[]>()({ method: 'GET', path: '/api/books', guarded: false })`.
 * The two calls let the answer type be named while the rest is inferred.
 */
export const endpoint =
  <R>() =>
  <const S extends EndpointSpec>(spec: S): Endpoint<S, R> =>
    spec;

export type AnswerOf<E> = E extends { readonly [answerType]?: infer R } ? R : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's `:name` segments, as the server reads them (text). */
export type PathParams<E extends { path: string }> = { [K in ParamNames<E['path']>]: string };
/** The path's `:name` segments, as a caller fills them. */
export type ParamsOf<E extends { path: string }> = { [K in ParamNames<E['path']>]: string | number };

/** What a caller sends as the body: the schema's input. */
export type BodyOf<E> = E extends { body: infer S extends v.GenericSchema } ? v.InferInput<S> : undefined;
/** The body as the server holds it once its schema has parsed it. */
export type ParsedBodyOf<E> = E extends { body: infer S extends v.GenericSchema } ? v.InferOutput<S> : undefined;
export type QueryOf<E> = E extends { query: infer S extends v.GenericSchema } ? v.InferInput<S> : undefined;
export type ParsedQueryOf<E> = E extends { query: infer S extends v.GenericSchema } ? v.InferOutput<S> : undefined;

/** The endpoint's path with its parameters filled in, each encoded as one path segment. */
export function pathFor<E extends { path: string }>(
  endpoint: E,
  ...[params]: keyof ParamsOf<E> extends never ? [params?: undefined] : [params: ParamsOf<E>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with its `?`) for the defined values of `query`, or '' when there are none. */
export function queryString(query: Readonly<Record<string, string | number | undefined | null>> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
