// The owner's sign-in: request, answer and the events that record every attempt.
import * as v from 'valibot';
import type { DomainEvent } from '../shared/events.ts';
import { requestBody } from '../shared/http.ts';

export const loginMessages = {
  username: 'Username is required',
  password: 'Password is required',
  invalid: 'Invalid username or password',
  success: 'Login successful',
  twoStep: 'Enter the six-digit code from your authenticator app, or one of your recovery codes',
} as const;

/** POST /api/admin/login — also the login form's schema. */
export const LoginBodySchema = requestBody(
  {
    username: v.pipe(
      v.string(loginMessages.username),
      v.trim(),
      v.minLength(1, loginMessages.username),
      v.maxLength(100, 'Username must be at most 100 characters'),
    ),
    password: v.pipe(
      v.string(loginMessages.password),
      v.minLength(1, loginMessages.password),
      v.maxLength(1024, 'Password must be at most 1024 characters'),
    ),
    /** the authenticator's code or a recovery code, for an account with two-step sign-in */
    code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, 'Code must be at most 32 characters'))),
  },
  { username: loginMessages.username, password: loginMessages.password },
);
export type LoginBody = v.InferOutput<typeof LoginBodySchema>;

export type LoginResponse = { success: true; token: string; message: string };

/** POST /api/admin/logout — ends the session of the token it is sent with. */
export const logoutMessage = 'Logged Out';
export type LogoutResponse = { success: true; message: string };

/** Sign-in answers past the limits. */
export const busyMessage = 'Too many sign-in attempts at the moment. Please try again in a few seconds.';

// Events — stream admin-<username>; the client's address is in the metadata.
export type AdminLoggedIn = DomainEvent<'AdminLoggedIn', { username: string; at: string }>;
/**
 * A failed sign-in: a wrong password for an account (its name), or a name that is no account, kept only as its keyed
 * hash (`nameHash`; null for one an earlier release kept as typed, which is not shown).
 */
export type AdminLoginFailed = DomainEvent<
  'AdminLoginFailed',
  | { username: string; reason: 'wrong_password'; at: string }
  | { nameHash: string | null; reason: 'unknown_username'; at: string }
>;
/** One session (the token's id) ended by its holder. */
export type AdminLoggedOut = DomainEvent<'AdminLoggedOut', { username: string; sessionId: string; at: string }>;
/** Every session signed in before `at` ended, as a password change does. */
export type AdminSessionsRevoked = DomainEvent<
  'AdminSessionsRevoked',
  { username: string; reason: 'password_changed'; at: string }
>;
export type AdminEvent = AdminLoggedIn | AdminLoginFailed | AdminLoggedOut | AdminSessionsRevoked;

// Accounts — the owner named by the configuration is always an owner; the accounts the owners create are events in the
// same stream as their sign-ins (admin-<username>), so one read tells the guard who someone is and which sessions ended.

