import { expect } from 'vitest';
import { createCourse, enroll, takeAssessment } from './fixtures';
import { api, createDomain, createUser, db, DEFAULT_PASSWORD, login, schema } from './helpers';

/**
 * The arrangements of test/api/audit-coverage.test.ts: what each admin write it makes acts on (a
 * course, a person, a session, a file...), made through the API as the test's administrator (whose
 * token `arrangeAs` sets before the first) or, where the API's own write is audited elsewhere, in
 * the database. Every name is unique, so the arrangements never meet another test's data.
 */

let token = '';

/** The administrator the arrangements act as (the same one whose writes the test counts). */
export function arrangeAs(adminToken: string) {
  token = adminToken;
}

/** A classroom session starting in ten minutes, its trainer a new person. */
export async function classroomSessionBody() {
  return {
    title: `Audit session ${crypto.randomUUID()}`,
    trainerIds: [(await createUser()).id],
    location: 'Room 1',
    startsAt: new Date(Date.now() + 600_000).toISOString(),
    endsAt: new Date(Date.now() + 4_200_000).toISOString(),
    capacity: 5,
    outline: 'Bloodborne pathogens',
  };
}

/** A classroom session made through the API (its creation is audited above). */
export async function classroomSession(): Promise<string> {
  const res = await api('POST', '/api/v2/admin/sessions', { token, body: await classroomSessionBody() });
  return res.body.session.id as string;
}

/** A published course with one post-assessment, and a learner who used its single attempt and failed. */
export async function exhaustedLearner() {
  const course = await createCourse({ components: ['POST_ASSESSMENT'], maxAttempts: 1 });
  const learner = await createUser({ domainIds: [course.domainId] });
  const learnerToken = await login(learner);
  await enroll(learnerToken, course.courseId);
  await takeAssessment(learnerToken, course.post!.componentId, course.post!.wrongAnswers);
  return { componentId: course.post!.componentId, userId: learner.id };
}

