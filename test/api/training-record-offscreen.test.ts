import { beforeAll, describe, expect, it } from 'vitest';
import type { TrainingRecordResponse } from '../../worker/contract/training-record';
import { api, createAdmin, createUser, db, login, schema } from './helpers';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let trainee: string;
let admin: { id: string; token: string };
let noReports: string;

/**
 * Issue 28: the training record (JSON and PDF) lists the person's practical evaluations and
 * credentials beside the certificates, read from the tables the evaluation and credential routes
 * write (arranged here straight in D1: those routes are another part of the issue).
 */
beforeAll(async () => {
  const adminUser = await createAdmin({ firstName: 'Morgan', lastName: 'Reviewer' });
  admin = { id: adminUser.id, token: await login(adminUser) };
  noReports = await login(await createAdmin({ permissions: { reportGeneration: false } }));
  trainee = (await createUser({ firstName: 'Rosa', lastName: 'Trainee' })).id;
  const other = (await createUser({ firstName: 'Other', lastName: 'Person' })).id;
  const evaluator = (await createUser({ firstName: 'Dana', lastName: 'Evaluator' })).id;

  // Two versions of one template family; the first evaluation was made on version 1.
  const family = crypto.randomUUID();
  const v2 = crypto.randomUUID();
  const template = (id: string, version: number) => ({
    id,
    familyId: family,
    version,
    status: 'PUBLISHED' as const,
    name: `Reach truck practical evaluation ${family.slice(0, 6)}`,
    grants: 'Powered industrial truck — reach truck',
    validityDays: 1095,
    publishedAt: ago(100 - version),
  });
  await db.insert(schema.evaluationTemplates).values([template(family, 1), template(v2, 2)]);
  const item = (templateId: string, orderIndex: number, text: string) => ({
    id: crypto.randomUUID(),
    templateId,
    orderIndex,
    text,
    critical: false,
  });
  const v1Items = [
    item(family, 1, 'Pre-use check'),
    item(family, 2, 'Rack height checked'),
    item(family, 3, 'Parks safely'),
  ];
  const v2Items = [item(v2, 1, 'Pre-use check'), item(v2, 2, 'Rack height checked')];
  await db.insert(schema.evaluationTemplateItems).values([...v1Items, ...v2Items]);

  const evaluation = (
    id: string,
    templateId: string,
    traineeId: string,
    outcome: 'COMPETENT' | 'NOT_YET_COMPETENT',
    days: number,
  ) => ({
    id,
    templateId,
    traineeId,
    evaluatorId: evaluator,
    outcome,
    meaning: outcome === 'COMPETENT' ? 'Evaluated and found competent' : 'Evaluated and found not yet competent',
    evaluatorName: 'Dana Evaluator',
    traineeName: 'Rosa Trainee',
    bodyHash: id,
    conductedAt: ago(days),
    signedAt: ago(days - 0.01),
  });
  const failed = crypto.randomUUID();
  const passed = crypto.randomUUID();
  const othersEvaluation = crypto.randomUUID();
  await db.insert(schema.evaluations).values([
    evaluation(failed, family, trainee, 'NOT_YET_COMPETENT', 30),
    {
      ...evaluation(passed, v2, trainee, 'COMPETENT', 10),
      acknowledgedAt: ago(9),
      acknowledgementMethod: 'signature',
      acknowledgedName: 'Rosa T.',
    },
    evaluation(othersEvaluation, v2, other, 'COMPETENT', 5),
  ]);
  await db.insert(schema.evaluationItemResults).values([
    { evaluationId: failed, itemId: v1Items[0]!.id, result: 'PASS' },
    { evaluationId: failed, itemId: v1Items[1]!.id, result: 'NOT_YET' },
    { evaluationId: failed, itemId: v1Items[2]!.id, result: 'NOT_APPLICABLE' },
    { evaluationId: passed, itemId: v2Items[0]!.id, result: 'PASS' },
    { evaluationId: passed, itemId: v2Items[1]!.id, result: 'PASS' },
  ]);
  await db.insert(schema.authorisations).values({
    id: crypto.randomUUID(),
    number: `AUT-2026-${String(Date.now() % 1_000_000).padStart(6, '0')}`,
    userId: trainee,
    templateId: v2,
    familyId: family,
    evaluationId: passed,
    title: 'Powered industrial truck — reach truck',
    userName: 'Rosa Trainee',
    scope: 'Warehouse',
    issuedAt: ago(10),
    expiresAt: new Date(Date.now() + 1085 * DAY).toISOString(),
  });

  const type = crypto.randomUUID();
  await db.insert(schema.credentialTypes).values({ id: type, name: `First aid certificate ${type.slice(0, 6)}` });
  const credential = (status: 'PENDING' | 'APPROVED' | 'REJECTED', days: number, extra = {}) => ({
    id: crypto.randomUUID(),
    userId: trainee,
    typeId: type,
    status,
    issuer: 'Red Cross',
    number: `FA-${days}`,
    issuedOn: dayFromNow(-400),
    expiresOn: dayFromNow(600),
    submittedAt: ago(days),
    ...(status === 'PENDING' ? {} : { reviewedBy: admin.id, reviewedAt: ago(days - 0.5) }),
    ...extra,
  });
  await db
    .insert(schema.credentials)
    .values([
      credential('REJECTED', 50, { rejectReason: 'Blurred photo' }),
      credential('APPROVED', 40, { expiresOn: dayFromNow(-2) }),
      credential('APPROVED', 20),
      credential('PENDING', 1),
      { ...credential('APPROVED', 3), userId: other },
    ]);
});

