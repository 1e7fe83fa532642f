import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './fixtures';
import { api, createDomain, createUser, db, login, schema } from './helpers';
import { setup, signInAdmin } from './compliance-helpers';

beforeAll(signInAdmin);

/** No enrolment, whatever created it (a requirement may enrol the people it covers): the case Start must handle. */
async function unenroll(userId: string, courseId: string) {
  const mine = (table: typeof schema.courseProgress | typeof schema.componentProgress) =>
    and(eq(table.userId, userId), eq(table.courseId, courseId));
  await db.delete(schema.componentProgress).where(mine(schema.componentProgress));
  await db.delete(schema.courseProgress).where(mine(schema.courseProgress));
}

describe('starting a required course (no enrolment step)', () => {
  it('enrols a covered learner who is not enrolled yet and names the first component to open', async () => {
    const { course, learner, token } = await setup();
    await unenroll(learner.id, course.courseId);
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/start`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.enrolled).toBe(true);
    expect(res.body.progress).toMatchObject({ courseId: course.courseId, status: 'ENROLLED' });
    expect(res.body.progress.nextComponent).toMatchObject({ id: course.post!.componentId, type: 'POST_ASSESSMENT' });
    const rows = await db
      .select()
      .from(schema.courseProgress)
      .where(and(eq(schema.courseProgress.userId, learner.id), eq(schema.courseProgress.courseId, course.courseId)));
    expect(rows).toHaveLength(1);
  });

  it('changes nothing for a learner already enrolled, and answers where to continue', async () => {
    const { course, token } = await setup();
    await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/start`, { token });
    expect(res.status).toBe(200);
    expect(res.body.enrolled).toBe(false);
    expect(res.body.progress.nextComponent.id).toBe(course.post!.componentId);
  });

  it('refuses an optional course: it keeps its Enroll step', async () => {
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId, components: ['POST_ASSESSMENT'] });
    const token = await login(await createUser({ domainIds: [bookId] }));
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/start`, { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Enroll in the course to access content');
    const again = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(again.status).toBe(404);
  });

  it("does not start a course outside the learner's books", async () => {
    const { course } = await setup();
    const stranger = await login(await createUser({ domainIds: [await createDomain()] }));
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/start`, { token: stranger });
    expect(res.status).toBe(404);
  });
});

describe('incomplete attempts: the time left', () => {
  it('says how many seconds the open attempt has left on the server clock', async () => {
    const { course, token } = await setup();
    await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    const started = await api('POST', `/api/v2/user/assessments/${course.post!.componentId}/start`, { token });
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    const res = await api('GET', '/api/v2/user/assessments/incomplete', { token });
    const open = res.body.incompleteAttempts[0];
    const limit = (Date.parse(open.deadline) - Date.parse(open.startedAt)) / 1000;
    expect(open.remainingSeconds).toBeGreaterThan(limit - 60);
    expect(open.remainingSeconds).toBeLessThanOrEqual(limit);
    expect(open).toMatchObject({ courseId: course.courseId, componentId: course.post!.componentId });
  });
});
