// The account decider as a specification, one given/when/then per rule: an owner creates an account once, changes its
// role, resets its password, disables and enables it; the configured owner's name and the acting owner's own account
// are refused, and an account that does not exist is not found.
import { test } from 'uvu';
import type { AdminLoggedIn } from '../../contracts/admin/events.ts';
import type {
  AccountCreated,
  AccountDisabled,
  AccountEnabled,
  AccountPasswordReset,
  AccountRoleChanged,
} from '../../contracts/admin/events.ts';
import { accountMessages } from '../../contracts/admin/model.ts';
import { Conflict, Invalid, NotFound } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { accountDecider } from './accounts.ts';

const spec = deciderSpec(accountDecider('owner'));
const username = 'sara';
const by = 'amina';
const at = '2026-12-01T10:00:00.000Z';
const later = '2026-12-01T11:00:00.000Z';

const created: AccountCreated = {
  type: 'AccountCreated',
  data: { username, role: 'auditor', sealedPasswordHash: 'sealed-1', by, at },
};
const disabled: AccountDisabled = { type: 'AccountDisabled', data: { username, by, at: later } };
const enabled: AccountEnabled = { type: 'AccountEnabled', data: { username, by, at: later } };
const signedIn: AdminLoggedIn = { type: 'AdminLoggedIn', data: { username, at } };

test('an account is created once, with its role, its sealed password and who made it', () => {
  spec
    .given([])
    .when({ type: 'CreateAccount', username, role: 'auditor', sealedPasswordHash: 'sealed-1', by, at })
    .then([created]);
  spec
    .given([created])
    .when({ type: 'CreateAccount', username, role: 'owner', sealedPasswordHash: 'sealed-2', by, at })
    .thenFails(Conflict, accountMessages.exists);
});

test("the configured owner's name is refused for every command: it is changed in the configuration", () => {
  spec
    .given([])
    .when({ type: 'CreateAccount', username: 'owner', role: 'owner', sealedPasswordHash: 'sealed-1', by, at })
    .thenFails(Conflict, accountMessages.configured);
  spec.given([]).when({ type: 'Disable', username: 'owner', by, at }).thenFails(Conflict, accountMessages.configured);
});

test('an account that does not exist is not found, whatever is asked of it', () => {
  spec
    .given([])
    .when({ type: 'ChangeRole', username, role: 'owner', by, at })
    .thenFails(NotFound, accountMessages.missing);
  spec.given([]).when({ type: 'Enable', username, by, at }).thenFails(NotFound, accountMessages.missing);
  // Its own sign-ins are in its stream too, but do not make an account.
  spec.given([signedIn]).when({ type: 'Disable', username, by, at }).thenFails(NotFound, accountMessages.missing);
});

test('a role changes from the one the account has, and not to the one it has', () => {
  const changed: AccountRoleChanged = {
    type: 'AccountRoleChanged',
    data: { username, from: 'auditor', to: 'owner', by, at: later },
  };
  spec.given([created]).when({ type: 'ChangeRole', username, role: 'owner', by, at: later }).then([changed]);
  spec.given([created, changed]).when({ type: 'ChangeRole', username, role: 'owner', by, at: later }).then([]);
  spec
    .given([created, changed])
    .when({ type: 'ChangeRole', username, role: 'auditor', by, at: later })
    .then([{ type: 'AccountRoleChanged', data: { username, from: 'owner', to: 'auditor', by, at: later } }]);
});

test('a password is reset every time it is asked, with the new sealed hash', () => {
  const reset: AccountPasswordReset = {
    type: 'AccountPasswordReset',
    data: { username, sealedPasswordHash: 'sealed-2', by, at: later },
  };
  spec
    .given([created])
    .when({ type: 'ResetPassword', username, sealedPasswordHash: 'sealed-2', by, at: later })
    .then([reset]);
  spec
    .given([created, reset])
    .when({ type: 'ResetPassword', username, sealedPasswordHash: 'sealed-2', by, at: later })
    .then([reset]);
});

test('an account is disabled once and enabled once; enabling one that is enabled adds nothing', () => {
  spec.given([created]).when({ type: 'Disable', username, by, at: later }).then([disabled]);
  spec.given([created, disabled]).when({ type: 'Disable', username, by, at: later }).then([]);
  spec.given([created, disabled]).when({ type: 'Enable', username, by, at: later }).then([enabled]);
  spec.given([created, disabled, enabled]).when({ type: 'Enable', username, by, at: later }).then([]);
  spec.given([created]).when({ type: 'Enable', username, by, at: later }).then([]);
});

test('an owner may neither disable their own account nor change its role; resetting its password is theirs to do', () => {
  const own: AccountCreated = { ...created, data: { ...created.data, username: by, role: 'owner' } };
  spec.given([own]).when({ type: 'Disable', username: by, by, at: later }).thenFails(Invalid, accountMessages.yourself);
  spec
    .given([own])
    .when({ type: 'ChangeRole', username: by, role: 'auditor', by, at: later })
    .thenFails(Invalid, accountMessages.yourself);
  spec
    .given([own])
    .when({ type: 'ResetPassword', username: by, sealedPasswordHash: 'sealed-3', by, at: later })
    .then([{ type: 'AccountPasswordReset', data: { username: by, sealedPasswordHash: 'sealed-3', by, at: later } }]);
});

test.run();