describe('the training record lists evaluations and credentials beside certificates', () => {
  it('JSON: evaluations newest first with version, evaluator, acknowledgement, failed items and authorisation', async () => {
    const res = await api<TrainingRecordResponse>('GET', `/api/v2/admin/users/${trainee}/training-record`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const [latest, first, ...rest] = res.body.evaluations;
    expect(rest).toEqual([]);
    expect(latest).toMatchObject({
      templateVersion: 2,
      grants: 'Powered industrial truck — reach truck',
      evaluatorName: 'Dana Evaluator',
      outcome: 'COMPETENT',
      meaning: 'Evaluated and found competent',
      failedItems: [],
      acknowledgement: { method: 'signature', name: 'Rosa T.' },
      authorisation: { status: 'ACTIVE', revokedAt: null },
    });
    expect(latest!.authorisation!.number).toMatch(/^AUT-2026-\d{6}$/);
    expect(latest!.templateName).toMatch(/^Reach truck practical evaluation /);
    // The failed evaluation keeps version 1 and names only the item marked "not yet" (not the N/A one).
    expect(first).toMatchObject({
      templateVersion: 1,
      outcome: 'NOT_YET_COMPETENT',
      failedItems: ['Rack height checked'],
      acknowledgement: null,
      authorisation: null,
    });
  });

  it('JSON: credentials newest first, pending and rejected included, with the reviewer and an expired flag', async () => {
    const res = await api<TrainingRecordResponse>('GET', `/api/v2/admin/users/${trainee}/training-record`, {
      token: admin.token,
    });
    expect(res.body.credentials.map((c) => [c.status, c.expired, c.reviewedBy, c.rejectReason])).toEqual([
      ['PENDING', false, null, null],
      ['APPROVED', false, 'Morgan Reviewer', null],
      ['APPROVED', true, 'Morgan Reviewer', null],
      ['REJECTED', false, 'Morgan Reviewer', 'Blurred photo'],
    ]);
    expect(res.body.credentials[0]).toMatchObject({ issuer: 'Red Cross', number: 'FA-1', expiresOn: dayFromNow(600) });
  });

  it('a person with none gets empty lists; the PDF prints both sections', async () => {
    const nobody = (await createUser()).id;
    const res = await api<TrainingRecordResponse>('GET', `/api/v2/admin/users/${nobody}/training-record`, {
      token: admin.token,
    });
    expect(res.body.evaluations).toEqual([]);
    expect(res.body.credentials).toEqual([]);
    const pdf = await api('GET', `/api/v2/admin/users/${trainee}/training-record.pdf`, { token: admin.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('needs the reports permission like the rest of the record', async () => {
    const res = await api('GET', `/api/v2/admin/users/${trainee}/training-record`, { token: noReports });
    expect(res.status).toBe(403);
  });
});
