// An account's own two-step sign-in: set up (a new secret for the authenticator app, sealed for the round trip), turn on
// with a code the app shows (answering ten recovery codes, once), turn off with a code. Every role may do this for its
// own account, and only for it: the routes act on the session's account alone.
import { adminApi } from '../../contracts/admin/api.ts';
import { twoStepMessages } from '../../contracts/admin/model.ts';
import { conflict, invalid } from '../../contracts/shared/errors.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import { metadataOf, newEventId } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { sessionOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import type { AccountState } from './accounts.ts';
import { foldAccount } from './accounts.ts';
import { sessionCheckFor } from './sessions.ts';
import { base32, matchingStep, newRecoveryCodes, newTwoStepSecret, openSecret, otpauthUri, recoveryCodeHash, sealSecret } from './twoStep.ts';

const setupContext = (username: string) => `setup:${username}`;
const storedContext = (username: string) => `account:${username}`;

/** Steps already used per account in this process: a code works once, not again within its minute. */
const usedSteps = new Map<string, number>();

/**
 * The second step of a sign-in: 'missing' without a code, 'wrong' for a code that is neither the app's now (nor one
 * step either way) nor an unused recovery code, else whether a recovery code was used (its hash).
 */
export function checkSecondStep(tokenSecret: string, username: string, twoStep: NonNullable<AccountState['twoStep']>, code: string, nowMs: number): 'missing' | 'wrong' | { recoveryCodeHash: string | null } {
  if (!code) return 'missing';
  const secret = openSecret(tokenSecret, twoStep.sealedSecret, storedContext(username));
  const step = secret ? matchingStep(secret, code, nowMs) : null;
  if (step !== null) {
    if ((usedSteps.get(username) ?? -1) >= step) return 'wrong';
    usedSteps.set(username, step);
    return { recoveryCodeHash: null };
  }
  const hash = recoveryCodeHash(code);
  return twoStep.recoveryCodeHashes.includes(hash) ? { recoveryCodeHash: hash } : 'wrong';
}

export function twoStepRoutes(routers: Routers, deps: ShopDeps) {
  const sessions = sessionCheckFor(deps.events);
  const accountOf = async (username: string) => foldAccount(await deps.events.readStream(adminStream(username)));

  route(routers, adminApi.twoStepSetup, async (ctx) => {
    const { username } = sessionOf(ctx);
    if ((await accountOf(username)).twoStep) throw conflict(twoStepMessages.already);
    const secret = newTwoStepSecret();
    ctx.body = { secret: base32(secret), uri: otpauthUri(username, secret), setupToken: sealSecret(deps.jwtSecret, secret, setupContext(username)) };
  });

  route(routers, adminApi.twoStepEnable, async (ctx, input) => {
    const { setupToken, code } = input.body();
    const { username } = sessionOf(ctx);
    const secret = openSecret(deps.jwtSecret, setupToken, setupContext(username));
    if (!secret) throw invalid(twoStepMessages.badSetup, [{ field: 'setupToken', message: twoStepMessages.badSetup }]);
    if (matchingStep(secret, code, Date.now()) === null) throw invalid(twoStepMessages.wrongCode, [{ field: 'code', message: twoStepMessages.wrongCode }]);
    if ((await accountOf(username)).twoStep) throw conflict(twoStepMessages.already);
    const recoveryCodes = newRecoveryCodes();
    const now = deps.clock();
    const data = { username, sealedSecret: sealSecret(deps.jwtSecret, secret, storedContext(username)), recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash), at: now.toISOString() };
    await deps.events.append(adminStream(username), [{ type: 'AccountTwoStepEnabled', data, id: newEventId(), metadata: metadataOf(commandMeta(ctx, `admin:${username}`, now)) }], 'any');
    sessions.forget(username);
    ctx.body = { success: true, message: adminApi.twoStepEnable.messages.enabled, recoveryCodes };
  });

  route(routers, adminApi.twoStepDisable, async (ctx, input) => {
    const { code } = input.body();
    const { username } = sessionOf(ctx);
    const account = await accountOf(username);
    if (!account.twoStep) throw conflict(twoStepMessages.notOn);
    const second = checkSecondStep(deps.jwtSecret, username, account.twoStep, code, Date.now());
    if (typeof second !== 'object') throw invalid(twoStepMessages.wrongCode, [{ field: 'code', message: twoStepMessages.wrongCode }]);
    const now = deps.clock();
    await deps.events.append(adminStream(username), [{ type: 'AccountTwoStepDisabled', data: { username, at: now.toISOString() }, id: newEventId(), metadata: metadataOf(commandMeta(ctx, `admin:${username}`, now)) }], 'any');
    sessions.forget(username);
    ctx.body = { success: true, message: adminApi.twoStepDisable.messages.disabled };
  });
}
