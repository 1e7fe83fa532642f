import { desc, eq, lt } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import {
  ENVELOPE_ALGORITHM,
  type EnvelopeContent,
  type SignatureEnvelope,
  type SigningKeyResponse,
} from '../contract/signature-envelope';
import type { Db } from '../db/client';
import { signatureEnvelopeKeys } from '../db/schema';
import { ApiError } from '../errors';
import { fromBase64, toBase64 } from './crypto';

/**
 * The Worker's side of signature envelopes (worker/contract/signature-envelope.ts): an RSA-OAEP key
 * pair made on first need, its private key stored in D1 sealed (AES-GCM) under a key derived with
 * HKDF from JWT_SECRET (no Cloudflare account or secret store needed), and the opening of an
 * envelope. A new pair is made when the newest is older than `SEAL_DAYS`; older pairs still open
 * envelopes until `OPEN_DAYS` (a device may sign up to 30 days before it finds a signal, and keeps
 * the public key it cached with the templates), then they are deleted.
 */

const SEAL_DAYS = 90;
const OPEN_DAYS = SEAL_DAYS + 60;
const DAY_MS = 24 * 3600 * 1000;
/** 3072 bits: ~128-bit strength, past 2030 (NIST SP 800-57); made once per rotation, opened in ~ms. */
const RSA_BITS = 3072;
const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const encoder = new TextEncoder();
const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64url = (value: string) => fromBase64(value.replace(/-/g, '+').replace(/_/g, '/'));

/** Private keys opened in this isolate, by key id. */
const opened = new Map<string, Promise<CryptoKey>>();

/** The key that seals a stored private key: HKDF-SHA-256 of JWT_SECRET, one per key id. */
async function storageKey(secret: string, keyId: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('ehs/signature-envelope-keys/v1'),
      info: encoder.encode(keyId),
    },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function makeKey(db: Db, secret: string, now: Date): Promise<SigningKeyResponse> {
  const pair = (await crypto.subtle.generateKey(
    { ...RSA, modulusLength: RSA_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  const keyId = crypto.randomUUID();
  const publicKey = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  const pkcs8 = (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(keyId) },
    await storageKey(secret, keyId),
    pkcs8,
  );
  await db.batch([
    db.insert(signatureEnvelopeKeys).values({
      id: keyId,
      publicJwk: JSON.stringify(publicKey),
      privateKeySealed: `${b64url(iv)}.${b64url(sealed)}`,
      createdAt: now.toISOString(),
    }),
    db
      .delete(signatureEnvelopeKeys)
      .where(lt(signatureEnvelopeKeys.createdAt, new Date(now.getTime() - OPEN_DAYS * DAY_MS).toISOString())),
  ]);
  opened.set(keyId, Promise.resolve(pair.privateKey));
  return { keyId, algorithm: ENVELOPE_ALGORITHM, publicKey };
}

/** The public key devices seal with now: the newest pair, or a new one when it is due. */
export async function currentSigningKey(db: Db, secret: string, now = new Date()): Promise<SigningKeyResponse> {
  const newest = await db
    .select()
    .from(signatureEnvelopeKeys)
    .orderBy(desc(signatureEnvelopeKeys.createdAt))
    .limit(1)
    .get();
  if (newest && Date.parse(newest.createdAt) > now.getTime() - SEAL_DAYS * DAY_MS) {
    return { keyId: newest.id, algorithm: ENVELOPE_ALGORITHM, publicKey: JSON.parse(newest.publicJwk) as JsonWebKey };
  }
  return makeKey(db, secret, now);
}

async function privateKey(db: Db, secret: string, keyId: string, now: Date): Promise<CryptoKey | null> {
  const row = await db.select().from(signatureEnvelopeKeys).where(eq(signatureEnvelopeKeys.id, keyId)).get();
  if (!row || Date.parse(row.createdAt) < now.getTime() - OPEN_DAYS * DAY_MS) return null;
  let key = opened.get(keyId);
  if (!key) {
    const [iv = '', sealed = ''] = row.privateKeySealed.split('.');
    key = crypto.subtle
      .decrypt(
        { name: 'AES-GCM', iv: fromB64url(iv), additionalData: encoder.encode(keyId) },
        await storageKey(secret, keyId),
        fromB64url(sealed),
      )
      .then((pkcs8) => crypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['decrypt']));
    opened.set(keyId, key);
    // A JWT_SECRET changed since the key was made cannot open it: the envelope is refused, not a 500.
    key.catch(() => opened.delete(keyId));
  }
  return key.catch(() => null);
}

const unreadable = () => new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.envelopeUnreadable']);

const isContent = (value: unknown): value is EnvelopeContent => {
  const c = value as Partial<EnvelopeContent> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.password === 'string' &&
    typeof c.evaluationId === 'string' &&
    typeof c.bodyHash === 'string' &&
    typeof c.signedAt === 'string'
  );
};

/**
 * Opens an envelope and checks it signs this evaluation's content; answers the password inside
 * (checked by the caller exactly like a typed one). A changed byte, an unknown or expired key, or
 * content that is not an envelope's is refused as unreadable; another id or hash as a mismatch.
 */
export async function openEnvelope(
  db: Db,
  secret: string,
  envelope: SignatureEnvelope,
  expected: { evaluationId: string; bodyHash: string },
  now = new Date(),
): Promise<string> {
  const key = await privateKey(db, secret, envelope.keyId, now);
  if (!key) throw unreadable();
  let content: unknown;
  try {
    const raw = await crypto.subtle.decrypt(RSA, key, fromB64url(envelope.wrappedKey));
    const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64url(envelope.iv), additionalData: encoder.encode(envelope.keyId) },
      aes,
      fromB64url(envelope.ciphertext),
    );
    content = JSON.parse(new TextDecoder().decode(plain));
  } catch {
    throw unreadable();
  }
  if (!isContent(content)) throw unreadable();
  if (content.evaluationId !== expected.evaluationId || content.bodyHash !== expected.bodyHash)
    throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.envelopeMismatch']);
  return content.password;
}
