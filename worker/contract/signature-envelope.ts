/**
 * Signature envelopes (issue 28): the evaluator's password sealed on the device, so a record signed
 * without a signal waits in IndexedDB with no password in it. The device encrypts the content below
 * with a fresh AES-GCM key and wraps that key with the Worker's RSA-OAEP public key; only the Worker
 * can open it. The content names the evaluation and the hash of what was signed, so an envelope
 * copied from one record cannot sign another. Shared by the device (sealing) and the Worker (opening).
 */

/** RSA-OAEP with SHA-256 wraps a 256-bit AES-GCM key, which encrypts the content. */
export const ENVELOPE_ALGORITHM = 'RSA-OAEP-256+A256GCM';

/** What a submission carries instead of the password (base64url strings). */
export interface SignatureEnvelope {
  /** Which of the Worker's key pairs sealed it (old keys are kept a while after a rotation). */
  keyId: string;
  /** The AES-GCM key, encrypted with the Worker's public key. */
  wrappedKey: string;
  iv: string;
  /** `EnvelopeContent` as JSON, AES-GCM with the key id as additional data. */
  ciphertext: string;
}

/**
 * What an evaluation on the device is signed with: the sealed password, or (a person who signs in
 * through their company, issue 32 item 5) the signing proof of a re-authentication there.
 */
export type EvaluationSignature = SignatureEnvelope | { signingProof: string };

export interface EnvelopeContent {
  password: string;
  evaluationId: string;
  /** `submissionHash` of the submission it signs. */
  bodyHash: string;
  /** When the evaluator signed (device time, the same as the submission's conductedAt). */
  signedAt: string;
}

/** `GET /api/v2/evaluations/signing-key`: the public key the device seals with (cached with the templates). */
export interface SigningKeyResponse {
  keyId: string;
  algorithm: typeof ENVELOPE_ALGORITHM;
  publicKey: JsonWebKey;
}

/** What the hash covers: the submission without its signature (password or envelope). */
export interface SubmissionContent {
  id: string;
  templateId: string;
  traineeId: string;
  items: readonly { itemId: string; result: string; note?: string }[];
  outcome: string;
  note?: string;
  conductedAt: string;
  photoCount?: number;
  refresherCourseId?: string | null;
}

/**
 * The submission's content in a fixed key order with the evaluator's id. Left-out optional fields
 * read as the server's defaults, so the device (raw body) and the Worker (validated body) agree.
 */
export function canonicalSubmission(content: SubmissionContent, evaluatorId: string): string {
  return JSON.stringify({
    evaluatorId,
    id: content.id,
    templateId: content.templateId,
    traineeId: content.traineeId,
    items: content.items.map((item) => ({ itemId: item.itemId, result: item.result, note: item.note ?? '' })),
    outcome: content.outcome,
    note: content.note ?? '',
    conductedAt: new Date(content.conductedAt).toISOString(),
    photoCount: content.photoCount ?? 0,
    refresherCourseId: content.refresherCourseId ?? null,
  });
}

/** SHA-256 (hex) of the canonical submission: the stored replay hash and the envelope's `bodyHash`. */
export async function submissionHash(content: SubmissionContent, evaluatorId: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(canonicalSubmission(content, evaluatorId)),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function b64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Seals the password on the device: a fresh AES-GCM key encrypts the content (the key id as
 * additional data), and the Worker's RSA-OAEP public key wraps that key. Nothing on the device can
 * open the result again: the private key never leaves the Worker.
 */
export async function sealPassword(key: SigningKeyResponse, content: EnvelopeContent): Promise<SignatureEnvelope> {
  const encoder = new TextEncoder();
  const publicKey = await crypto.subtle.importKey('jwk', key.publicKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const aes = (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt'])) as CryptoKey;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(key.keyId) },
    aes,
    encoder.encode(JSON.stringify(content)),
  );
  const raw = (await crypto.subtle.exportKey('raw', aes)) as ArrayBuffer;
  const wrappedKey = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, raw);
  return { keyId: key.keyId, wrappedKey: b64url(wrappedKey), iv: b64url(iv.buffer), ciphertext: b64url(ciphertext) };
}
