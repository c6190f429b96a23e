// The one mapping from errors to HTTP answers. Domain errors (not found, conflict, invalid) come from the deciders and
// the code around them; HttpError is only for what belongs to HTTP itself (a malformed request, sign-in, limits, an
// unreachable payment provider). One middleware turns both, and everything else, into JSON answers.
import type { Context, Next } from 'koa';
import * as v from 'valibot';
import type { ErrorBody, FieldIssue } from '../../contracts/shared/http.ts';
import { WrongExpectedRevision } from '../../contracts/ports/eventStore.ts';
import {
  concurrentChangeMessage,
  DomainError,
  Invalid,
  TooMany,
  type DomainErrorKind,
} from '../../contracts/shared/errors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'error',
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new HttpError(400, message, 'bad_request', issues);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message, 'unauthorized');
export const forbidden = (message: string) => new HttpError(403, message, 'forbidden');
export const tooManyRequests = (message: string) => new HttpError(429, message, 'too_many_requests');
/** Something the shop needs (its event store) cannot be reached just now: the request may be tried again as it is. */
export const serviceUnavailable = (message: string) => new HttpError(503, message, 'unavailable');

export function issuesOf(error: v.ValiError<v.GenericSchema>): FieldIssue[] {
  return error.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }));
}

/** Parses with a valibot schema; bad input becomes a 400 that names each field and its message. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, what = 'request'): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues = result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }));
  const first = issues[0];
  throw badRequest(first ? (first.field ? `${first.message}` : first.message) : `Invalid ${what}`, issues);
}

/** How each kind of domain error answers. */
const domainAnswers: Record<DomainErrorKind, { status: number; code: string }> = {
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  invalid: { status: 400, code: 'bad_request' },
  too_many: { status: 429, code: 'too_many_requests' },
};

/** The HTTP answer for an error the shop raised itself, or null for anything else. */
function answerFor(error: unknown): { status: number; body: ErrorBody } | null {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: {
        success: false,
        error: error.code,
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
      },
    };
  }
  if (error instanceof DomainError) {
    const { status, code } = domainAnswers[error.kind];
    const issues = error instanceof Invalid ? error.issues : undefined;
    return { status, body: { success: false, error: code, message: error.message, ...(issues ? { issues } : {}) } };
  }
  // Two writers raced for one stream and the command lost twice.
  if (error instanceof WrongExpectedRevision)
    return { status: 409, body: { success: false, error: 'conflict', message: concurrentChangeMessage } };
  return null;
}

type Logger = { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

/** Head of the chain: every error leaves as JSON with a clear message; nothing internal leaves the server. */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught as {
        status?: number;
        statusCode?: number;
        expose?: boolean;
        type?: string;
        message?: string;
      };
      let status = 500;
      let body: ErrorBody;
      const answer = answerFor(caught);
      if (answer) {
        ({ status, body } = answer);
      } else if (
        error &&
        typeof (error.status ?? error.statusCode) === 'number' &&
        (error.status ?? error.statusCode)! < 500
      ) {
        // http-errors from the body parser and router: 400 bad JSON, 413 too large, 415 bad encoding, 405 ...
        status = (error.status ?? error.statusCode)!;
        body = { success: false, error: 'bad_request', message: clientMessage(status, error) };
      } else {
        body = { success: false, error: 'internal', message: 'Something went wrong on our side. Please try again.' };
      }
      if (status >= 500)
        logger.error({ err: caught, requestId: (ctx.state as { requestId: string }).requestId }, 'request failed');
      ctx.status = status;
      ctx.body = body;
      if (status === 401) ctx.set('WWW-Authenticate', 'Bearer');
      if (caught instanceof TooMany && caught.retryAfterSeconds !== undefined)
        ctx.set('Retry-After', String(Math.max(1, Math.ceil(caught.retryAfterSeconds))));
    }
  };
}

function clientMessage(status: number, error: { type?: string; message?: string; expose?: boolean }): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type or encoding; send JSON';
  if (error.type === 'entity.parse.failed' || status === 400) return 'Request body is not valid JSON';
  return error.expose && error.message ? error.message : 'Request could not be handled';
}
