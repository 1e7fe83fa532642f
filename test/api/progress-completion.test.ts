import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  componentContext,
  courseAfterStep,
  recomputeCourseProgress,
  settleCourseAfterStep,
} from '../../worker/services/progress';
import { MIN_SECONDS_PER_PAGE } from '../../worker/contract/rules/viewing';
import { PDFDocument } from 'pdf-lib';
import { completeMaterial, createCourse, enroll, learnerFor, openedMaterialAgo } from './fixtures';
import { api, createUser, db, env, schema } from './helpers';

/*
 * When a component and a course count as completed: a component added after enrollment, the
 * recomputation of a course's progress, and the evidence of viewing a material. Enrollment, reads
 * and component progress: progress.test.ts.
 */

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

describe('a component added after enrollment', () => {
  it('reads as not started, unlocks in order and counts towards the course', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const { token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const extra = crypto.randomUUID();
    await db.insert(schema.components).values({
      id: extra,
      courseId: course.courseId,
      type: 'MATERIAL',
      orderIndex: 2,
      data: { title: 'Addendum', materialId: null, type: 'PDF' },
    });

    const detail = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(detail.body.componentProgresses[1]).toMatchObject({
      componentId: extra,
      componentTitle: 'Addendum',
      status: 'NOT_STARTED',
    });
    const started = await api('POST', `/api/v2/user/progress/components/${extra}/start`, { token });
    expect(started.status).toBe(200);
    expect(started.body.progress).toMatchObject({ componentId: extra, status: 'IN_PROGRESS' });
    const after = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(after.body.courseProgress).toMatchObject({
      overallProgress: 50,
      totalComponents: 2,
      completedComponents: 1,
      status: 'IN_PROGRESS',
    });
  });
});

describe('a step whose course write races another step', () => {
  it('writes nothing over the newer rows and recomputes: a completed course never falls back to in progress', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    const componentId = course.material!.componentId;
    const learner = { id: user.id, role: 'USER' as const };
    // A page-progress report reads the rows (the material at 0 %)...
    const stale = await componentContext(db, learner, componentId);
    // ...the learner completes the material in another tab before that report writes...
    await completeMaterial(token, componentId);
    // ...then the report's write batch runs with what it read: 50 %, in progress.
    const now = new Date();
    const step = courseAfterStep(db, stale, (row) => ({ ...row, status: 'IN_PROGRESS', progressPercentage: 50 }), now);
    expect(step.completes).toBe(false);
    const [applied] = await db.batch([step.statement]);
    expect(applied).toHaveLength(0);
    const settle = { userId: user.id, courseId: course.courseId, cycle: stale.enrollment.cycle, certified: true };
    await settleCourseAfterStep(db, step, applied, settle, now);
    const after = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(after.body.courseProgress).toMatchObject({ status: 'COMPLETED', overallProgress: 100 });

    // With nothing in between, the step's own write applies (the usual two round trips).
    const fresh = await componentContext(db, learner, componentId);
    const again = courseAfterStep(db, fresh, (row) => row, new Date());
    const [written] = await db.batch([again.statement]);
    expect(written).toHaveLength(1);
  });
});

describe('recomputeCourseProgress', () => {
  it('returns null for a learner who is not enrolled', async () => {
    const course = await createCourse();
    const user = await createUser({ domainIds: [course.domainId] });
    expect(await recomputeCourseProgress(db, user.id, course.courseId)).toBeNull();
  });

  it('no longer reads COMPLETED once a component is reset, and keeps the issued certificate', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const completed = await recomputeCourseProgress(db, user.id, course.courseId);
    expect(completed).toMatchObject({ status: 'COMPLETED', overallProgress: 100 });

    await db
      .update(schema.componentProgress)
      .set({ status: 'NOT_STARTED', progressPercentage: 0, completedAt: null })
      .where(eq(schema.componentProgress.userId, user.id));
    const reset = await recomputeCourseProgress(db, user.id, course.courseId);
    expect(reset).toMatchObject({ status: 'ENROLLED', overallProgress: 0, completedAt: null });
    const certificates = await db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.userId, user.id))
      .all();
    expect(certificates).toHaveLength(1);
  });
});

