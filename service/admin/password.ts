// The admin password is kept only as a scrypt hash in a self-describing form: scrypt$N$r$p$salt$hash
// (salt and hash base64url), so the cost can be raised later without breaking stored hashes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** 2^15 × 8 costs about 32 MB and a tenth of a second per guess on a small server. */
export const passwordCost = { N: 2 ** 15, r: 8, p: 1 } as const;
/**
 * A test shop (NODE_ENV=test) hashes the passwords of the accounts it creates at 2^10: the same code at a 32nd of the
 * time. Only a test shop accepts a hash that cheap; every other shop still refuses one below 2^14.
 */
export const testPasswordCost = { N: 2 ** 10, r: 8, p: 1 } as const;
const keyLength = 32;

type NodeEnv = 'development' | 'production' | 'test';
const costFor = (env: NodeEnv) => (env === 'test' ? testPasswordCost : passwordCost);
const lowestN = (env: NodeEnv) => (env === 'test' ? testPasswordCost.N : 2 ** 14);

type PasswordHash = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

const shape = /^scrypt\$(\d{1,8})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

function parse(stored: string, env: NodeEnv): PasswordHash | null {
  const match = shape.exec(stored.trim());
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounds keep a mistyped or hostile hash from costing the server gigabytes per login.
  const powerOfTwo = (N & (N - 1)) === 0;
  if (!powerOfTwo || N < lowestN(env) || N > 2 ** 20 || r < 1 || r > 16 || p < 1 || p > 4) return null;
  return { N, r, p, salt: Buffer.from(match[4]!, 'base64url'), hash: Buffer.from(match[5]!, 'base64url') };
}

export function isPasswordHash(stored: string, env: NodeEnv = 'production'): boolean {
  return parse(stored, env) !== null;
}

/** Hashes at the production cost, or at the test cost in a test shop. */
export async function hashPassword(password: string, env: NodeEnv = 'production'): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = costFor(env);
  const hash = await scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string, env: NodeEnv = 'production'): Promise<boolean> {
  const parsed = parse(stored, env);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await scrypt(password, salt, hash.length, { N, r, p, maxmem: 256 * N * r });
  return timingSafeEqual(candidate, hash);
}
