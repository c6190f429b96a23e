// Admin access tokens: JWT signed with HS256 only, with an expiry; nothing else is accepted.
import { createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import jwt from 'jsonwebtoken';
import type { Config } from '../config.ts';

export const tokenAlgorithm = 'HS256' as const;
export const tokenLifetimeSeconds = 8 * 3600;
const issuer = 'amanah-house-shop';
const audience = 'admin';

export type AdminClaims = { sub: string };

/** What a valid token says: who, which session (the token's id, jti) and when it was signed (iat, in ms). */
export type AdminSession = { username: string; sessionId: string; issuedAtMs: number; expiresAtMs: number };

/**
 * The HMAC key for a secret, built once. Given the secret as a string, jsonwebtoken first tries to read it as a PEM or
 * DER public key on every call, fails, and only then makes a secret key of it: about 1.5 ms of blocked event loop per
 * admin request. The key holds the same bytes (the secret's UTF-8), so tokens signed either way verify either way.
 */
export function adminTokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * Every token names its session (jti), so that one sign-out can end exactly that session. It is signed at `nowMs` (the
 * shop's clock), which its iat and exp count from.
 */
export function signAdminToken(
  secret: string | KeyObject,
  username: string,
  lifetimeSeconds = tokenLifetimeSeconds,
  sessionId: string = randomUUID(),
  nowMs = Date.now(),
): string {
  return jwt.sign({ iat: Math.floor(nowMs / 1000) }, secret, {
    algorithm: tokenAlgorithm,
    subject: username,
    expiresIn: lifetimeSeconds,
    issuer,
    audience,
    jwtid: sessionId,
  });
}

/**
 * The session of a valid token at `nowMs` (the shop's clock), else null (missing, expired, no expiry, no id, tampered,
 * other algorithm, alg none).
 */
export function readAdminToken(secret: string | KeyObject, token: string, nowMs = Date.now()): AdminSession | null {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: [tokenAlgorithm],
      issuer,
      audience,
      clockTimestamp: Math.floor(nowMs / 1000),
    });
    // jsonwebtoken accepts a token with no exp at all; every token this shop signs has one, so one without is forged.
    if (typeof claims !== 'object' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
    if (typeof claims.sub !== 'string' || !claims.sub || typeof claims.jti !== 'string' || !claims.jti) return null;
    return {
      username: claims.sub,
      sessionId: claims.jti,
      issuedAtMs: claims.iat * 1000,
      expiresAtMs: claims.exp * 1000,
    };
  } catch {
    return null;
  }
}

/**
 * Reads tokens, remembering the few it has already verified. A token's bytes fix its claims, so a token seen before
 * needs only its expiry checked again, not its signature: the console sends the same token with every request, and
 * verifying it each time was most of what a guarded answer cost. Tokens that fail are not remembered.
 */
export function adminTokenReader(
  secret: string,
  { capacity = 256, now = () => Date.now() } = {},
): (token: string) => AdminSession | null {
  const key = adminTokenKey(secret);
  const verified = new Map<string, AdminSession>();
  return (token) => {
    let session = verified.get(token) ?? null;
    if (!session) {
      session = readAdminToken(key, token, now());
      if (!session) return null;
      if (verified.size >= capacity) verified.delete(verified.keys().next().value!);
      verified.set(token, session);
    }
    // As jsonwebtoken decides it: expired from the second of `exp` on.
    if (Math.floor(now() / 1000) * 1000 >= session.expiresAtMs) {
      verified.delete(token);
      return null;
    }
    return session;
  };
}

/** The admin's username for a valid token, else null. */
export function verifyAdminToken(secret: string | KeyObject, token: string): string | null {
  return readAdminToken(secret, token)?.username ?? null;
}

/**
 * The signing key: JWT_SECRET when set (required in production); otherwise one generated on first start
 * and kept in DATA_DIR, so tokens survive a restart of a development shop.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
