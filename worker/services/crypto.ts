const encoder = new TextEncoder();

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(value: string): Uint8Array {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomToken(byteLength = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time comparison of two byte arrays of any length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/**
 * A short URL-safe signature (96 bits of HMAC-SHA-256) of `text` under the Worker's secret with a
 * purpose prefix, so a signature made for one purpose (a badge, a report link) is never valid for
 * another.
 */
export async function purposeSignature(secret: string, purpose: string, text: string): Promise<string> {
  const name = `${purpose}:${secret}`;
  let key = hmacKeys.get(name);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(name), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    hmacKeys.set(name, key);
  }
  const mac = await crypto.subtle.sign('HMAC', await key, encoder.encode(text));
  return toBase64Url(new Uint8Array(mac).slice(0, 12));
}

/** Whether `signature` is `purposeSignature(secret, purpose, text)`, compared in constant time. */
export async function purposeSignatureValid(secret: string, purpose: string, text: string, signature: string) {
  return timingSafeEqual(encoder.encode(await purposeSignature(secret, purpose, text)), encoder.encode(signature));
}

/** The purposes a sealed text may have: a key derived for one never opens another's text. */
type SealPurpose = 'temp-password' | 'idp-client-secret';

async function aesKey(secret: string, purpose: SealPurpose): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', encoder.encode(`${purpose}:${secret}`));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/**
 * AES-GCM with a key derived from a Worker secret and the purpose: the admin-generated temporary
 * password, an identity provider's client secret.
 */
export async function encryptText(
  secret: string,
  plain: string,
  purpose: SealPurpose = 'temp-password',
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await aesKey(secret, purpose);
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plain));
  return `${toBase64(iv)}.${toBase64(cipher)}`;
}

export async function decryptText(
  secret: string,
  sealed: string,
  purpose: SealPurpose = 'temp-password',
): Promise<string | null> {
  const [iv, cipher] = sealed.split('.');
  if (!iv || !cipher) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await aesKey(secret, purpose),
      fromBase64(cipher),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
