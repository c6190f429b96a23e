// The owner's sign-in and sign-out. Signing in is the one endpoint under /api/admin that needs no session.
import { endpoint } from '../shared/endpoint.ts';
import { busyMessage, LoginBodySchema, loginMessages, logoutMessage, type LoginResponse, type LogoutResponse } from './model.ts';

export const adminApi = {
  login: endpoint<LoginResponse>()({
    method: 'POST',
    path: '/api/admin/login',
    guarded: false,
    body: LoginBodySchema,
    messages: { success: loginMessages.success, invalid: loginMessages.invalid, busy: busyMessage },
  }),
  logout: endpoint<LogoutResponse>()({ method: 'POST', path: '/api/admin/logout', guarded: true, messages: { loggedOut: logoutMessage } }),
} as const;
