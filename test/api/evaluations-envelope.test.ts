import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SigningKeyResponse } from '../../worker/contract/signature-envelope';
import { sealPassword, submissionHash } from '../../worker/contract/signature-envelope';
import {
  adminSession,
  evaluationBody,
  giveCertificate,
  personSession,
  qualifiedSetup,
  storedFor,
} from './evaluation-helpers';
import { api, db, schema } from './helpers';

/**
 * Signature envelopes (issue 28): a device signing without a signal keeps only the password sealed
 * to the Worker's public key (sealed here with the device's own `sealPassword`), never the password itself.
 */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

async function signingKey(token: string): Promise<SigningKeyResponse> {
  const res = await api('GET', '/api/v2/evaluations/signing-key', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SigningKeyResponse;
}

/** A body signed the way the device signs offline: the password only inside the envelope. */
async function sealedBody(
  key: SigningKeyResponse,
  body: ReturnType<typeof evaluationBody>,
  evaluatorId: string,
  content: Partial<{ password: string; evaluationId: string; bodyHash: string }> = {},
) {
  const { password, ...rest } = body;
  const passwordEnvelope = await sealPassword(key, {
    password: content.password ?? password,
    evaluationId: content.evaluationId ?? body.id,
    bodyHash: content.bodyHash ?? (await submissionHash(rest, evaluatorId)),
    signedAt: body.conductedAt,
  });
  return { ...rest, passwordEnvelope };
}

describe('signature envelopes', () => {
  it('serves one RSA-OAEP public key (no private part) to people who may sign, not to strangers', async () => {
    const { evaluator } = await qualifiedSetup(adminToken);
    const key = await signingKey(evaluator.token);
    expect(key.algorithm).toBe('RSA-OAEP-256+A256GCM');
    expect(key.publicKey).toMatchObject({ kty: 'RSA', e: 'AQAB' });
    expect(key.publicKey).not.toHaveProperty('d');
    expect(atob(key.publicKey.n!.replace(/-/g, '+').replace(/_/g, '/')).length * 8).toBe(3072);
    expect((await signingKey(evaluator.token)).keyId).toBe(key.keyId);
    const stored = await db.select().from(schema.signatureEnvelopeKeys).all();
    const row = stored.find((k) => k.id === key.keyId)!;
    expect(row.privateKeySealed).not.toContain('"d"');
    expect((await api('GET', '/api/v2/evaluations/signing-key')).status).toBe(401);
  });

  it('accepts a sealed password, and answers a resend of the same content 200 with the stored record', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const key = await signingKey(evaluator.token);
    const body = await sealedBody(key, evaluationBody(template, trainee.user, evaluator.user), evaluator.user.id);
    const first = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.evaluation.evaluatorName).toBe('Eve Evaluator');
    const again = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(again.status).toBe(200);
    expect(again.body.evaluation.id).toBe(body.id);
    expect(await storedFor(body.id)).toEqual({ evaluations: 1, results: 3, authorisations: 1 });
  });

  it('refuses an envelope made for another evaluation id or other content, and stores nothing', async () => {
    const { evaluator, trainee, template, course } = await qualifiedSetup(adminToken);
    const key = await signingKey(evaluator.token);
    const signed = evaluationBody(template, trainee.user, evaluator.user);
    const original = await sealedBody(key, signed, evaluator.user.id);
    // The envelope copied onto another record (another id), and onto the same id with a changed outcome.
    const otherId = { ...original, id: crypto.randomUUID() };
    const otherBody = {
      ...original,
      outcome: 'NOT_YET_COMPETENT',
      items: original.items.map((i) => ({ ...i, result: 'NOT_YET' })),
    };
    for (const body of [otherId, otherBody]) {
      const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.reason).toBe('evaluation.envelopeMismatch');
      expect(await storedFor(body.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    }
    const named = await sealedBody(key, signed, evaluator.user.id, { evaluationId: crypto.randomUUID() });
    expect((await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: named })).body.reason).toBe(
      'evaluation.envelopeMismatch',
    );
    // Another evaluator's session cannot use it either: the hash names the evaluator.
    const other = await personSession();
    await giveCertificate(other.user.id, course.courseId);
    const stolen = await api('POST', '/api/v2/evaluations', { token: other.token, body: original });
    expect(stolen.body.reason).toBe('evaluation.envelopeMismatch');
  });

  it('refuses a wrong password inside an envelope, counted like a failed sign-in', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const key = await signingKey(evaluator.token);
    const signed = evaluationBody(template, trainee.user, evaluator.user);
    const body = await sealedBody(key, signed, evaluator.user.id, { password: 'Wrong!Pass#9' });
    const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('evaluation.passwordWrong');
    expect(await storedFor(body.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    const counter = await db.select().from(schema.rateLimits).all();
    expect(counter.find((row) => row.key === `login:acct:${evaluator.user.id}`)?.count).toBe(1);
  });

  it('refuses a tampered or unknown envelope with a clear reason, and stores nothing', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const key = await signingKey(evaluator.token);
    const body = await sealedBody(key, evaluationBody(template, trainee.user, evaluator.user), evaluator.user.id);
    const flip = (s: string) => (s[5] === 'A' ? 'B' : 'A') + s.slice(1, 5) + (s[5] === 'A' ? 'B' : 'A') + s.slice(6);
    const env = body.passwordEnvelope;
    const cases = [
      { ...env, ciphertext: flip(env.ciphertext) },
      { ...env, wrappedKey: flip(env.wrappedKey) },
      { ...env, iv: flip(env.iv) },
      { ...env, keyId: crypto.randomUUID() },
      { ...env, ciphertext: '***' },
    ];
    for (const passwordEnvelope of cases) {
      const res = await api('POST', '/api/v2/evaluations', {
        token: evaluator.token,
        body: { ...body, passwordEnvelope },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.reason).toBe('evaluation.envelopeUnreadable');
      expect(res.body.message).toMatch(/could not be opened/);
    }
    expect(await storedFor(body.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    // Neither a password nor an envelope: nothing signs it.
    const { passwordEnvelope: _, ...unsigned } = body;
    const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: unsigned });
    expect(res.body.reason).toBe('evaluation.passwordRequired');
  });
});

describe('signature envelope keys', () => {
  it('rotates after 90 days, still opens envelopes of the previous key, and refuses a key past 150 days', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const old = await signingKey(evaluator.token);
    const first = await sealedBody(old, evaluationBody(template, trainee.user, evaluator.user), evaluator.user.id);
    const second = await sealedBody(old, evaluationBody(template, trainee.user, evaluator.user), evaluator.user.id);
    const age = async (days: number) =>
      db
        .update(schema.signatureEnvelopeKeys)
        .set({ createdAt: new Date(Date.now() - days * 86_400_000).toISOString() })
        .where(eq(schema.signatureEnvelopeKeys.id, old.keyId));
    await age(100);
    const next = await signingKey(evaluator.token);
    expect(next.keyId).not.toBe(old.keyId);
    const opened = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: first });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await age(151);
    const expired = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: second });
    expect(expired.body.reason).toBe('evaluation.envelopeUnreadable');
  });
});
