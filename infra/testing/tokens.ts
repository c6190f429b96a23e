// Admin bearer tokens a server must refuse: missing, expired, tampered, signed with alg "none".
import { signAdminToken } from '../../service/admin/tokens.ts';

export function refusedAdminTokens(secret: string): Record<string, Record<string, string>> {
  const valid = signAdminToken(secret, 'admin');
  const [header, payload, signature] = valid.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    missing: {},
    expired: bearer(signAdminToken(secret, 'admin', -60)),
    tampered: bearer(`${header}.${encode({ ...claims, sub: 'mallory' })}.${signature}`),
    'alg none': bearer(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`),
  };
}