/** What an account may do: an owner runs the shop; an auditor reads everything in the admin and changes nothing. */
export const accountRoles = ['owner', 'auditor'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const accountMessages = {
  username: 'Username is required',
  usernameShape: 'Username must be 3 to 64 characters: lower-case letters, digits, dots, underscores or @',
  role: 'Role must be owner or auditor',
  exists: 'An account with this username already exists',
  missing: 'No account with this username',
  configured: "This is the owner named in the shop's configuration; change it there",
  yourself: 'You cannot disable your own account or change your own role',
  created: 'Account created. Hand the password over in person; it is shown only now.',
  reset:
    'Password reset. Hand the new password over in person; it is shown only now. Every session of the account has ended.',
  roleChanged: 'Role changed',
  disabled: 'Account disabled. Every session of the account has ended.',
  enabled: 'Account enabled',
  ownersOnly: 'Only an owner may do this; your account may read but not change anything.',
} as const;

const AccountUsernameSchema = v.pipe(
  v.string(accountMessages.username),
  v.trim(),
  v.minLength(1, accountMessages.username),
  v.regex(/^[a-z0-9._@]{3,64}$/, accountMessages.usernameShape),
);
const AccountRoleSchema = v.picklist(accountRoles, accountMessages.role);

/** POST /api/admin/accounts */
export const CreateAccountSchema = requestBody(
  { username: AccountUsernameSchema, role: AccountRoleSchema },
  { username: accountMessages.username, role: accountMessages.role },
);
/** POST /api/admin/accounts/:username/role */
export const ChangeAccountRoleSchema = requestBody({ role: AccountRoleSchema }, { role: accountMessages.role });

export type AccountDto = {
  username: string;
  role: AccountRole;
  /** the owner named by the configuration: not an account in the log, and not changed from the admin */
  configured: boolean;
  disabled: boolean;
  createdAt: string | null;
  createdBy: string | null;
  lastSignInAt: string | null;
  revision: number;
  /** an owner granted this account the download of a person's data (owners have it by their role) */
  downloadGranted: boolean;
};
export type AccountsResponse = { accounts: AccountDto[] };
/** The answer to a create or a reset: the new password, shown this once and never stored in clear. */
export type AccountPasswordResponse = { success: true; message: string; account: AccountDto; password: string };
export type AccountChangeResponse = { success: true; message: string; account: AccountDto };
/** GET /api/admin/me — who the token belongs to, so the admin shows an auditor no write buttons. */
export type MeResponse = { username: string; role: AccountRole; twoStep: boolean; mayDownloadPersonalData: boolean };

export const twoStepMessages = {
  code: 'Enter the six-digit code your authenticator app shows',
  wrongCode: 'That code is not the one your authenticator app shows now',
  already: 'Two-step sign-in is already on for your account',
  notOn: 'Two-step sign-in is not on for your account',
  badSetup: 'Start the set-up again',
  enabled:
    'Two-step sign-in is on. Keep the recovery codes somewhere safe; each works once, and they are shown only now.',
  disabled: 'Two-step sign-in is off',
} as const;
const TwoStepCodeSchema = v.pipe(
  v.string(twoStepMessages.code),
  v.trim(),
  v.minLength(1, twoStepMessages.code),
  v.maxLength(32, twoStepMessages.code),
);
/** POST /api/admin/two-step/enable — the sealed secret from the set-up, and a code the app shows for it. */
export const EnableTwoStepSchema = requestBody(
  {
    setupToken: v.pipe(v.string(twoStepMessages.badSetup), v.maxLength(200, twoStepMessages.badSetup)),
    code: TwoStepCodeSchema,
  },
  { setupToken: twoStepMessages.badSetup, code: twoStepMessages.code },
);
/** POST /api/admin/two-step/disable — a code from the app, or a recovery code. */
export const DisableTwoStepSchema = requestBody({ code: TwoStepCodeSchema }, { code: twoStepMessages.code });
/** The set-up: the key to type into the app, the otpauth:// link, the same link as a QR code (an SVG data URI), and the secret sealed for the round trip. */
export type TwoStepSetupResponse = { secret: string; uri: string; qr: string; setupToken: string };
export type TwoStepEnabledResponse = { success: true; message: string; recoveryCodes: string[] };
export type TwoStepDisabledResponse = { success: true; message: string };

/**
 * The password's hash is sealed with the shop's key (`sealedPasswordHash`); null in an account created by an earlier
 * release, whose stored event keeps the hash where only the sign-in reads it (decision 057).
 */
export type AccountCreated = DomainEvent<
  'AccountCreated',
  { username: string; role: AccountRole; sealedPasswordHash: string | null; by: string; at: string }
>;
export type AccountRoleChanged = DomainEvent<
  'AccountRoleChanged',
  { username: string; from: AccountRole; to: AccountRole; by: string; at: string }
>;
/** A new password; every session signed in before `at` ends. */
export type AccountPasswordReset = DomainEvent<
  'AccountPasswordReset',
  { username: string; sealedPasswordHash: string | null; by: string; at: string }
>;
/** Every session of the account ends and it cannot sign in until enabled again. */
export type AccountDisabled = DomainEvent<'AccountDisabled', { username: string; by: string; at: string }>;
export type AccountEnabled = DomainEvent<'AccountEnabled', { username: string; by: string; at: string }>;
/** The right password for a disabled account: refused, and recorded. */
export type AccountSignInRefused = DomainEvent<
  'AccountSignInRefused',
  { username: string; reason: 'disabled'; at: string }
>;
/** The account's own choice: a code from an authenticator app is asked for after the password from now on. */
export type AccountTwoStepEnabled = DomainEvent<
  'AccountTwoStepEnabled',
  { username: string; sealedSecret: string; recoveryCodeHashes: string[]; at: string }
>;
export type AccountTwoStepDisabled = DomainEvent<'AccountTwoStepDisabled', { username: string; at: string }>;
/** A recovery code took the place of the app's code once; it works no more. */
export type AccountRecoveryCodeUsed = DomainEvent<
  'AccountRecoveryCodeUsed',
  { username: string; codeHash: string; at: string }
>;
/**
 * The app's code of one 30-second time step was spent (signing in, turning two-step on or off): that step's code and
 * every earlier one work no more. Holds the step, never the code. Appended at the stream's revision the sign-in read,
 * so of two sign-ins with one code, in any shop processes on one log, exactly one is recorded.
 */
export type AccountTwoStepCodeUsed = DomainEvent<
  'AccountTwoStepCodeUsed',
  { username: string; step: number; at: string }
>;
/** The right password with a wrong or missing second step. */
export type AccountTwoStepFailed = DomainEvent<'AccountTwoStepFailed', { username: string; at: string }>;
export type AccountEvent =
  | AccountCreated
  | AccountRoleChanged
  | AccountPasswordReset
  | AccountDisabled
  | AccountEnabled
  | AccountSignInRefused
  | AccountTwoStepEnabled
  | AccountTwoStepDisabled
  | AccountRecoveryCodeUsed
  | AccountTwoStepCodeUsed
  | AccountTwoStepFailed;

// The download of a person's data (the privacy screen's access download) is an owner's, unless an owner grants it to
// an account: both are events in the account's stream, so the guard's read of that stream answers it (decision 058).
export const downloadGrantMessages = {
  granted: 'Granted: this account may download a person’s data. Each download is recorded with its reason.',
  revoked: 'Revoked: this account may no longer download a person’s data.',
  owner: 'An owner may download a person’s data by its role; a grant is for an auditor.',
  disabled: 'This account is disabled; enable it before granting it anything.',
} as const;
/** An owner let an auditor download a person's data (from its next request on). */
export type PersonalDataDownloadGranted = DomainEvent<
  'PersonalDataDownloadGranted',
  { username: string; by: string; at: string }
>;
/** An owner took that back. */
export type PersonalDataDownloadRevoked = DomainEvent<
  'PersonalDataDownloadRevoked',
  { username: string; by: string; at: string }
>;
export type DownloadGrantEvent = PersonalDataDownloadGranted | PersonalDataDownloadRevoked;
