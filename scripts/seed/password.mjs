// Must match the Worker's verifier: pbkdf2$sha256$<iterations>$<saltBase64>$<hashBase64>.
const ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

/** PBKDF2-HMAC-SHA256 over the UTF-8 password with a fresh 16-byte salt. */
export async function hashPassword(password) {
  // globalThis.crypto is Node's webcrypto (and workerd's), so this also runs inside a Worker test.
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
    key,
    HASH_BITS,
  );
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes));
  return `pbkdf2$sha256$${ITERATIONS}$${b64(salt)}$${b64(new Uint8Array(bits))}`;
}