export async function draftCourse() {
  const res = await api('POST', '/api/v2/admin/courses', {
    token,
    body: { title: 'Audit draft', description: 'd', domainId: await createDomain() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A credential type made in the database (the arrangement; its own creation is audited above). */
export async function credentialType() {
  const id = crypto.randomUUID();
  await db.insert(schema.credentialTypes).values({ id, name: `Audit type ${id}` });
  return id;
}

/** A toolbox talk topic of the library (made through the admin route in talks.test.ts). */
export async function talkTopic() {
  const id = crypto.randomUUID();
  await db.insert(schema.talkTopics).values({ id, title: `Audit talk ${id}`, body: 'Text', languages: ['en'] });
  return id;
}

export async function site() {
  const id = crypto.randomUUID();
  await db.insert(schema.sites).values({ id, name: `Audit site ${id}` });
  return id;
}

/** A company sign-in provider (issue 32; made through its admin route in oidc-admin.test.ts). */
export async function identityProvider() {
  const id = crypto.randomUUID();
  await db.insert(schema.identityProviders).values({
    id,
    name: `Audit IdP ${id}`,
    issuer: 'https://idp.example.com',
    clientId: 'audit',
    clientSecretEnc: 'sealed',
    claimMap: {},
  });
  return id;
}

export const identityProviderBody = () => ({
  name: `Audit IdP ${crypto.randomUUID()}`,
  issuer: 'https://idp.example.com',
  clientId: 'audit',
  clientSecret: 'audit-secret',
  domains: [`audit-${crypto.randomUUID().slice(0, 8)}.example`],
});

/** A directory connection (SCIM) with a token nobody holds. */
export async function scimConnection() {
  const id = crypto.randomUUID();
  await db
    .insert(schema.scimConnections)
    .values({ id, name: `Audit directory ${id}`, tokenHash: id, tokenPrefix: 'scim_audit' });
  return id;
}

/** A task needing one talk (POST /api/v2/admin/tasks writes the same rows). */
export async function task() {
  const id = crypto.randomUUID();
  await db.insert(schema.tasks).values({ id, name: `Audit task ${id}` });
  await db.insert(schema.taskEvidence).values({ taskId: id, kind: 'talk', refId: await talkTopic(), everyDays: 30 });
  return id;
}

export const taskBody = async () => ({
  name: `Audit task ${crypto.randomUUID()}`,
  evidence: [{ kind: 'talk', topicId: await talkTopic(), everyDays: 30 }],
});

/** A worker's credential waiting for approval (submitted through the user route in credentials.test.ts). */
export async function pendingCredential() {
  const id = crypto.randomUUID();
  const worker = await createUser();
  await db.insert(schema.credentials).values({ id, userId: worker.id, typeId: await credentialType() });
  return id;
}

export const assessment = {
  type: 'PRE_ASSESSMENT',
  data: {
    title: 'Check',
    questions: [{ question: 'Aim at the base of the fire.', type: 'TRUE_FALSE', correctAnswer: 'true' }],
  },
};

export async function draftWithComponents() {
  const courseId = await draftCourse();
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await api('POST', `/api/v2/admin/courses/${courseId}/components`, { token, body: assessment });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  return { courseId, ids };
}

export async function requirement() {
  const course = await createCourse();
  const res = await api('POST', '/api/v2/admin/requirements', {
    token,
    body: { courseId: course.courseId, bookId: course.domainId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.requirement.id as string, bookId: course.domainId };
}

export const PDF = new TextEncoder().encode('%PDF-1.7 audit\n%%EOF\n');
export const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42'), 1, 2, 3, 4]);

export async function upload(name: string, bytes: Uint8Array, type: string): Promise<string> {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  const res = await api('POST', '/api/v2/materials/upload', { token, raw: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

export function captionForm(): FormData {
  const form = new FormData();
  form.set('language', 'en');
  form.set('file', new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nPull the pin.\n'], 'en.vtt', { type: 'text/vtt' }));
  return form;
}

export async function announcement(): Promise<string> {
  const res = await api('POST', '/api/announcements/admin/create', {
    token,
    body: { title: 'Notice', content: 'Wear gloves', authorName: 'EHS' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.announcement.id as string;
}

export async function certificateId(): Promise<string> {
  const course = await createCourse();
  const learner = await createUser({ domainIds: [course.domainId] });
  const id = crypto.randomUUID();
  await db.insert(schema.certificates).values({
    id,
    certificateNumber: `AUD-${id.slice(0, 8)}`,
    userId: learner.id,
    courseId: course.courseId,
    userName: 'Audit Learner',
    courseName: course.title,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return id;
}

/** An evaluation template through the admin API, published when asked (null qualification: administrators evaluate). */
export async function evaluationTemplate(publish: boolean): Promise<{ id: string; itemIds: string[] }> {
  const body = {
    name: `Audit reach truck ${crypto.randomUUID().slice(0, 6)}`,
    grants: 'Reach truck',
    validityDays: 365,
    evaluatorQualification: null,
    items: [{ text: 'Pre-use inspection', critical: true }],
  };
  const created = await api('POST', '/api/v2/admin/evaluation-templates', { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.template.id as string;
  if (publish)
    expect((await api('POST', `/api/v2/admin/evaluation-templates/${id}/publish`, { token })).status).toBe(200);
  return { id, itemIds: created.body.template.items.map((item: { id: string }) => item.id) };
}

/** An authorisation the test's administrator granted by a competent evaluation of a learner. */
export async function authorisationId(): Promise<string> {
  const template = await evaluationTemplate(true);
  const trainee = await createUser();
  const res = await api('POST', '/api/v2/evaluations', {
    token,
    body: {
      id: crypto.randomUUID(),
      templateId: template.id,
      traineeId: trainee.id,
      items: template.itemIds.map((itemId) => ({ itemId, result: 'PASS' })),
      outcome: 'COMPETENT',
      conductedAt: new Date().toISOString(),
      password: DEFAULT_PASSWORD,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.evaluation.authorisation.id as string;
}
