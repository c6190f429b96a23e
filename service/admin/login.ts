// POST /api/admin/login: checks the password against its hash, throttles failures, records every attempt.
import type { Router, RouterContext } from '@koa/router';
import { LoginBodySchema, loginMessages, type AdminEvent, type LoginResponse } from '../../contracts/admin.ts';
import { adminStream } from '../../contracts/streams.ts';
import { metadataOf, newEventId } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { parseOr400, tooManyRequests, unauthorized } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { adminLoginPath } from './guard.ts';
import { verifyPassword } from './password.ts';
import { createLoginThrottle } from './throttle.ts';
import { signAdminToken } from './tokens.ts';

export function adminLoginRoutes(router: Router, deps: ShopDeps) {
  const throttle = createLoginThrottle();

  /** Sign-in attempts are facts for the audit trail, not decisions on state: appended straight to the log. */
  const record = async (ctx: RouterContext, username: string, causedBy: string, event: AdminEvent) => {
    const metadata = { ...metadataOf(commandMeta(ctx, causedBy, deps.clock())), ip: ctx.ip };
    await deps.events.append(adminStream(username), [{ ...event, id: newEventId(), metadata }], 'any');
  };

  router.post(adminLoginPath, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { username, password } = parseOr400(LoginBodySchema, ctx.request.body, 'login');
    const waitMs = await throttle.attempt(username, ctx.ip);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      const minutes = Math.ceil(seconds / 60);
      deps.logger.warn({ username, ip: ctx.ip, retryAfterSeconds: seconds }, 'admin login throttled');
      ctx.set('Retry-After', String(seconds));
      throw tooManyRequests(`Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    // The hash is checked even for an unknown username, so the answer's timing does not tell which names exist.
    const passwordMatches = await verifyPassword(password, deps.admin.passwordHash);
    const known = username === deps.admin.username;
    const at = deps.clock().toISOString();
    if (!known || !passwordMatches) {
      await record(ctx, username, 'visitor', { type: 'AdminLoginFailed', data: { username, reason: known ? 'wrong_password' : 'unknown_username', at } });
      deps.logger.warn({ username, ip: ctx.ip }, 'admin login failed');
      throw unauthorized(loginMessages.invalid);
    }
    await throttle.succeeded(username, ctx.ip);
    await record(ctx, username, `admin:${username}`, { type: 'AdminLoggedIn', data: { username, at } });
    ctx.body = { success: true, token: signAdminToken(deps.jwtSecret, username), message: loginMessages.success } satisfies LoginResponse;
  });
}
