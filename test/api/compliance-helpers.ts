import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createCourse, takeAssessment, type CourseFixture } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';

/** Shared by the compliance API test files: a covered learner, certificates and dates moved into the past. */

export const DAY = 24 * 3600 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
export const dayOf = (iso: string) => iso.slice(0, 10);

export let adminToken: string;

/** Signs in the admin the files' requirement calls use. */
export async function signInAdmin() {
  adminToken = await login(await createAdmin());
}

/** A book with a one-assessment course, a requirement on it, and a covered learner (signed in). */
export async function setup(
  options: { department?: string; requirement?: Record<string, unknown>; learner?: Record<string, unknown> } = {},
) {
  const bookId = await createDomain();
  const course = await createCourse({ domainId: bookId, components: ['POST_ASSESSMENT'] });
  const learner = await createUser({
    domainIds: [bookId],
    department: options.department ?? 'Warehouse',
    jobTitle: 'Forklift operator',
    ...options.learner,
  });
  const token = await login(learner);
  const created = await api('POST', '/api/v2/admin/requirements', {
    token: adminToken,
    body: { courseId: course.courseId, bookId, ...options.requirement },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { bookId, course, learner, token, requirementId: created.body.requirement.id as string };
}

export async function myRequirements(token: string) {
  const res = await api('GET', '/api/v2/user/requirements', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.requirements as {
    requirementId: string;
    courseId: string;
    status: string;
    dueAt: string | null;
    validUntil: string | null;
    certificateNumber: string | null;
    canRecertify: boolean;
  }[];
}

export async function statusOf(token: string, courseId: string) {
  return (await myRequirements(token)).find((r) => r.courseId === courseId);
}

/** Enrolls and passes the course's assessment through the API: the course completes and a certificate is issued. */
export async function certify(token: string, course: CourseFixture) {
  await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
  await takeAssessment(token, course.post!.componentId, course.post!.answers);
}

/** Moves the time the learner joined the book and the requirement started into the past. */
export async function coveredSince(userId: string, bookId: string, requirementId: string, iso: string) {
  await db
    .update(schema.userDomains)
    .set({ createdAt: iso })
    .where(and(eq(schema.userDomains.userId, userId), eq(schema.userDomains.domainId, bookId)));
  await db.update(schema.requirements).set({ activeFrom: iso }).where(eq(schema.requirements.id, requirementId));
}

export async function setCertificateExpiry(userId: string, courseId: string, expiresAt: string, issuedAt?: string) {
  await db
    .update(schema.certificates)
    .set({ expiresAt, ...(issuedAt ? { issuedAt } : {}) })
    .where(and(eq(schema.certificates.userId, userId), eq(schema.certificates.courseId, courseId)));
}
