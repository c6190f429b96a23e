// The owner's sign-in and sign-out, and the accounts of the people the owners let into the admin. Signing in is the one
// endpoint under /api/admin that needs no session.
import { endpoint } from '../shared/endpoint.ts';
import {
  accountMessages,
  busyMessage,
  ChangeAccountRoleSchema,
  CreateAccountSchema,
  LoginBodySchema,
  loginMessages,
  logoutMessage,
  type AccountChangeResponse,
  type AccountPasswordResponse,
  type AccountsResponse,
  type LoginResponse,
  type LogoutResponse,
  type MeResponse,
} from './model.ts';

export const adminApi = {
  login: endpoint<LoginResponse>()({
    method: 'POST',
    path: '/api/admin/login',
    guarded: false,
    body: LoginBodySchema,
    messages: { success: loginMessages.success, invalid: loginMessages.invalid, busy: busyMessage },
  }),
  logout: endpoint<LogoutResponse>()({ method: 'POST', path: '/api/admin/logout', guarded: true, auditorMay: true, messages: { loggedOut: logoutMessage } }),
  me: endpoint<MeResponse>()({ method: 'GET', path: '/api/admin/me', guarded: true }),
  accounts: endpoint<AccountsResponse>()({ method: 'GET', path: '/api/admin/accounts', guarded: true }),
  createAccount: endpoint<AccountPasswordResponse>()({
    method: 'POST',
    path: '/api/admin/accounts',
    guarded: true,
    body: CreateAccountSchema,
    messages: { created: accountMessages.created },
  }),
  changeRole: endpoint<AccountChangeResponse>()({
    method: 'POST',
    path: '/api/admin/accounts/:username/role',
    guarded: true,
    body: ChangeAccountRoleSchema,
    messages: { changed: accountMessages.roleChanged },
  }),
  resetPassword: endpoint<AccountPasswordResponse>()({ method: 'POST', path: '/api/admin/accounts/:username/reset', guarded: true, messages: { reset: accountMessages.reset } }),
  disableAccount: endpoint<AccountChangeResponse>()({ method: 'POST', path: '/api/admin/accounts/:username/disable', guarded: true, messages: { disabled: accountMessages.disabled } }),
  enableAccount: endpoint<AccountChangeResponse>()({ method: 'POST', path: '/api/admin/accounts/:username/enable', guarded: true, messages: { enabled: accountMessages.enabled } }),
} as const;
