import { passwordPolicyError } from '../contract/rules/password';
import { fromBase64, timingSafeEqual, toBase64 } from './crypto';

/**
 * Cloudflare's production runtime rejects PBKDF2 above 100,000 iterations while local workerd
 * accepts more, so the count is pinned here and a test asserts it.
 */
export const PBKDF2_ITERATIONS = 100_000;
const HASH_BYTES = 32;
const SALT_BYTES = 16;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** `pbkdf2$sha256$<iterations>$<salt b64>$<hash b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2$sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, digest, iterations, salt, hash] = stored.split('$');
  const rounds = Number(iterations);
  if (
    scheme !== 'pbkdf2' ||
    digest !== 'sha256' ||
    !salt ||
    !hash ||
    !Number.isInteger(rounds) ||
    rounds < 1 ||
    rounds > PBKDF2_ITERATIONS
  ) {
    // No usable hash (a person created by the company provider or the directory has none): the same
    // work as a real check, so the answer's timing does not tell that the account signs in elsewhere.
    await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
    return false;
  }
  const actual = await derive(password, fromBase64(salt), rounds);
  return timingSafeEqual(actual, fromBase64(hash));
}

/** A hash of a random password: compared against when the user does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

const GENERATED_ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#$%&*+!?@'];

/** A 14-character password satisfying the policy, for admin-created accounts. */
export function generatePassword(length = 14): string {
  for (;;) {
    const candidate = randomPassword(length);
    // A random string can still spell a banned term ("ehs"); draw again rather than weaken the policy.
    // Nor may it start with + or @: the users CSV export would prefix it with an apostrophe (formula
    // neutralising) and the admin would hand out a password that does not work.
    if (passwordPolicyError(candidate) === null && !/^[=+\-@]/.test(candidate)) return candidate;
  }
}

function randomPassword(length: number): string {
  const all = GENERATED_ALPHABETS.join('');
  const random = crypto.getRandomValues(new Uint32Array(length));
  const chars = GENERATED_ALPHABETS.map((set, i) => set[random[i] % set.length]);
  for (let i = GENERATED_ALPHABETS.length; i < length; i++) chars.push(all[random[i] % all.length]);
  const order = crypto.getRandomValues(new Uint32Array(length));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = order[i] % (i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
