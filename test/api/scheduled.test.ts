import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { JOBS, runScheduled } from '../../worker/scheduled';
import { createDb } from '../../worker/db/client';
import { createCourse, enroll } from './fixtures';
import { api, createUser, db, env, login, schema } from './helpers';

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

const A = '/api/v2/user/assessments';

async function learnerWithOpenAttempt(options: Parameters<typeof createCourse>[0] = {}) {
  const course = await createCourse(options);
  const user = await createUser({ domainIds: [course.domainId] });
  const token = await login(user);
  await enroll(token, course.courseId);
  const start = await api('POST', `${A}/${course.pre!.componentId}/start`, { token });
  expect(start.status).toBe(200);
  return { course, user, token, attemptId: start.body.attemptId as string, deadline: start.body.deadline as string };
}

const attempt = (id: string) => db.select().from(schema.attempts).where(eq(schema.attempts.id, id)).get();

describe('closeOverdueAttempts (cron)', () => {
  it('is registered as a scheduled job', () => {
    expect(typeof JOBS.closeOverdueAttempts).toBe('function');
  });

  it('grades an abandoned attempt on its saved answers once its deadline and grace have passed, and updates progress', async () => {
    const { course, user, token, attemptId, deadline } = await learnerWithOpenAttempt({
      components: ['PRE_ASSESSMENT', 'MATERIAL'],
    });
    const pre = course.pre!;
    // The learner answers everything correctly, then the browser is gone for good.
    await api('PUT', `${A}/attempts/${attemptId}/answers`, { token, body: { answers: pre.answers } });

    // Before the deadline plus grace, nothing happens.
    await runScheduled(env, new Date(Date.parse(deadline) + 10_000));
    expect((await attempt(attemptId))?.submittedAt).toBeNull();

    const later = new Date(Date.parse(deadline) + 60_000);
    await runScheduled(env, later);
    expect(await attempt(attemptId)).toMatchObject({
      submitReason: 'DEADLINE',
      score: 100,
      passed: true,
      correctAnswers: 3,
      submittedAt: later.toISOString(),
    });
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.componentProgresses[0]).toMatchObject({ status: 'COMPLETED', score: 100, attempts: 1 });
    // pre 20 and material 50, renormalised: the pre-assessment is 2/7 of the course.
    expect(progress.body.courseProgress.overallProgress).toBe(28.57);
    // The learner was not there: the course does not read as accessed at the cron's time.
    expect(progress.body.courseProgress.lastAccessedAt).not.toBe(later.toISOString());
    const incomplete = await api('GET', `${A}/incomplete`, { token });
    expect(incomplete.body.hasIncomplete).toBe(false);

    // The learner's late result reads like any other; a late submit is now refused.
    const late = await api('POST', `${A}/attempts/${attemptId}/submit`, { token, body: pre.answers });
    expect(late.status).toBe(409);
    const rows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id)).all();
    expect(rows).toHaveLength(1);
  });

  it('counts unanswered questions as incorrect and marks the component FAILED', async () => {
    const { course, token, attemptId, deadline } = await learnerWithOpenAttempt();
    await api('PUT', `${A}/attempts/${attemptId}/answers`, {
      token,
      body: { questionId: course.pre!.questionIds[0], answer: 'CO2' },
    });
    await runScheduled(env, new Date(Date.parse(deadline) + 5 * 60_000));
    expect(await attempt(attemptId)).toMatchObject({ submitReason: 'DEADLINE', score: 25, passed: false });
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.componentProgresses[0]).toMatchObject({ status: 'FAILED', attempts: 1 });
    // A re-attempt is open to the learner again.
    const retry = await api('POST', `${A}/${course.pre!.componentId}/start`, { token });
    expect(retry.body.attemptNumber).toBe(2);
  });

  it('closes every overdue attempt of every learner and leaves running ones alone', async () => {
    const a = await learnerWithOpenAttempt({ timeLimit: 10 });
    const b = await learnerWithOpenAttempt({ timeLimit: 10 });
    const running = await learnerWithOpenAttempt({ timeLimit: 120 });
    const now = new Date(Date.now() + 30 * 60_000);
    await JOBS.closeOverdueAttempts(env, await createDb(env), now);
    expect((await attempt(a.attemptId))?.submitReason).toBe('DEADLINE');
    expect((await attempt(b.attemptId))?.submitReason).toBe('DEADLINE');
    expect((await attempt(running.attemptId))?.submittedAt).toBeNull();
  });

  it('does not count the day the cron closes an attempt as a learning day of the learner', async () => {
    const { user, attemptId } = await learnerWithOpenAttempt();
    const twoDaysLater = new Date(Date.now() + 2 * 24 * 3600_000);
    await runScheduled(env, twoDaysLater);
    expect((await attempt(attemptId))?.submitReason).toBe('DEADLINE');
    const days = await db
      .select()
      .from(schema.learningActivity)
      .where(eq(schema.learningActivity.userId, user.id))
      .all();
    expect(days.map((d) => d.day)).not.toContain(twoDaysLater.toISOString().slice(0, 10));
    expect(days).toHaveLength(1);
  });
});

