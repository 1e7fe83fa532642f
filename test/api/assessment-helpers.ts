import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { enroll, type CourseFixture } from './fixtures';
import { api, createUser, db, login, schema } from './helpers';

/** Shared by the learner assessment API test files: an enrolled learner, a started attempt, its rows. */

export const A = '/api/v2/user/assessments';

export async function enrolledLearner(course: CourseFixture) {
  const user = await createUser({ domainIds: [course.domainId] });
  const token = await login(user);
  await enroll(token, course.courseId);
  return { user, token };
}

export async function start(token: string, componentId: string) {
  const res = await api('POST', `${A}/${componentId}/start`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function attemptRow(id: string) {
  return db.select().from(schema.attempts).where(eq(schema.attempts.id, id)).get();
}

export async function componentRow(userId: string, componentId: string) {
  return db
    .select()
    .from(schema.componentProgress)
    .where(and(eq(schema.componentProgress.userId, userId), eq(schema.componentProgress.componentId, componentId)))
    .get();
}

/** Moves an attempt into the past: it started `minutesAgo` and its deadline passed `overdueSeconds` ago. */
export async function backdate(attemptId: string, minutesAgo: number, overdueSeconds: number) {
  const now = Date.now();
  await db
    .update(schema.attempts)
    .set({
      startedAt: new Date(now - minutesAgo * 60_000).toISOString(),
      deadlineAt: new Date(now - overdueSeconds * 1000).toISOString(),
    })
    .where(eq(schema.attempts.id, attemptId));
}
