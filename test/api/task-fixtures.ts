/**
 * Tasks and what people hold of them, for the task API tests (issue 30): the four kinds of evidence,
 * and certificates, authorisations, credentials and talks inserted straight into the database (their
 * own routes are tested elsewhere; these are the rows they write), dated around one fixed day.
 */
import { expect } from 'vitest';
import { createCourse, createPublishedTemplate } from './fixtures';
import { api, createAdmin, db, login, schema } from './helpers';

export const DAY = '2026-06-15';
export const at = (days: number) => new Date(Date.parse(`${DAY}T12:00:00.000Z`) + days * 86_400_000).toISOString();
export const dayAt = (days: number) => at(days).slice(0, 10);

/** An administrator signed in (their id and token), for a test file's beforeAll. */
export async function signedInAdmin() {
  const user = await createAdmin();
  return { id: user.id, token: await login(user) };
}

export const tag = () => crypto.randomUUID().slice(0, 6);

/** The four kinds of evidence: a course, a published template family, a credential type, a talk topic. */
export async function pieces() {
  const t = tag();
  const course = await createCourse({ title: `Forklift basics ${t}` });
  const templateId = await createPublishedTemplate(`Reach truck practical ${t}`, at(-400));
  const typeId = crypto.randomUUID();
  await db.insert(schema.credentialTypes).values({ id: typeId, name: `Operator licence ${t}` });
  const topicId = crypto.randomUUID();
  await db
    .insert(schema.talkTopics)
    .values({ id: topicId, title: `Pedestrian zones ${t}`, body: 'Stay in the lanes.' });
  return {
    course,
    templateId,
    typeId,
    topicId,
    evidence: [
      { kind: 'course', courseId: course.courseId },
      { kind: 'evaluation', templateId },
      { kind: 'credential', credentialTypeId: typeId },
      { kind: 'talk', topicId, everyDays: 90 },
    ],
  };
}
export type Pieces = Awaited<ReturnType<typeof pieces>>;

/** What a person holds, each piece overridable: `false` leaves it out. */
export async function hold(
  adminId: string,
  userId: string,
  p: Pieces,
  over: {
    certificate?: false | { issuedAt?: string; expiresAt?: string; revokedAt?: string; cycle?: number };
    authorisation?: false | { issuedAt?: string; expiresAt?: string; revokedAt?: string };
    credential?: false | { issuedOn?: string; expiresOn?: string | null; status?: 'PENDING' | 'APPROVED' | 'REJECTED' };
    talk?: false | { startedAt: string };
  } = {},
) {
  const id = () => crypto.randomUUID();
  if (over.certificate !== false) {
    const certificateId = id();
    await db.insert(schema.certificates).values({
      id: certificateId,
      certificateNumber: `CERT-${certificateId.slice(0, 8)}`,
      userId,
      courseId: p.course.courseId,
      userName: 'Worker',
      courseName: p.course.title,
      issuedAt: at(-100),
      expiresAt: at(300),
      ...over.certificate,
    });
  }
  if (over.authorisation !== false) {
    const evaluationId = id();
    const issuedAt = over.authorisation?.issuedAt ?? at(-100);
    await db.insert(schema.evaluations).values({
      id: evaluationId,
      templateId: p.templateId,
      traineeId: userId,
      evaluatorId: adminId,
      outcome: 'COMPETENT',
      meaning: 'Evaluated and found competent',
      evaluatorName: 'Ada Admin',
      traineeName: 'Worker',
      bodyHash: evaluationId,
      conductedAt: issuedAt,
      signedAt: issuedAt,
    });
    const authorisationId = id();
    await db.insert(schema.authorisations).values({
      id: authorisationId,
      // Twelve hex digits: the API run shares one database across files, and six collided once in a full run.
      number: `AUT-2026-${authorisationId.replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      userId,
      templateId: p.templateId,
      familyId: p.templateId,
      evaluationId,
      title: 'Authorised: reach truck',
      userName: 'Worker',
      issuedAt,
      expiresAt: at(500),
      ...over.authorisation,
    });
  }
  if (over.credential !== false)
    await db.insert(schema.credentials).values({
      id: id(),
      userId,
      typeId: p.typeId,
      status: 'APPROVED',
      issuer: 'Licensing office',
      number: `LIC-${id().replaceAll('-', '').slice(0, 12)}`,
      issuedOn: dayAt(-200),
      expiresOn: dayAt(400),
      reviewedAt: at(-199),
      ...over.credential,
    });
  if (over.talk !== false) {
    const talkId = id();
    const startedAt = over.talk?.startedAt ?? at(-20);
    await db.insert(schema.talks).values({
      id: talkId,
      topicId: p.topicId,
      topicTitle: 'Pedestrian zones',
      topicBody: 'Stay in the lanes.',
      foremanId: adminId,
      foremanName: 'Ada Admin',
      foremanMethod: 'password',
      bodyHash: talkId,
      startedAt,
      signedOffAt: startedAt,
      receivedAt: startedAt,
    });
    await db
      .insert(schema.talkAttendees)
      .values({ talkId, position: 0, userId, name: 'Worker', method: 'signature', signedAt: startedAt });
  }
}

export async function createTask(admin: string, body: Record<string, unknown>) {
  const res = await api('POST', '/api/v2/admin/tasks', { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.task as { id: string; name: string };
}
