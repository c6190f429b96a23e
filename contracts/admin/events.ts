// The owner's console's events, declared once: sign-ins, accounts and grants on stream admin-<username> (the client's
// address is in the metadata), and the types derived from their schemas.
import * as v from 'valibot';
import { at, causes, defineEvents, text, type EventsOf } from '../shared/eventDefinitions.ts';
import { accountRoles } from './model.ts';

const { owner } = causes;
const role = v.picklist(accountRoles);

export const AdminLoggedInV1 = v.object({ username: text, at });
/** One session (the token's id) ended by its holder. */
export const AdminLoggedOutV1 = v.object({ username: text, sessionId: text, at });
/** Every session signed in before `at` ended, as a password change does. */
export const AdminSessionsRevokedV1 = v.object({ username: text, reason: v.literal('password_changed'), at });
export const AdminLoginFailedV1 = v.object({
  username: text,
  reason: v.picklist(['unknown_username', 'wrong_password']),
  at,
});
/**
 * AdminLoginFailed version 2: a name that is no account is kept only as its keyed hash (`nameHash`), never as typed; a
 * wrong password still names its account.
 */
export const AdminLoginFailedV2 = v.variant('reason', [
  v.object({ username: text, reason: v.literal('wrong_password'), at }),
  v.object({ nameHash: v.nullable(text), reason: v.literal('unknown_username'), at }),
]);
/**
 * A version-1 wrong password is version 2 as it stands. A version-1 name that is no account was kept as typed: it is not
 * handed on (null), so no reader shows what a visitor typed; the stored bytes keep it (decision 057).
 */
export const upcastAdminLoginFailedV1 = (
  old: v.InferOutput<typeof AdminLoginFailedV1>,
): v.InferOutput<typeof AdminLoginFailedV2> =>
  old.reason === 'wrong_password'
    ? { username: old.username, reason: 'wrong_password', at: old.at }
    : { nameHash: null, reason: 'unknown_username', at: old.at };

export const sessionEvents = defineEvents([
  {
    type: 'AdminLoggedIn',
    stream: 'admin',
    causedBy: owner,
    description: 'The owner signed in; the address is in the metadata.',
    versions: [{ schema: AdminLoggedInV1 }],
  },
  {
    type: 'AdminLoginFailed',
    stream: 'admin',
    causedBy: 'whoever tried to sign in (`visitor`)',
    description:
      "A sign-in failed: a wrong password (in the account's stream), or a name that is no account, kept only as its keyed hash (in one stream a day, `admin-unknown-names-<date>`, capped per hour; version 1 kept the name as typed, and older logs have a stream per typed name).",
    versions: [{ schema: AdminLoginFailedV1 }, { schema: AdminLoginFailedV2, upcast: upcastAdminLoginFailedV1 }],
  },
  {
    type: 'AdminLoggedOut',
    stream: 'admin',
    causedBy: owner,
    description: "The owner ended one session (the token's id) with Log Out.",
    versions: [{ schema: AdminLoggedOutV1 }],
  },
  {
    type: 'AdminSessionsRevoked',
    stream: 'admin',
    causedBy: 'the owner changing the password with `npm run admin -- set-password` (`admin:<username>`)',
    description: 'Every session signed in before it ended, as a password change does.',
    versions: [{ schema: AdminSessionsRevokedV1 }],
  },
]);

export type AdminEvent = EventsOf<typeof sessionEvents>;
export type AdminLoggedIn = Extract<AdminEvent, { type: 'AdminLoggedIn' }>;
export type AdminSessionsRevoked = Extract<AdminEvent, { type: 'AdminSessionsRevoked' }>;

// Accounts: the owner named by the configuration is always an owner; the accounts the owners create are events in the
// same stream as their sign-ins, so one read tells the guard who someone is and which sessions ended.
export const AccountCreatedV1 = v.object({ username: text, role, passwordHash: text, by: text, at });
export const AccountRoleChangedV1 = v.object({ username: text, from: role, to: role, by: text, at });
export const AccountPasswordResetV1 = v.object({ username: text, passwordHash: text, by: text, at });
/**
 * AccountCreated and AccountPasswordReset version 2: the password's hash sealed with the shop's key, never as it is
 * (decision 057). A version-1 event kept the hash as it is: it is not handed on to readers (null); the sign-in alone reads
 * it from the stored event.
 */
