// The grant of a person's-data download, decided on the account's own stream: given its events, when an owner grants or
// revokes, then these events (or this refusal).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accountMessages, downloadGrantMessages } from '../../contracts/admin/model.ts';
import type { AccountEvent, DownloadGrantEvent } from '../../contracts/admin/events.ts';
import { Conflict, Invalid, NotFound } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { foldAccount } from './accounts.ts';
import { downloadGrantDecider } from './downloadGrants.ts';

const spec = deciderSpec(downloadGrantDecider('admin'));
const at = '2026-03-01T10:00:00.000Z';
const created = (role: 'owner' | 'auditor' = 'auditor'): AccountEvent => ({
  type: 'AccountCreated',
  data: { username: 'ann', role, sealedPasswordHash: 'sealed', by: 'admin', at },
});
const granted: DownloadGrantEvent = { type: 'PersonalDataDownloadGranted', data: { username: 'ann', by: 'admin', at } };
const revoked: DownloadGrantEvent = { type: 'PersonalDataDownloadRevoked', data: { username: 'ann', by: 'admin', at } };
const grant = { type: 'GrantDownload', username: 'ann', by: 'admin', at } as const;
const revoke = { type: 'RevokeDownload', username: 'ann', by: 'admin', at } as const;
const given = (events: (AccountEvent | DownloadGrantEvent)[]) => spec.given(events);

test('an owner grants an auditor the download', () => {
  given([created()]).when(grant).then([granted]);
});

test('granting again changes nothing', () => {
  given([created(), granted]).when(grant).then([]);
});

test('an owner revokes a grant', () => {
  given([created(), granted]).when(revoke).then([revoked]);
});

test('revoking a grant never given changes nothing', () => {
  given([created()]).when(revoke).then([]);
});

test('revoking a grant already revoked changes nothing', () => {
  given([created(), granted, revoked]).when(revoke).then([]);
});

test('a revoked grant can be given again', () => {
  given([created(), granted, revoked]).when(grant).then([granted]);
});

test('no grant for an account that does not exist', () => {
  given([]).when(grant).thenFails(NotFound, accountMessages.missing);
});

test('no revocation for an account that does not exist', () => {
  given([]).when(revoke).thenFails(NotFound, accountMessages.missing);
});

test('no grant for the configured owner', () => {
  given([])
    .when({ ...grant, username: 'admin' })
    .thenFails(Conflict, accountMessages.configured);
});

test('no grant for an owner account', () => {
  given([created('owner')])
    .when(grant)
    .thenFails(Invalid, downloadGrantMessages.owner);
});

test('no grant for a disabled account', () => {
  given([created(), { type: 'AccountDisabled', data: { username: 'ann', by: 'admin', at } }])
    .when(grant)
    .thenFails(Conflict, downloadGrantMessages.disabled);
});

test("a disabled account's grant may still be taken back", () => {
  given([created(), granted, { type: 'AccountDisabled', data: { username: 'ann', by: 'admin', at } }])
    .when(revoke)
    .then([revoked]);
});

test("the account's fold (what the guard and the accounts screen read) follows grants and revocations", () => {
  const events = (list: (AccountEvent | DownloadGrantEvent)[]) =>
    list.map((e, revision) => ({
      ...e,
      id: `e${revision}`,
      stream: 'admin-ann',
      revision,
      position: revision + 1,
      metadata: { causedBy: 'admin:admin', causationId: 'c', correlationId: 'c', at },
    }));
  assert.is(foldAccount(events([created()])).downloadGranted, false);
  assert.is(foldAccount(events([created(), granted])).downloadGranted, true);
  assert.is(foldAccount(events([created(), granted, revoked])).downloadGranted, false);
  // A role change keeps the grant: it belongs to the account, and only an owner's revocation ends it.
  assert.is(
    foldAccount(
      events([
        created(),
        granted,
        { type: 'AccountRoleChanged', data: { username: 'ann', from: 'auditor', to: 'owner', by: 'admin', at } },
      ]),
    ).downloadGranted,
    true,
  );
});

test.run();
