// Two-step sign-in with a time-based one-time code (RFC 6238: HMAC-SHA1, 30-second steps, six digits, one step of
// drift either way) and recovery codes. The authenticator's secret is kept in the log sealed with a key derived from
// the token secret (AES-256-GCM), so an export shows nobody the secret; recovery codes are kept as SHA-256 hashes of
// 80 random bits each, so the hashes give nothing away either.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const stepSeconds = 30;

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function fromBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The six-digit code of one time step. */
export function codeAt(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, '0');
}

export const stepOf = (ms: number) => Math.floor(ms / 1000 / stepSeconds);

/** The step whose code `code` is, within one step of now either way; null when it is none of them. */
export function matchingStep(secret: Buffer, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepOf(nowMs);
  for (const step of [now, now - 1, now + 1]) {
    if (timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

export const newTwoStepSecret = () => randomBytes(20);

/** What an authenticator app reads (usually from a QR code): the issuer, the account and the secret. */
export const otpauthUri = (username: string, secret: Buffer) =>
  `otpauth://totp/${encodeURIComponent(`Amanah House:${username}`)}?secret=${base32(secret)}&issuer=${encodeURIComponent('Amanah House')}&algorithm=SHA1&digits=6&period=${stepSeconds}`;

/**
 * The otpauth:// link as a QR code for the app's camera: an SVG data URI (the page's img-src allows data:), dark on
 * light with the quiet zone the standard asks for, so any authenticator reads it.
 */
export async function otpauthQr(uri: string): Promise<string> {
  // Loaded by the first sign-up to two-step sign-in, not when the shop starts (decision 119).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const keyFor = (tokenSecret: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(tokenSecret, 'utf8'), Buffer.alloc(0), Buffer.from('two-step secret'), 32),
  );

/** The secret sealed for the log (and for the set-up step's round trip through the browser). */
export function sealSecret(tokenSecret: string, secret: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(tokenSecret), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The secret, or null when `sealed` was not sealed with this key for this context (tampered, another account). */
export function openSecret(tokenSecret: string, sealed: string, context: string): Buffer | null {
  try {
    const [iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !data || !tag || iv.length !== 12 || tag.length !== 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFor(tokenSecret), iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    return null;
  }
}

/** Ten recovery codes of 80 random bits, written as four groups of four. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => base32(randomBytes(10)).match(/.{4}/g)!.join('-'));
}

export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, ''), 'utf8').digest('hex');