export const AccountCreatedV2 = v.object({ username: text, role, sealedPasswordHash: v.nullable(text), by: text, at });
export const AccountPasswordResetV2 = v.object({ username: text, sealedPasswordHash: v.nullable(text), by: text, at });
export const upcastAccountCreatedV1 = ({
  username,
  role,
  by,
  at,
}: v.InferOutput<typeof AccountCreatedV1>): v.InferOutput<typeof AccountCreatedV2> => ({
  username,
  role,
  sealedPasswordHash: null,
  by,
  at,
});
export const upcastAccountPasswordResetV1 = ({
  username,
  by,
  at,
}: v.InferOutput<typeof AccountPasswordResetV1>): v.InferOutput<typeof AccountPasswordResetV2> => ({
  username,
  sealedPasswordHash: null,
  by,
  at,
});
/** Every session of the account ends and it cannot sign in until enabled again. */
export const AccountDisabledV1 = v.object({ username: text, by: text, at });
export const AccountEnabledV1 = v.object({ username: text, by: text, at });
/** The right password for a disabled account: refused, and recorded. */
export const AccountSignInRefusedV1 = v.object({ username: text, reason: v.literal('disabled'), at });
/** The account's own choice: a code from an authenticator app is asked for after the password from now on. */
export const AccountTwoStepEnabledV1 = v.object({
  username: text,
  sealedSecret: text,
  recoveryCodeHashes: v.array(text),
  at,
});
export const AccountTwoStepDisabledV1 = v.object({ username: text, at });
/** A recovery code took the place of the app's code once; it works no more. */
export const AccountRecoveryCodeUsedV1 = v.object({ username: text, codeHash: text, at });
/** The right password with a wrong or missing second step. */
export const AccountTwoStepFailedV1 = v.object({ username: text, at });
/**
 * The app's code of one 30-second time step was spent (signing in, turning two-step on or off): that step's code and
 * every earlier one work no more. Holds the step, never the code. Appended at the stream's revision the sign-in read,
 * so of two sign-ins with one code, in any shop processes on one log, exactly one is recorded.
 */
export const AccountTwoStepCodeUsedV1 = v.object({
  username: text,
  step: v.pipe(v.number(), v.integer(), v.minValue(0)),
  at,
});

