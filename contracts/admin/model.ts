// The owner's sign-in: request, answer and the events that record every attempt.
import * as v from 'valibot';
import type { DomainEvent } from '../shared/events.ts';
import { requestBody } from '../shared/http.ts';

export const loginMessages = {
  username: 'Username is required',
  password: 'Password is required',
  invalid: 'Invalid username or password',
  success: 'Login successful',
} as const;

/** POST /api/admin/login — also the login form's schema. */
export const LoginBodySchema = requestBody(
  {
    username: v.pipe(v.string(loginMessages.username), v.trim(), v.minLength(1, loginMessages.username), v.maxLength(100, 'Username must be at most 100 characters')),
    password: v.pipe(v.string(loginMessages.password), v.minLength(1, loginMessages.password), v.maxLength(1024, 'Password must be at most 1024 characters')),
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
export type AdminLoginFailed = DomainEvent<'AdminLoginFailed', { username: string; reason: 'unknown_username' | 'wrong_password'; at: string }>;
/** One session (the token's id) ended by its holder. */
export type AdminLoggedOut = DomainEvent<'AdminLoggedOut', { username: string; sessionId: string; at: string }>;
/** Every session signed in before `at` ended, as a password change does. */
export type AdminSessionsRevoked = DomainEvent<'AdminSessionsRevoked', { username: string; reason: 'password_changed'; at: string }>;
export type AdminEvent = AdminLoggedIn | AdminLoginFailed | AdminLoggedOut | AdminSessionsRevoked;
