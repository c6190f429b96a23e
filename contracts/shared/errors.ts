// Why the shop refuses a command, in the domain's own terms. Deciders and the code around them throw these; the
// service's error middleware is the one place that turns them into HTTP answers (not found 404, conflict 409,
// invalid 400), so nothing that decides needs to know about HTTP.
import type { FieldIssue } from './http.ts';

export type DomainErrorKind = 'not_found' | 'conflict' | 'invalid' | 'too_many';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** What the command is about does not exist (no such order, review, checkout or payment). */
export class NotFound extends DomainError {
  readonly kind = 'not_found';
  override readonly name = 'NotFound';
}

/** The command clashes with what has already happened (already placed, already moderated, changed since seen). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  override readonly name = 'Conflict';
}

/** The command itself cannot be carried out as given (a blank reason, a book the shop does not sell). */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  override readonly name = 'Invalid';
  constructor(
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
  }
}

/** The caller already has as many of a thing running as one may (a code's holds per address): 429, for `retryAfterSeconds`. */
export class TooMany extends DomainError {
  readonly kind = 'too_many';
  override readonly name = 'TooMany';
  constructor(
    message: string,
    /** until one of them ends, by the decider's clock */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new NotFound(message);
export const conflict = (message: string) => new Conflict(message);
export const invalid = (message: string, issues?: FieldIssue[]) => new Invalid(message, issues);
export const tooMany = (message: string, retryAfterSeconds?: number) => new TooMany(message, retryAfterSeconds);

/** Two writers raced for one stream and this one lost twice, or the caller's copy is older than the stream. */
export const concurrentChangeMessage = 'Someone else changed this at the same time. Reload and try again.';
