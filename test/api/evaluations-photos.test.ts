import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  evaluationBody,
  personSession,
  PNG_BYTES,
  PNG_DATA_URL,
  qualifiedSetup,
} from './evaluation-helpers';
import { api, db, env, schema } from './helpers';

/** Evaluation photos (R2 under evaluations/<id>/) and the trainee's acknowledgement, each way. */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

async function signed(photoCount = 0) {
  const setup = await qualifiedSetup(adminToken);
  const body = evaluationBody(setup.template, setup.trainee.user, setup.evaluator.user, { photoCount });
  const res = await api('POST', '/api/v2/evaluations', { token: setup.evaluator.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...setup, id: body.id };
}

const putPhoto = (token: string, id: string, photoId: string, bytes: Uint8Array, type = 'image/png') =>
  api('PUT', `/api/v2/evaluations/${id}/photos/${photoId}`, {
    token,
    raw: bytes,
    headers: { 'content-type': type },
  });

describe('evaluation photos', () => {
  it('stores up to the declared count, answers a resend with 200, and serves each through a signed link', async () => {
    const { evaluator, trainee, id } = await signed(2);
    const first = crypto.randomUUID();
    const res = await putPhoto(evaluator.token, id, first, PNG_BYTES);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await putPhoto(evaluator.token, id, first, PNG_BYTES)).status).toBe(200);
    expect((await putPhoto(evaluator.token, id, crypto.randomUUID(), PNG_BYTES)).status).toBe(201);
    const third = await putPhoto(evaluator.token, id, crypto.randomUUID(), PNG_BYTES);
    expect(third.status).toBe(409);
    expect(third.body.reason).toBe('evaluation.photoTooMany');
    expect(third.body.params).toEqual({ count: 2 });
    const listed = await env.FILES.list({ prefix: `evaluations/${id}/` });
    expect(listed.objects.length).toBe(2);

    // The trainee reads the record; its photo links open without a header.
    const record = await api('GET', `/api/v2/evaluations/${id}`, { token: trainee.token });
    expect(record.body.evaluation.photos).toHaveLength(2);
    const photo = await api('GET', record.body.evaluation.photos[0].url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    const tampered = await api('GET', record.body.evaluation.photos[0].url.replace(/sig=[^&]+/, 'sig=forged'));
    expect(tampered.status).toBe(401);
    const stranger = await personSession();
    const bare = record.body.evaluation.photos[0].url.split('?')[0];
    expect((await api('GET', bare, { token: stranger.token })).status).toBe(404);
  });

  it('refuses a wrong type, a fake image, a 20 MB photo and anyone but the evaluator, storing nothing', async () => {
    const { evaluator, trainee, id } = await signed(3);
    const gif = await putPhoto(evaluator.token, id, crypto.randomUUID(), PNG_BYTES, 'image/gif');
    expect([gif.status, gif.body.reason]).toEqual([415, 'evaluation.photoType']);
    const fake = await putPhoto(
      evaluator.token,
      id,
      crypto.randomUUID(),
      new TextEncoder().encode('<html>not a png</html>'),
    );
    expect([fake.status, fake.body.reason]).toEqual([415, 'evaluation.photoType']);
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set(PNG_BYTES.slice(0, 16));
    const big = await putPhoto(evaluator.token, id, crypto.randomUUID(), huge);
    expect([big.status, big.body.reason]).toEqual([413, 'evaluation.photoTooLarge']);
    const byTrainee = await putPhoto(trainee.token, id, crypto.randomUUID(), PNG_BYTES);
    expect([byTrainee.status, byTrainee.body.reason]).toEqual([403, 'evaluation.photoNotEvaluator']);
    const rows = (await db.select().from(schema.evaluationPhotos).all()).filter((row) => row.evaluationId === id);
    expect(rows).toEqual([]);
    expect((await env.FILES.list({ prefix: `evaluations/${id}/` })).objects).toEqual([]);
  });
});

describe('acknowledgement', () => {
  it('by the trainee typing their password on the evaluator device, once', async () => {
    const { evaluator, trainee, id } = await signed();
    const wrong = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: evaluator.token,
      body: { method: 'password', username: trainee.user.username, password: 'Wrong!Pass#9' },
    });
    expect([wrong.status, wrong.body.reason]).toEqual([401, 'evaluation.ackPasswordWrong']);
    // Someone else's correct password is no acknowledgement by the trainee.
    const other = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: evaluator.token,
      body: { method: 'password', username: evaluator.user.username, password: evaluator.user.password },
    });
    expect(other.status).toBe(401);
    const ok = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: evaluator.token,
      body: { method: 'password', username: trainee.user.username, password: trainee.user.password },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.evaluation.acknowledgement).toMatchObject({ method: 'password', name: 'Tom Trainee' });
    const again = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: trainee.token,
      body: { method: 'account' },
    });
    expect([again.status, again.body.reason]).toEqual([409, 'evaluation.alreadyAcknowledged']);
  });

  it('by a drawn signature and typed name, stored beside the photos', async () => {
    const { evaluator, id } = await signed();
    const bad = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: evaluator.token,
      body: { method: 'signature', name: 'Tom Trainee', signature: 'data:image/png;base64,PGh0bWw+' },
    });
    expect([bad.status, bad.body.reason]).toEqual([400, 'evaluation.signatureInvalid']);
    const ok = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: evaluator.token,
      body: { method: 'signature', name: 'Tom T.', signature: PNG_DATA_URL },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.evaluation.acknowledgement).toMatchObject({ method: 'signature', name: 'Tom T.' });
    expect(await env.FILES.head(`evaluations/${id}/signature.png`)).not.toBeNull();
  });

  it('later from the trainee own account, and by nobody else', async () => {
    const { evaluator, trainee, id } = await signed();
    const byEvaluator = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: evaluator.token,
      body: { method: 'account' },
    });
    expect([byEvaluator.status, byEvaluator.body.reason]).toEqual([403, 'evaluation.ackWrongPerson']);
    const stranger = await personSession();
    const byStranger = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: stranger.token,
      body: { method: 'account' },
    });
    expect(byStranger.status).toBe(404);
    const ok = await api('POST', `/api/v2/evaluations/${id}/acknowledge`, {
      token: trainee.token,
      body: { method: 'account' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.evaluation.acknowledgement.method).toBe('account');
    const audit = (await db.select().from(schema.auditLog).all()).filter(
      (row) => row.entityId === id && row.action === 'EVALUATION_ACKNOWLEDGED',
    );
    expect(audit).toHaveLength(1);
  });
});
