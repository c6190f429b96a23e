// POST /api/admin/login checks the password against its hash (the configured owner's, or an account's from its stream), slows repeated failures and records every attempt
// (a name that is no account only as its keyed hash: signInNames.ts);
// POST /api/admin/logout ends the session of the token it comes with.
import type { Context } from 'koa';
import { adminApi } from '../../contracts/admin/api.ts';
import type { AccountEvent, AdminEvent } from '../../contracts/admin/events.ts';
import { adminStream, unknownSignInStream } from '../../contracts/shared/streams.ts';
import { Invalid } from '../../contracts/shared/errors.ts';
import { handleCommand, metadataOf, newEventId } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { sessionOf } from '../http/adminRouter.ts';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { foldAccount, storedAccount } from './accounts.ts';
import { openPasswordHash } from './passwordSeal.ts';
import { twoStepDecider, twoStepRaceRetries, type TwoStepCommand } from './twoStepRoutes.ts';
import { verifyPassword } from './password.ts';
import { createPasswordGate, gateBusy } from './passwordGate.ts';
import { sessionCheckFor } from './sessions.ts';
import { signInNames } from './signInNames.ts';
import { createLoginThrottle } from './throttle.ts';
import { signAdminToken } from './tokens.ts';

/**
 * The owner's name gets its own places for password checks, so invented names, however many, queue only among
 * themselves; past their short queue they are turned away at once instead of waiting.
 */
export const passwordChecks = { known: { concurrency: 2, queue: 64 }, unknown: { concurrency: 1, queue: 32 } } as const;