describe('repairing courses whose last write failed', () => {
  it('completes an enrollment whose every component is completed and issues its certificate', async () => {
    const course = await createCourse();
    const learner = await createUser({ domainIds: [course.domainId] });
    const token = await login(learner);
    await enroll(token, course.courseId);
    // Arrange the state a failed second write leaves behind: components done, course not.
    await db
      .update(schema.componentProgress)
      .set({ status: 'COMPLETED', progressPercentage: 100, score: 90 })
      .where(eq(schema.componentProgress.userId, learner.id));
    const before = await db
      .select()
      .from(schema.courseProgress)
      .where(eq(schema.courseProgress.userId, learner.id))
      .get();
    expect(before?.status).not.toBe('COMPLETED');

    await JOBS.repairCompletedCourses(env, await createDb(env), new Date());

    const after = await db
      .select()
      .from(schema.courseProgress)
      .where(eq(schema.courseProgress.userId, learner.id))
      .get();
    expect(after).toMatchObject({ status: 'COMPLETED', overallProgress: 100 });
    const certificate = await db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.userId, learner.id))
      .get();
    expect(certificate?.courseId).toBe(course.courseId);
  });
});

describe('answer size', () => {
  it('refuses an autosaved answer longer than any real answer and changes nothing', async () => {
    const course = await createCourse();
    const learner = await createUser({ domainIds: [course.domainId] });
    const token = await login(learner);
    await enroll(token, course.courseId);
    const started = await api('POST', `/api/v2/user/assessments/${course.pre!.componentId}/start`, { token });
    expect(started.status).toBe(200);
    const questionId = course.pre!.questionIds[0];
    const res = await api('PUT', `/api/v2/user/assessments/attempts/${started.body.attemptId}/answers`, {
      token,
      body: { questionId, answer: 'x'.repeat(5000) },
    });
    expect(res.status).toBe(400);
    const attempt = await db.select().from(schema.attempts).where(eq(schema.attempts.id, started.body.attemptId)).get();
    expect(attempt?.answers).toEqual({});
  });
});

describe('abortStaleUploads (cron)', () => {
  /** A multipart upload left behind by a Worker killed mid-upload: one part stored, never completed. */
  async function strandedUpload(minutesAgo: number) {
    const key = `materials/${crypto.randomUUID()}.mp4`;
    const upload = await env.FILES.createMultipartUpload(key);
    const part = await upload.uploadPart(1, new Uint8Array(5 * 1024 * 1024));
    await db
      .insert(schema.multipartUploads)
      .values({ uploadId: upload.uploadId, key, startedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
    return { key, uploadId: upload.uploadId, part };
  }
  const tracked = (uploadId: string) =>
    db.select().from(schema.multipartUploads).where(eq(schema.multipartUploads.uploadId, uploadId)).get();

  it('aborts the parts of uploads in flight for more than an hour and keeps younger ones', async () => {
    const stale = await strandedUpload(61);
    const young = await strandedUpload(10);
    await runScheduled(env);

    expect(await tracked(stale.uploadId)).toBeUndefined();
    // The aborted upload's parts are gone: it can no longer be completed.
    await expect(env.FILES.resumeMultipartUpload(stale.key, stale.uploadId).complete([stale.part])).rejects.toThrow();
    expect(await env.FILES.head(stale.key)).toBeNull();

    expect(await tracked(young.uploadId)).toBeDefined();
    await env.FILES.resumeMultipartUpload(young.key, young.uploadId).complete([young.part]);
    expect((await env.FILES.head(young.key))?.size).toBe(5 * 1024 * 1024);
  });

  it("keeps retrying an abort that fails without holding up the others, and forgets it after the store's own 7 days", async () => {
    const days = (n: number) => new Date(Date.now() - n * 24 * 3600_000).toISOString();
    await db.insert(schema.multipartUploads).values([
      { uploadId: 'unknown-recent', key: 'materials/unknown-recent.mp4', startedAt: days(1) },
      { uploadId: 'unknown-old', key: 'materials/unknown-old.mp4', startedAt: days(8) },
    ]);
    const stale = await strandedUpload(90);
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await JOBS.abortStaleUploads(env, await createDb(env), new Date());
    } finally {
      warn.mockRestore();
    }
    expect(await tracked(stale.uploadId)).toBeUndefined();
    expect(await tracked('unknown-old')).toBeUndefined();
    // Whether the store reports an unknown id as gone or as an error, the old row is not kept forever.
    await db.delete(schema.multipartUploads).where(eq(schema.multipartUploads.uploadId, 'unknown-recent'));
  });
});
