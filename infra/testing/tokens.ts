// Admin bearer tokens a server must refuse: every way a token can be missing, malformed, expired, tampered with,
// signed with another key or algorithm, or not signed at all.
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { signAdminToken } from '../../service/admin/tokens.ts';

export function refusedAdminTokens(secret: string): Record<string, Record<string, string>> {
  const valid = signAdminToken(secret, 'admin');
  const [header, payload, signature] = valid.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const hs256 = (extra: Record<string, unknown>) =>
    bearer(jwt.sign({ ...claims, ...extra }, secret, { algorithm: 'HS256' }));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { exp: _exp, ...withoutExpiry } = claims;
  return {
    missing: {},
    'empty bearer': { authorization: 'Bearer ' },
    'not a JWT': bearer('not-a-token'),
    'basic credentials': { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    'token without the Bearer scheme': { authorization: valid },
    expired: bearer(signAdminToken(secret, 'admin', -60)),
    tampered: bearer(`${header}.${encode({ ...claims, sub: 'mallory' })}.${signature}`),
    'signature of another token': bearer(`${header}.${payload}.${signAdminToken(secret, 'other').split('.')[2]}`),
    'signed with another key': bearer(signAdminToken('k'.repeat(48), 'admin')),
    'HS512 with the right key': bearer(jwt.sign(claims, secret, { algorithm: 'HS512' })),
    'RS256 with a stranger key': bearer(jwt.sign(claims, privateKey, { algorithm: 'RS256' })),
    'alg none': bearer(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`),
    'alg None': bearer(`${encode({ alg: 'None', typ: 'JWT' })}.${encode(claims)}.`),
    'other issuer': hs256({ iss: 'someone-else' }),
    'other audience': hs256({ aud: 'shopper' }),
    'no expiry': bearer(jwt.sign(withoutExpiry, secret, { algorithm: 'HS256' })),
    'no subject': hs256({ sub: '' }),
    'not yet valid': hs256({ nbf: Math.floor(Date.now() / 1000) + 3600 }),
  };
}
