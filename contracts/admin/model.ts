// The owner's sign-in: request, answer and the events that record every attempt.
import * as v from 'valibot';
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

// The download of a person's data (the privacy screen's access download) is an owner's, unless an owner grants it to
// an account: both are events in the account's stream, so the guard's read of that stream answers it (decision 058).
export const downloadGrantMessages = {
  granted: 'Granted: this account may download a person’s data. Each download is recorded with its reason.',
  revoked: 'Revoked: this account may no longer download a person’s data.',
  owner: 'An owner may download a person’s data by its role; a grant is for an auditor.',
  disabled: 'This account is disabled; enable it before granting it anything.',
} as const;
