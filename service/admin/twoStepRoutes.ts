// An account's own two-step sign-in: set up (a new secret for the authenticator app, sealed for the round trip, with its
// link as a QR code), turn on with a code the app shows (answering ten recovery codes, once), turn off with a code.
// Every role may do this for its own account, and only for it: the routes act on the session's account alone.
//
// A code is spent by an event in the account's stream, appended at the revision the decision read
// (AccountTwoStepCodeUsed for the app's code of one time step, AccountRecoveryCodeUsed for a recovery code): of any
// number of sign-ins with one code, in any number of shop processes on one log, before or after a restart, exactly one
// append wins and the rest decide again on the stream that holds it, and are refused.
import { adminApi } from '../../contracts/admin/api.ts';
import { twoStepMessages } from '../../contracts/admin/model.ts';
import type { AccountEvent } from '../../contracts/admin/events.ts';
import { conflict, invalid } from '../../contracts/shared/errors.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import { handleCommand, type Decider } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { sessionOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { evolveAccount, foldAccount, noAccount, type AccountState } from './accounts.ts';
import { sessionCheckFor } from './sessions.ts';
import {
  base32,
  matchingStep,
  newRecoveryCodes,
  newTwoStepSecret,
  openSecret,
  otpauthQr,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
} from './twoStep.ts';

const setupContext = (username: string) => `setup:${username}`;
const storedContext = (username: string) => `account:${username}`;

/**
 * How often a sign-in decides again after another write to the account's stream won the append (a failed attempt, a
 * sign-in with another code): each round reads the stream afresh, so only a spent code is refused.
 */
export const twoStepRaceRetries = 4;

export type TwoStepCommand =
  /** turn two-step on with a secret the app has (sealed for the log) and the step of the code it showed */
  | { type: 'TurnOn'; username: string; sealedSecret: string; recoveryCodeHashes: string[]; step: number; at: string }
  /** the second step of a sign-in: the app's code or a recovery code, spent once */
  | { type: 'SpendCode'; username: string; code: string; nowMs: number; at: string }
  /** turn two-step off with the app's code or a recovery code, spent as a sign-in spends it */
  | { type: 'TurnOff'; username: string; code: string; nowMs: number; at: string };

const wrongCode = () => invalid(twoStepMessages.wrongCode, [{ field: 'code', message: twoStepMessages.wrongCode }]);

/**
 * Decisions on an account's second step. A code is the app's for the time step now (or one either way) and later than
 * the last step spent, or a recovery code whose hash is still on the list; anything else is refused as wrong, the same
 * for a code never right and one already used, so the answer tells a guesser nothing.
 */
export function twoStepDecider(tokenSecret: string): Decider<AccountState, TwoStepCommand, AccountEvent> {
  const spend = (
    twoStep: NonNullable<AccountState['twoStep']>,
    command: { username: string; code: string; nowMs: number; at: string },
  ): AccountEvent => {
    const { username, code, nowMs, at } = command;
    const secret = openSecret(tokenSecret, twoStep.sealedSecret, storedContext(username));
    const step = secret ? matchingStep(secret, code, nowMs) : null;
    if (step !== null) {
      if (twoStep.lastUsedStep !== null && step <= twoStep.lastUsedStep) throw wrongCode();
      return { type: 'AccountTwoStepCodeUsed', data: { username, step, at } };
    }
    const hash = recoveryCodeHash(code);
    if (!twoStep.recoveryCodeHashes.includes(hash)) throw wrongCode();
    return { type: 'AccountRecoveryCodeUsed', data: { username, codeHash: hash, at } };
  };
  return {
    initialState: noAccount,
    evolve: evolveAccount,
    decide(command, state) {
      switch (command.type) {
        case 'TurnOn': {
          if (state.twoStep) throw conflict(twoStepMessages.already);
          const { username, sealedSecret, recoveryCodeHashes, step, at } = command;
          // The code that turned it on is spent too: it does not sign in again within its minute.
          return [
            { type: 'AccountTwoStepEnabled', data: { username, sealedSecret, recoveryCodeHashes, at } },
            { type: 'AccountTwoStepCodeUsed', data: { username, step, at } },
          ];
        }
        case 'SpendCode':
          // Turned off since the sign-in read the stream: the password was enough.
          return state.twoStep ? [spend(state.twoStep, command)] : [];
        case 'TurnOff':
          if (!state.twoStep) throw conflict(twoStepMessages.notOn);
          return [
            spend(state.twoStep, command),
            { type: 'AccountTwoStepDisabled', data: { username: command.username, at: command.at } },
          ];
      }
    },
  };
}

export function twoStepRoutes(routers: Routers, deps: ShopDeps) {
  const sessions = sessionCheckFor(deps.events);
  const decider = twoStepDecider(deps.jwtSecret);
  const accountOf = async (username: string) => foldAccount(await deps.events.readStream(adminStream(username)));

  route(routers, adminApi.twoStepSetup, async (ctx) => {
    const { username } = sessionOf(ctx);
    if ((await accountOf(username)).twoStep) throw conflict(twoStepMessages.already);
    const secret = newTwoStepSecret();
    const uri = otpauthUri(username, secret);
    ctx.body = {
      secret: base32(secret),
      uri,
      qr: await otpauthQr(uri),
      setupToken: sealSecret(deps.jwtSecret, secret, setupContext(username)),
    };
  });

  route(routers, adminApi.twoStepEnable, async (ctx, input) => {
    const { setupToken, code } = input.body();
    const { username } = sessionOf(ctx);
    const secret = openSecret(deps.jwtSecret, setupToken, setupContext(username));
    if (!secret) throw invalid(twoStepMessages.badSetup, [{ field: 'setupToken', message: twoStepMessages.badSetup }]);
    const now = deps.clock();
    const step = matchingStep(secret, code, now.getTime());
    if (step === null) throw wrongCode();
    const recoveryCodes = newRecoveryCodes();
    const command: TwoStepCommand = {
      type: 'TurnOn',
      username,
      sealedSecret: sealSecret(deps.jwtSecret, secret, storedContext(username)),
      recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
      step,
      at: now.toISOString(),
    };
    await handleCommand(
      deps.events,
      adminStream(username),
      decider,
      command,
      commandMeta(ctx, `admin:${username}`, now),
      { raceRetries: twoStepRaceRetries },
    );
    sessions.forget(username);
    ctx.body = { success: true, message: adminApi.twoStepEnable.messages.enabled, recoveryCodes };
  });

  route(routers, adminApi.twoStepDisable, async (ctx, input) => {
    const { code } = input.body();
    const { username } = sessionOf(ctx);
    const now = deps.clock();
    const command: TwoStepCommand = { type: 'TurnOff', username, code, nowMs: now.getTime(), at: now.toISOString() };
    await handleCommand(
      deps.events,
      adminStream(username),
      decider,
      command,
      commandMeta(ctx, `admin:${username}`, now),
      { raceRetries: twoStepRaceRetries },
    );
    sessions.forget(username);
    ctx.body = { success: true, message: adminApi.twoStepDisable.messages.disabled };
  });
}