describe('evidence of viewing a material', () => {
  const P = '/api/v2/user/progress/components';

  /** A course whose only component is a material with a real PDF of `pages` pages (or a video). */
  async function materialCourse(kind: { pages: number } | { video: true }) {
    const course = await createCourse({ components: ['MATERIAL'] });
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    if ('pages' in kind) {
      const pdf = await PDFDocument.create();
      for (let i = 0; i < kind.pages; i++) pdf.addPage().drawText(`Page ${i + 1}`);
      const bytes = await pdf.save();
      await env.FILES.put(course.material!.storageKey, bytes);
      await db
        .update(schema.materials)
        .set({ fileSize: bytes.length })
        .where(eq(schema.materials.id, course.material!.materialId));
    } else {
      await db
        .update(schema.materials)
        .set({ type: 'VIDEO', contentType: 'video/mp4' })
        .where(eq(schema.materials.id, course.material!.materialId));
    }
    return { course, user, token, componentId: course.material!.componentId };
  }

  const row = (userId: string, componentId: string) =>
    db
      .select()
      .from(schema.componentProgress)
      .where(and(eq(schema.componentProgress.userId, userId), eq(schema.componentProgress.componentId, componentId)))
      .get();

  it('refuses to complete a material that was never opened, with a clear message', async () => {
    const { user, token, componentId } = await materialCourse({ pages: 2 });
    const res = await api('POST', `${P}/${componentId}/complete`, { token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'NOT_ENOUGH_VIEWING',
      message: 'Open the material and view it before marking it complete.',
    });
    expect((await row(user.id, componentId))?.status).not.toBe('COMPLETED');
    // A bare 100 % without any viewing completes nothing either.
    const jump = await api('PUT', `${P}/${componentId}/progress`, { token, body: { progressPercentage: 100 } });
    expect(jump.status).toBe(200);
    expect(jump.body.progress).toMatchObject({ status: 'IN_PROGRESS', progressPercentage: 0 });
  });

  it('counts a PDF as viewed only after the minimum time per page since it was opened', async () => {
    const { user, token, componentId } = await materialCourse({ pages: 2 });
    // Two pages need 2 x MIN_SECONDS_PER_PAGE (6 s): opened 3 s ago, half at least and never all of
    // it (rounded down to a 10 % step; the range leaves a loaded machine up to 3 s between calls).
    await openedMaterialAgo(token, componentId, 2 * MIN_SECONDS_PER_PAGE - 3);
    const early = await api('PUT', `${P}/${componentId}/progress`, { token, body: { progressPercentage: 100 } });
    expect(early.body.progress).toMatchObject({ status: 'IN_PROGRESS' });
    expect(early.body.progress.progressPercentage).toBeGreaterThanOrEqual(50);
    expect(early.body.progress.progressPercentage).toBeLessThanOrEqual(90);
    const refused = await api('POST', `${P}/${componentId}/complete`, { token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_ENOUGH_VIEWING');
    expect(refused.body.message).toMatch(
      /^This material has 2 pages: keep it open for at least \d+ more seconds? before marking it complete\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await row(user.id, componentId))?.status).toBe('IN_PROGRESS');

    await openedMaterialAgo(token, componentId, 2 * MIN_SECONDS_PER_PAGE + 1);
    const done = await api('POST', `${P}/${componentId}/complete`, { token, body: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.progress).toMatchObject({ status: 'COMPLETED', progressPercentage: 100 });
  });

  it('counts a video as watched only as fast as it can play (twice its speed at most)', async () => {
    const { token, componentId } = await materialCourse({ video: true });
    await openedMaterialAgo(token, componentId, 30);
    const half = await api('PUT', `${P}/${componentId}/progress`, {
      token,
      body: { progressPercentage: 100, durationSeconds: 120 },
    });
    expect(half.body.progress).toMatchObject({ status: 'IN_PROGRESS', progressPercentage: 50 });
    // The duration first reported stays: a shorter one later does not speed the clock up.
    const shorter = await api('PUT', `${P}/${componentId}/progress`, {
      token,
      body: { progressPercentage: 100, durationSeconds: 2 },
    });
    expect(shorter.body.progress).toMatchObject({ status: 'IN_PROGRESS', progressPercentage: 50 });
    await openedMaterialAgo(token, componentId, 61);
    const done = await api('PUT', `${P}/${componentId}/progress`, { token, body: { progressPercentage: 100 } });
    expect(done.body.progress).toMatchObject({ status: 'COMPLETED', progressPercentage: 100 });
  });
});
