// Sealed under a key and bound to a label: a random nonce, the ciphertext, a 16-byte tag. Keys are wrapped with
// XChaCha20-Poly1305 (a 24-byte nonce); the log's boxes are ChaCha20-Poly1305 (IETF, a 12-byte nonce: a subject's key
// seals a few hundred boxes, far below the billions at which random nonces would need counting).
import sodium from 'sodium-native';

type Cipher = 'xchacha20poly1305' | 'chacha20poly1305';
const nonce = { xchacha20poly1305: 24, chacha20poly1305: 12 };
// libsodium's calls by name (@types/sodium-native lacks the IETF ones); its generator costs less than node's.
const call = (name: string) => (sodium as unknown as Record<string, (...args: (Buffer | null)[]) => void>)[name]!;

const split = (sealed: Buffer, cipher: Cipher) => [sealed.subarray(0, nonce[cipher]), sealed.subarray(nonce[cipher])];

export function newKey(): Buffer {
  const key = Buffer.alloc(32);
  sodium.randombytes_buf(key);
  return key;
}

export function seal(key: Buffer, label: string, plain: Buffer, cipher: Cipher = 'xchacha20poly1305'): Buffer {
  const sealed = Buffer.alloc(nonce[cipher] + plain.length + 16);
  const [iv, box] = split(sealed, cipher);
  sodium.randombytes_buf(iv!);
  call(`crypto_aead_${cipher}_ietf_encrypt`)(box!, plain, Buffer.from(label), null, iv!, key);
  return sealed;
}

/** What seal sealed; throws if it was changed, or sealed under another key or label. */
export function unseal(key: Buffer, label: string, sealed: Buffer, cipher: Cipher = 'xchacha20poly1305'): Buffer {
  const [iv, box] = split(sealed, cipher);
  const plain = Buffer.alloc(Math.max(0, box!.length - 16));
  call(`crypto_aead_${cipher}_ietf_decrypt`)(plain, null, box!, Buffer.from(label), iv!, key);
  return plain;
}