export function adminLoginRoutes(routers: Routers, deps: ShopDeps) {
  const { login, logout } = adminApi;
  // Names are counted by their keyed hash: what a visitor typed is never a key in the counters (Redis, when shared).
  const nameHash = signInNames(deps.jwtSecret);
  const throttle = createLoginThrottle(undefined, deps.limits.store, nameHash);
  const gates = {
    known: createPasswordGate(passwordChecks.known.concurrency, passwordChecks.known.queue),
    unknown: createPasswordGate(passwordChecks.unknown.concurrency, passwordChecks.unknown.queue),
  };
  const sessions = sessionCheckFor(deps.events);
  const secondStep = twoStepDecider(deps.jwtSecret);

  /** Sign-in attempts are facts for the audit trail, not decisions on state: appended straight to the log. */
  const record = async (ctx: Context, stream: string, causedBy: string, event: AdminEvent | AccountEvent) => {
    const metadata = { ...metadataOf(commandMeta(ctx, causedBy, deps.clock())), ip: ctx.ip };
    await deps.events.append(stream, [{ ...event, id: newEventId(), metadata }], 'any');
  };

  const refuse = (ctx: Context, waitMs: number, message: (when: string) => string) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    const when =
      seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    ctx.set('Retry-After', String(seconds));
    return tooManyRequests(message(when));
  };

  route(routers, login, async (ctx, input) => {
    ctx.set('Cache-Control', 'no-store');
    const { username, password, code } = input.body();
    const waitMs = await throttle.attempt(username, ctx.ip);
    if (waitMs > 0) {
      deps.logger.warn(
        { nameHash: nameHash(username), ip: ctx.ip, retryAfterSeconds: Math.ceil(waitMs / 1000) },
        'admin login throttled',
      );
      throw refuse(ctx, waitMs, (when) => `Too many failed login attempts. Please try again in ${when}.`);
    }
    const configured = username === deps.admin.username;
    // Anyone else is an account an owner created: its stream says whether it exists, its hash and whether it is disabled.
    // The hash is in its stored events (sealed, or as an earlier release kept it), which no reader of the log is handed.
    const account = configured ? null : await storedAccount(deps.events, adminStream(username));
    const known = configured || account!.exists;
    const accountHash = account?.sealedPasswordHash
      ? openPasswordHash(deps.jwtSecret, username, account.sealedPasswordHash)
      : (account?.passwordHash ?? null);
    const hash = configured ? deps.admin.passwordHash : (accountHash ?? deps.admin.passwordHash);
    // The hash is checked even for an unknown username, so the answer's timing does not tell which names exist.
    const passwordMatches = await (known ? gates.known : gates.unknown).run(() =>
      verifyPassword(password, hash, deps.config.NODE_ENV),
    );
    if (passwordMatches === gateBusy) {
      deps.logger.warn({ ip: ctx.ip }, 'admin login refused: too many password checks waiting');
      throw refuse(ctx, 5000, () => login.messages.busy);
    }
    const now = deps.clock();
    const at = now.toISOString();
    // An account whose sealed hash does not open (the token secret changed) signs in with no password: an owner resets it.
    if (!known || !passwordMatches || (!configured && accountHash === null)) {
      if (known) {
        await record(ctx, adminStream(username), 'visitor', {
          type: 'AdminLoginFailed',
          data: { username, reason: 'wrong_password', at },
        });
      } else if ((await deps.limits.take('unknownNames', 'shop')) === 0) {
        // One stream a day for every invented name, with a cap an hour: a flood cannot grow the log without bound. The
        // name may be a visitor's own e-mail address: only its keyed hash is recorded.
        await record(ctx, unknownSignInStream(at), 'visitor', {
          type: 'AdminLoginFailed',
          data: { nameHash: nameHash(username), reason: 'unknown_username', at },
        });
      }
      deps.logger.warn({ nameHash: nameHash(username), ip: ctx.ip }, 'admin login failed');
      throw unauthorized(login.messages.invalid);
    }
    if (account?.disabled) {
      await record(ctx, adminStream(username), 'visitor', {
        type: 'AccountSignInRefused',
        data: { username, reason: 'disabled', at },
      });
      deps.logger.warn({ nameHash: nameHash(username), ip: ctx.ip }, 'admin login refused: account disabled');
      throw unauthorized(login.messages.invalid);
    }
    // The configured owner's two-step state is in its stream too.
    const twoStep = (account ?? foldAccount(await deps.events.readStream(adminStream(username)))).twoStep;
    if (twoStep) {
      if (!code) throw new HttpError(401, login.messages.twoStep, 'two_step_required');
      // The code is spent by an event appended at the revision this decision read: of parallel sign-ins with one code,
      // in this process or another on the same log, one is recorded; the others decide again and find it spent.
      const spend: TwoStepCommand = { type: 'SpendCode', username, code, nowMs: now.getTime(), at };
      try {
        const spent = await handleCommand(
          deps.events,
          adminStream(username),
          secondStep,
          spend,
          { ...commandMeta(ctx, 'visitor', now), ip: ctx.ip },
          { raceRetries: twoStepRaceRetries },
        );
        if (spent.events.some((event) => event.type === 'AccountRecoveryCodeUsed')) sessions.forget(username);
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        await record(ctx, adminStream(username), 'visitor', { type: 'AccountTwoStepFailed', data: { username, at } });
        deps.logger.warn({ nameHash: nameHash(username), ip: ctx.ip }, 'admin login failed: second step');
        throw new HttpError(401, login.messages.twoStep, 'two_step_required');
      }
    }
    await throttle.succeeded(username, ctx.ip);
    await record(ctx, adminStream(username), `admin:${username}`, { type: 'AdminLoggedIn', data: { username, at } });
    ctx.body = {
      success: true,
      token: signAdminToken(deps.jwtSecret, username, undefined, undefined, now.getTime()),
      message: login.messages.success,
    };
  });

  route(routers, logout, async (ctx) => {
    const { username, sessionId } = sessionOf(ctx);
    await record(ctx, adminStream(username), `admin:${username}`, {
      type: 'AdminLoggedOut',
      data: { username, sessionId, at: deps.clock().toISOString() },
    });
    sessions.forget(username);
    ctx.body = { success: true, message: logout.messages.loggedOut };
  });
}