export const accountEvents = defineEvents([
  {
    type: 'AccountCreated',
    stream: 'admin',
    causedBy: owner,
    description:
      "An owner created an account (owner or auditor) with a random password, kept only as its scrypt hash, sealed with the shop's key (version 1 kept the hash as it is).",
    versions: [{ schema: AccountCreatedV1 }, { schema: AccountCreatedV2, upcast: upcastAccountCreatedV1 }],
  },
  {
    type: 'AccountRoleChanged',
    stream: 'admin',
    causedBy: owner,
    description: "An owner changed an account's role; it holds from the account's next request.",
    versions: [{ schema: AccountRoleChangedV1 }],
  },
  {
    type: 'AccountPasswordReset',
    stream: 'admin',
    causedBy: owner,
    description:
      'An owner gave an account a new random password (its hash sealed, as at creation); every session signed in before it ended.',
    versions: [
      { schema: AccountPasswordResetV1 },
      { schema: AccountPasswordResetV2, upcast: upcastAccountPasswordResetV1 },
    ],
  },
  {
    type: 'AccountDisabled',
    stream: 'admin',
    causedBy: owner,
    description: 'An owner disabled an account: every session ended and it cannot sign in.',
    versions: [{ schema: AccountDisabledV1 }],
  },
  {
    type: 'AccountEnabled',
    stream: 'admin',
    causedBy: owner,
    description: 'An owner let a disabled account sign in again.',
    versions: [{ schema: AccountEnabledV1 }],
  },
  {
    type: 'AccountSignInRefused',
    stream: 'admin',
    causedBy: 'whoever tried to sign in (`visitor`)',
    description: 'The right password for a disabled account: refused.',
    versions: [{ schema: AccountSignInRefusedV1 }],
  },
  {
    type: 'AccountTwoStepEnabled',
    stream: 'admin',
    causedBy: 'the account itself (`admin:<username>`)',
    description:
      "An account turned on two-step sign-in: the authenticator's secret sealed with a key from the token secret, and the SHA-256 hashes of ten recovery codes.",
    versions: [{ schema: AccountTwoStepEnabledV1 }],
  },
  {
    type: 'AccountTwoStepDisabled',
    stream: 'admin',
    causedBy: 'the account itself, with a code (`admin:<username>`)',
    description: 'An account turned two-step sign-in off.',
    versions: [{ schema: AccountTwoStepDisabledV1 }],
  },
  {
    type: 'AccountRecoveryCodeUsed',
    stream: 'admin',
    causedBy: 'the account signing in (`visitor`)',
    description: "A recovery code took the place of the app's code once; it works no more.",
    versions: [{ schema: AccountRecoveryCodeUsedV1 }],
  },
  {
    type: 'AccountTwoStepCodeUsed',
    stream: 'admin',
    causedBy: 'the account signing in (`visitor`), or turning two-step on or off (`admin:<username>`)',
    description:
      "The app's code of one 30-second time step (`step`, never the code) was spent: it and every earlier step's code work no more, in every shop process on the log. Appended at the revision the sign-in read, so one code signs in once.",
    versions: [{ schema: AccountTwoStepCodeUsedV1 }],
  },
  {
    type: 'AccountTwoStepFailed',
    stream: 'admin',
    causedBy: 'whoever tried to sign in (`visitor`)',
    description: 'The right password with a wrong or missing second step.',
    versions: [{ schema: AccountTwoStepFailedV1 }],
  },
]);

export type AccountEvent = EventsOf<typeof accountEvents>;
export type AccountRecoveryCodeUsed = Extract<AccountEvent, { type: 'AccountRecoveryCodeUsed' }>;
export type AccountTwoStepCodeUsed = Extract<AccountEvent, { type: 'AccountTwoStepCodeUsed' }>;
export type AccountCreated = Extract<AccountEvent, { type: 'AccountCreated' }>;
export type AccountDisabled = Extract<AccountEvent, { type: 'AccountDisabled' }>;
export type AccountEnabled = Extract<AccountEvent, { type: 'AccountEnabled' }>;
export type AccountPasswordReset = Extract<AccountEvent, { type: 'AccountPasswordReset' }>;
export type AccountRoleChanged = Extract<AccountEvent, { type: 'AccountRoleChanged' }>;
export type AccountTwoStepDisabled = Extract<AccountEvent, { type: 'AccountTwoStepDisabled' }>;
export type AccountTwoStepEnabled = Extract<AccountEvent, { type: 'AccountTwoStepEnabled' }>;

// The download of a person's data is an owner's, unless an owner grants it to an account (decision 058).
/** An owner let an auditor download a person's data (from its next request on). */
export const PersonalDataDownloadGrantedV1 = v.object({ username: text, by: text, at });
/** An owner took that back. */
export const PersonalDataDownloadRevokedV1 = v.object({ username: text, by: text, at });

export const downloadGrantEvents = defineEvents([
  {
    type: 'PersonalDataDownloadGranted',
    stream: 'admin',
    causedBy: owner,
    description:
      "An owner let an account download a person's data (the privacy screen's access download), which is otherwise an owner's alone.",
    versions: [{ schema: PersonalDataDownloadGrantedV1 }],
  },
  {
    type: 'PersonalDataDownloadRevoked',
    stream: 'admin',
    causedBy: owner,
    description: "An owner took back an account's grant to download a person's data.",
    versions: [{ schema: PersonalDataDownloadRevokedV1 }],
  },
]);

export type DownloadGrantEvent = EventsOf<typeof downloadGrantEvents>;
