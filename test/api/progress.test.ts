import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { completeMaterial, createCourse, enroll, learnerFor, openedMaterialAgo, takeAssessment } from './fixtures';
import { api, createDomain, db, schema } from './helpers';

/*
 * Enrollment, course progress reads and component progress. When a component and a course count as
 * completed: progress-completion.test.ts.
 */

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

const today = () => new Date().toISOString().slice(0, 10);

async function activity(userId: string) {
  return db.select().from(schema.learningActivity).where(eq(schema.learningActivity.userId, userId)).all();
}

describe('enrollment', () => {
  it('creates the course progress and one row per component, and is idempotent', async () => {
    const course = await createCourse();
    const { user, token } = await learnerFor(course.domainId);

    const first = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Successfully enrolled in this course');
    expect(first.body.progress).toMatchObject({
      courseId: course.courseId,
      courseTitle: course.title,
      courseDomain: expect.any(String),
      status: 'ENROLLED',
      overallProgress: 0,
      totalComponents: 3,
      completedComponents: 0,
      enrollmentDate: expect.stringMatching(/Z$/),
      startedDate: null,
      completedAt: null,
      certificateId: null,
    });

    const second = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    expect(second.status).toBe(200);
    expect(second.body.progress.id).toBe(first.body.progress.id);

    const rows = await db
      .select()
      .from(schema.componentProgress)
      .where(eq(schema.componentProgress.userId, user.id))
      .all();
    expect(rows.map((r) => r.componentId).sort()).toEqual([...course.componentIds].sort());
    const enrollments = await db
      .select()
      .from(schema.courseProgress)
      .where(eq(schema.courseProgress.userId, user.id))
      .all();
    expect(enrollments).toHaveLength(1);
  });

  it('enrolls once when two enrolls race', async () => {
    const course = await createCourse();
    const { user, token } = await learnerFor(course.domainId);
    const path = `/api/v2/user/progress/courses/${course.courseId}/enroll`;
    const results = await Promise.all([api('POST', path, { token }), api('POST', path, { token })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0].body.progress.id).toBe(results[1].body.progress.id);
    expect(
      await db.select().from(schema.courseProgress).where(eq(schema.courseProgress.userId, user.id)).all(),
    ).toHaveLength(1);
    expect(
      await db.select().from(schema.componentProgress).where(eq(schema.componentProgress.userId, user.id)).all(),
    ).toHaveLength(3);
  });

  it("refuses a course outside the learner's books with 403 and writes nothing", async () => {
    const course = await createCourse({ allowBrowse: true });
    const { user, token } = await learnerFor(await createDomain());
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    const rows = await db.select().from(schema.courseProgress).where(eq(schema.courseProgress.userId, user.id)).all();
    expect(rows).toHaveLength(0);
  });

  it('refuses an unpublished course with 403 "Course is not available" and an unknown one with 404', async () => {
    const draft = await createCourse({ status: 'DRAFT' });
    const { token } = await learnerFor(draft.domainId);
    const res = await api('POST', `/api/v2/user/progress/courses/${draft.courseId}/enroll`, { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Course is not available');
    expect((await api('POST', `/api/v2/user/progress/courses/${crypto.randomUUID()}/enroll`, { token })).status).toBe(
      404,
    );
  });
});

describe('course progress reads', () => {
  it('is 404 "Course progress not found" when not enrolled', async () => {
    const course = await createCourse();
    const { token } = await learnerFor(course.domainId);
    const res = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Course progress not found');
  });

  it("lists the learner's enrollments and the per-component progress in order", async () => {
    const course = await createCourse();
    const { token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const list = await api('GET', '/api/v2/user/progress/courses', { token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.progresses[0].courseId).toBe(course.courseId);

    const detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.componentProgresses.map((p: any) => p.componentId)).toEqual(course.componentIds);
    expect(detail.body.componentProgresses[1]).toMatchObject({
      componentTitle: 'Fire safety handbook',
      componentType: 'MATERIAL',
      order: 2,
      status: 'NOT_STARTED',
      progressPercentage: 0,
      score: null,
      attempts: 0,
      timeSpentSeconds: 0,
      required: true,
    });
  });

  it("names the next component of each course not completed yet, by the course page's continue rule, and none once completed", async () => {
    const course = await createCourse();
    const { token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    const titles = detail.body.componentProgresses.map((p: any) => p.componentTitle);
    const next = async () =>
      (await api('GET', '/api/v2/user/progress/courses', { token })).body.progresses[0].nextComponent;

    expect(await next()).toEqual({
      id: course.pre!.componentId,
      title: titles[0],
      type: 'PRE_ASSESSMENT',
      status: 'NOT_STARTED',
    });
    await takeAssessment(token, course.pre!.componentId, course.pre!.answers);
    expect(await next()).toEqual({
      id: course.material!.componentId,
      title: 'Fire safety handbook',
      type: 'MATERIAL',
      status: 'NOT_STARTED',
    });
    // A material opened and half read is where the learner continues.
    await openedMaterialAgo(token, course.material!.componentId, 60);
    await api('PUT', `/api/v2/user/progress/components/${course.material!.componentId}/progress`, {
      token,
      body: { progressPercentage: 50 },
    });
    expect(await next()).toMatchObject({ id: course.material!.componentId, status: 'IN_PROGRESS' });
    await completeMaterial(token, course.material!.componentId);
    expect(await next()).toMatchObject({ id: course.post!.componentId, type: 'POST_ASSESSMENT' });
    await takeAssessment(token, course.post!.componentId, course.post!.answers);
    const list = await api('GET', '/api/v2/user/progress/courses', { token });
    expect(list.body.progresses[0]).toMatchObject({ status: 'COMPLETED', nextComponent: null });
  });

  it("never shows another learner's progress (404)", async () => {
    const course = await createCourse();
    const owner = await learnerFor(course.domainId);
    const other = await learnerFor(course.domainId);
    await enroll(owner.token, course.courseId);
    const res = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token: other.token });
    expect(res.status).toBe(404);
    const list = await api('GET', '/api/v2/user/progress/courses', { token: other.token });
    expect(list.body).toEqual({ progresses: [], count: 0 });
  });
});

describe('component progress', () => {
  it("needs enrollment: 403 for the learner's course, 404 for a course of another book", async () => {
    const course = await createCourse();
    const inBook = await learnerFor(course.domainId);
    const outside = await learnerFor(await createDomain());
    const notEnrolled = await api('POST', `/api/v2/user/progress/components/${course.pre!.componentId}/start`, {
      token: inBook.token,
    });
    expect(notEnrolled.status).toBe(403);
    const foreign = await api('POST', `/api/v2/user/progress/components/${course.pre!.componentId}/start`, {
      token: outside.token,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await api('POST', `/api/v2/user/progress/components/${crypto.randomUUID()}/start`, { token: inBook.token }))
        .status,
    ).toBe(404);
  });

  it('refuses to start, progress, complete or time a locked component (409 COMPONENT_LOCKED) and writes nothing', async () => {
    const course = await createCourse();
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const material = course.material!.componentId;
    const calls = [
      api('POST', `/api/v2/user/progress/components/${material}/start`, { token }),
      api('PUT', `/api/v2/user/progress/components/${material}/progress`, { token, body: { progressPercentage: 100 } }),
      api('POST', `/api/v2/user/progress/components/${material}/complete`, { token, body: {} }),
      api('PUT', `/api/v2/user/progress/components/${material}/time`, { token, body: { additionalSeconds: 30 } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Complete previous components first', code: 'COMPONENT_LOCKED' });
    }
    const row = await db
      .select()
      .from(schema.componentProgress)
      .where(and(eq(schema.componentProgress.userId, user.id), eq(schema.componentProgress.componentId, material)))
      .get();
    expect(row).toMatchObject({ status: 'NOT_STARTED', progressPercentage: 0, timeSpentSeconds: 0 });
  });

  it('starts the first component and records the day as learning activity', async () => {
    const course = await createCourse();
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const res = await api('POST', `/api/v2/user/progress/components/${course.pre!.componentId}/start`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Component started');
    expect(res.body.progress).toMatchObject({
      componentId: course.pre!.componentId,
      status: 'IN_PROGRESS',
      startedAt: expect.stringMatching(/Z$/),
    });
    const detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.courseProgress.status).toBe('IN_PROGRESS');
    expect((await activity(user.id)).map((a) => a.day)).toEqual([today()]);
  });

  it('does not let a learner complete an assessment through complete', async () => {
    const course = await createCourse();
    const { token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const res = await api('POST', `/api/v2/user/progress/components/${course.pre!.componentId}/complete`, {
      token,
      body: { score: 100 },
    });
    expect(res.status).toBe(403);
    const detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.componentProgresses[0].status).not.toBe('COMPLETED');
    expect(detail.body.courseProgress.overallProgress).toBe(0);
  });

  it('stores material progress in 10 % steps, never backwards, completes at 100 and weighs it into the course', async () => {
    const course = await createCourse({ components: ['MATERIAL', 'POST_ASSESSMENT'] });
    const { token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const path = `/api/v2/user/progress/components/${course.material!.componentId}/progress`;
    await openedMaterialAgo(token, course.material!.componentId, 3600);

    const a = await api('PUT', path, { token, body: { progressPercentage: 47 } });
    expect(a.status).toBe(200);
    expect(a.body.progress).toMatchObject({ progressPercentage: 40, status: 'IN_PROGRESS' });
    // material 50 and post 30 renormalised: the material is 62.5 % of the course; 40 % of it is 25.
    let detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.courseProgress.overallProgress).toBe(25);

    const back = await api('PUT', path, { token, body: { progressPercentage: 10 } });
    expect(back.body.progress.progressPercentage).toBe(40);

    const done = await api('PUT', path, { token, body: { progressPercentage: 100 } });
    expect(done.body.progress).toMatchObject({
      progressPercentage: 100,
      status: 'COMPLETED',
      completedAt: expect.stringMatching(/Z$/),
    });
    detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.courseProgress).toMatchObject({
      overallProgress: 62.5,
      completedComponents: 1,
      status: 'IN_PROGRESS',
    });
  });

  it('rejects a progress percentage outside 0..100', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const { token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const res = await api('PUT', `/api/v2/user/progress/components/${course.material!.componentId}/progress`, {
      token,
      body: { progressPercentage: 120 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields.progressPercentage).toBeTruthy();
  });

  it("adds bounded time to the component and to today's learning activity", async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const path = `/api/v2/user/progress/components/${course.material!.componentId}/time`;
    expect((await api('PUT', path, { token, body: { additionalSeconds: 30 } })).body.progress.timeSpentSeconds).toBe(
      30,
    );
    const second = await api('PUT', path, { token, body: { additionalSeconds: 45 } });
    expect(second.body.progress.timeSpentSeconds).toBe(75);
    for (const bad of [0, -5, 3601, 1.5, '30']) {
      const res = await api('PUT', path, { token, body: { additionalSeconds: bad } });
      expect(res.status, `additionalSeconds=${bad}`).toBe(400);
    }
    expect(await activity(user.id)).toEqual([{ userId: user.id, day: today(), seconds: 75 }]);
  });

  it('completes the whole course at 100 % and issues its certificate', async () => {
    const course = await createCourse();
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const pre = await takeAssessment(token, course.pre!.componentId, course.pre!.answers);
    expect(pre.passed).toBe(true);
    await completeMaterial(token, course.material!.componentId);
    let detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.courseProgress).toMatchObject({
      overallProgress: 70,
      status: 'IN_PROGRESS',
      certificateId: null,
    });

    const post = await takeAssessment(token, course.post!.componentId, course.post!.answers);
    expect(post.passed).toBe(true);
    detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.courseProgress).toMatchObject({
      overallProgress: 100,
      status: 'COMPLETED',
      completedComponents: 3,
      completedAt: expect.stringMatching(/Z$/),
    });
    const certificate = await db
      .select()
      .from(schema.certificates)
      .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, course.courseId)))
      .get();
    expect(certificate?.certificateNumber).toMatch(/^CERT-\d{4}-\d{6}$/);
    expect(detail.body.courseProgress.certificateId).toBe(certificate!.id);
  });
});
