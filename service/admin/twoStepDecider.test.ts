// The two-step decider as a specification, one given/when/then per rule: turned on once (spending the code that turned
// it on), a code of the app spent once and never one of an earlier step, a recovery code spent once, turned off with a
// code; a wrong code, one already spent and one sealed for another account get the same refusal.
import { test } from 'uvu';
import type { AccountRecoveryCodeUsed, AccountTwoStepCodeUsed } from '../../contracts/admin/events.ts';
import type { AccountCreated, AccountTwoStepDisabled, AccountTwoStepEnabled } from '../../contracts/admin/events.ts';
import { twoStepMessages } from '../../contracts/admin/model.ts';
import { Conflict, Invalid } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { codeAt, recoveryCodeHash, sealSecret, stepOf } from './twoStep.ts';
import { twoStepDecider } from './twoStepRoutes.ts';

const tokenSecret = 'k'.repeat(40);
const spec = deciderSpec(twoStepDecider(tokenSecret));
const username = 'sara';
const at = '2026-12-01T10:00:00.000Z';
const secret = Buffer.from('12345678901234567890');
// A moment one second into a step: its code, and those of the steps either side, are the app's now.
const nowMs = 1_764_583_201_000;
const step = stepOf(nowMs);
const recovery = 'ABCD-EFGH-IJKL-MNOP';

const created: AccountCreated = {
  type: 'AccountCreated',
  data: { username, role: 'auditor', sealedPasswordHash: 'sealed', by: 'owner', at },
};
const enabledWith = (sealedSecret: string): AccountTwoStepEnabled => ({
  type: 'AccountTwoStepEnabled',
  data: { username, sealedSecret, recoveryCodeHashes: [recoveryCodeHash(recovery)], at },
});
const enabled = enabledWith(sealSecret(tokenSecret, secret, `account:${username}`));
const spent = (s: number): AccountTwoStepCodeUsed => ({
  type: 'AccountTwoStepCodeUsed',
  data: { username, step: s, at },
});
const recoveryUsed: AccountRecoveryCodeUsed = {
  type: 'AccountRecoveryCodeUsed',
  data: { username, codeHash: recoveryCodeHash(recovery), at },
};
const disabled: AccountTwoStepDisabled = { type: 'AccountTwoStepDisabled', data: { username, at } };
const spend = (code: string, ms = nowMs) => ({ type: 'SpendCode' as const, username, code, nowMs: ms, at });
const turnOff = (code: string) => ({ type: 'TurnOff' as const, username, code, nowMs, at });
const turnOn = {
  type: 'TurnOn' as const,
  username,
  sealedSecret: enabled.data.sealedSecret,
  recoveryCodeHashes: enabled.data.recoveryCodeHashes,
  step: step - 1,
  at,
};

test('two-step is turned on once, and the code that turned it on is spent with it', () => {
  spec
    .given([created])
    .when(turnOn)
    .then([enabled, spent(step - 1)]);
  spec
    .given([created, enabled, spent(step - 1)])
    .when(turnOn)
    .thenFails(Conflict, twoStepMessages.already);
});

test("the app's code for now, or a step either way, is spent once, by its step", () => {
  spec
    .given([created, enabled])
    .when(spend(codeAt(secret, step)))
    .then([spent(step)]);
  spec
    .given([created, enabled])
    .when(spend(codeAt(secret, step + 1)))
    .then([spent(step + 1)]);
  spec
    .given([created, enabled, spent(step)])
    .when(spend(codeAt(secret, step)))
    .thenFails(Invalid, twoStepMessages.wrongCode);
});

test('a code of a step no later than the last one spent is refused, though the app shows it', () => {
  spec
    .given([created, enabled, spent(step)])
    .when(spend(codeAt(secret, step - 1)))
    .thenFails(Invalid, twoStepMessages.wrongCode);
  spec
    .given([created, enabled, spent(step)])
    .when(spend(codeAt(secret, step + 1)))
    .then([spent(step + 1)]);
});

test("a code two steps away, one not six digits, and one for another account's secret are all wrong", () => {
  spec
    .given([created, enabled])
    .when(spend(codeAt(secret, step + 2)))
    .thenFails(Invalid, twoStepMessages.wrongCode);
  spec.given([created, enabled]).when(spend('12345')).thenFails(Invalid, twoStepMessages.wrongCode);
  const others = enabledWith(sealSecret(tokenSecret, secret, 'account:bob'));
  spec
    .given([created, others])
    .when(spend(codeAt(secret, step)))
    .thenFails(Invalid, twoStepMessages.wrongCode);
});

test('a recovery code is spent once, however it is written', () => {
  spec.given([created, enabled]).when(spend('abcd efgh-ijkl mnop')).then([recoveryUsed]);
  spec.given([created, enabled, recoveryUsed]).when(spend(recovery)).thenFails(Invalid, twoStepMessages.wrongCode);
});

test('a sign-in whose account turned two-step off meanwhile spends nothing: the password was enough', () => {
  spec
    .given([created])
    .when(spend(codeAt(secret, step)))
    .then([]);
  spec
    .given([created, enabled, spent(step - 1), disabled])
    .when(spend(codeAt(secret, step)))
    .then([]);
});

test('two-step is turned off with a code, spent as a sign-in spends it; off already, it is a conflict', () => {
  spec
    .given([created, enabled])
    .when(turnOff(codeAt(secret, step)))
    .then([spent(step), disabled]);
  spec.given([created, enabled]).when(turnOff(recovery)).then([recoveryUsed, disabled]);
  spec.given([created, enabled]).when(turnOff('000000')).thenFails(Invalid, twoStepMessages.wrongCode);
  spec
    .given([created])
    .when(turnOff(codeAt(secret, step)))
    .thenFails(Conflict, twoStepMessages.notOn);
});

test.run();
