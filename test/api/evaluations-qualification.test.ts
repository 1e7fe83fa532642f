import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, evaluationBody, personSession, publishedTemplate, qualifiedSetup } from './evaluation-helpers';
import { api, db, schema } from './helpers';

/**
 * The evaluator's qualification of each kind, on the day of the evaluation
 * (worker/services/qualification.ts): an approved credential of a type, and an authorisation of a
 * template family (any version, not revoked).
 */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

const sign = (token: string, body: ReturnType<typeof evaluationBody>) =>
  api('POST', '/api/v2/evaluations', { token, body });

describe('evaluator qualification', () => {
  it('an approved credential counts from its issue date through its expiry date; a pending one never', async () => {
    const typeId = crypto.randomUUID();
    // Arranged in the database: the credential type and the evaluator's credential (the credentials screens' work).
    await db
      .insert(schema.credentialTypes)
      .values({ id: typeId, name: `Forklift instructor card ${typeId.slice(0, 6)}` });
    const template = await publishedTemplate(adminToken, { qualification: { kind: 'credential', id: typeId } });
    const evaluator = await personSession();
    const trainee = await personSession();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await db.insert(schema.credentials).values({
      id: crypto.randomUUID(),
      userId: evaluator.user.id,
      typeId,
      status: 'PENDING',
      issuedOn: day(-100),
      expiresOn: day(100),
    });
    const pending = await sign(evaluator.token, evaluationBody(template, trainee.user, evaluator.user));
    expect([pending.status, pending.body.reason]).toEqual([403, 'evaluation.notQualified']);
    await db.insert(schema.credentials).values({
      id: crypto.randomUUID(),
      userId: evaluator.user.id,
      typeId,
      status: 'APPROVED',
      issuedOn: day(-2),
      expiresOn: day(100),
    });
    // Conducted five days ago: before the credential was issued.
    const early = evaluationBody(template, trainee.user, evaluator.user, {
      conductedAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    });
    expect((await sign(evaluator.token, early)).body.reason).toBe('evaluation.notQualified');
    const ok = await sign(evaluator.token, evaluationBody(template, trainee.user, evaluator.user));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('an authorisation of the named family counts (any version), and stops counting once revoked', async () => {
    // The first trainee becomes an authorised instructor through a first evaluation...
    const first = await qualifiedSetup(adminToken);
    const granted = await sign(
      first.evaluator.token,
      evaluationBody(first.template, first.trainee.user, first.evaluator.user),
    );
    expect(granted.status).toBe(201);
    // ...and a second template needs that authorisation (named by a later version's id: the family counts).
    const bump = await api('PUT', `/api/v2/admin/evaluation-templates/${first.template.id}`, {
      token: adminToken,
      body: {
        name: 'Instructor v2',
        grants: 'Instructor',
        validityDays: null,
        items: [{ text: 'Explains the checks', critical: false }],
      },
    });
    expect(bump.status).toBe(201);
    const template = await publishedTemplate(adminToken, {
      qualification: { kind: 'evaluation', id: bump.body.template.id },
    });
    const learner = await personSession();
    const body = evaluationBody(template, learner.user, first.trainee.user, { password: first.trainee.user.password });
    const ok = await sign(first.trainee.token, body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const revoked = await api(
      'POST',
      `/api/v2/admin/authorisations/${granted.body.evaluation.authorisation.id}/revoke`,
      {
        token: adminToken,
        body: { reason: 'Unsafe operation observed' },
      },
    );
    expect(revoked.status).toBe(200);
    const after = await sign(
      first.trainee.token,
      evaluationBody(template, learner.user, first.trainee.user, { password: first.trainee.user.password }),
    );
    expect([after.status, after.body.reason]).toEqual([403, 'evaluation.notQualified']);
  });
});
