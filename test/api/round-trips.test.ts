import { and, eq } from 'drizzle-orm';
import { recomputeCourseProgress } from '../../worker/services/progress';
import { beforeAll, describe, expect, it } from 'vitest';
import { A } from './assessment-helpers';
import { certify, daysFromNow, setCertificateExpiry, setup, signInAdmin } from './compliance-helpers';
import { countedCall } from './d1-counting';
import {
  type CourseFixture,
  completeMaterial,
  createCourse,
  enroll,
  learnerFor,
  openedMaterialAgo,
  takeAssessment,
} from './fixtures';
import { db, schema } from './helpers';
import { book, demo, scormCourse, setUpScorm } from './scorm-helpers';

/*
 * Issue 31, decision 1: latency is budgeted in D1 round trips. Every learner read makes exactly one
 * (the session check rides in the data's batch), every learner write at most two. A round trip is
 * a statement's first/all/run/raw or one batch, counted at the binding (./d1-counting.ts).
 */

/** The D1 round trips one call makes, with its answer (a refusal fails: a budget met by an error is no budget). */
async function roundTrips(method: string, path: string, token: string, body?: unknown) {
  const { res, calls } = await countedCall(method, path, token, body);
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return { calls, body: (await res.json()) as any };
}

let course: CourseFixture;
let token: string;
let attemptId: string;

beforeAll(async () => {
  await Promise.all([signInAdmin(), setUpScorm()]);
  course = await createCourse();
  ({ token } = await learnerFor(course.domainId));
  await enroll(token, course.courseId);
  attemptId = (await takeAssessment(token, course.pre!.componentId, course.pre!.answers)).attemptId;
});

describe('every learner read makes exactly one D1 round trip', () => {
  const reads: [string, () => string][] = [
    ['course list', () => '/api/v2/user/courses'],
    ['course detail', () => `/api/v2/user/courses/${course.courseId}`],
    ['progress list', () => '/api/v2/user/progress/courses'],
    ['course progress', () => `/api/v2/user/progress/courses/${course.courseId}`],
    ['reports', () => '/api/v2/user/reports'],
    ['required training', () => '/api/v2/user/requirements'],
    ['announcements', () => '/api/announcements/active'],
    ['certificates', () => '/api/v2/certificates/user/all'],
    ['assessment intro', () => `${A}/${course.pre!.componentId}/questions`],
    ['attempts', () => `${A}/${course.pre!.componentId}/attempts`],
    ['an attempt', () => `${A}/attempts/${attemptId}`],
  ];
  it.each(reads)('%s', async (_name, path) => {
    expect((await roundTrips('GET', path(), token)).calls).toBe(1);
  });
});

describe('every learner write makes at most two D1 round trips', () => {
  it('enroll', async () => {
    const other = await learnerFor(course.domainId);
    const { calls, body } = await roundTrips(
      'POST',
      `/api/v2/user/progress/courses/${course.courseId}/enroll`,
      other.token,
    );
    expect(body.progress.courseId).toBe(course.courseId);
    expect(calls).toBeLessThanOrEqual(2);
  });

  it('component start, progress, complete and time', async () => {
    const c = await createCourse({ components: ['MATERIAL', 'POST_ASSESSMENT'] });
    const learner = await learnerFor(c.domainId);
    await enroll(learner.token, c.courseId);
    const material = c.material!.componentId;
    const P = '/api/v2/user/progress/components';
    expect((await roundTrips('POST', `${P}/${material}/start`, learner.token)).calls).toBeLessThanOrEqual(2);
    await openedMaterialAgo(learner.token, material, 3600);
    const progressed = await roundTrips('PUT', `${P}/${material}/progress`, learner.token, { progressPercentage: 50 });
    expect(progressed.body.progress.progressPercentage).toBe(50);
    expect(progressed.calls).toBeLessThanOrEqual(2);
    const completed = await roundTrips('POST', `${P}/${material}/complete`, learner.token, {});
    expect(completed.body.progress.status).toBe('COMPLETED');
    expect(completed.calls).toBeLessThanOrEqual(2);
    const timed = await roundTrips('PUT', `${P}/${material}/time`, learner.token, { additionalSeconds: 30 });
    expect(timed.calls).toBeLessThanOrEqual(2);
    // The course progress each step wrote from what it had read equals a full recompute from the stored rows.
    const stored = await db
      .select()
      .from(schema.courseProgress)
      .where(and(eq(schema.courseProgress.userId, learner.user.id), eq(schema.courseProgress.courseId, c.courseId)))
      .get();
    const recomputed = await recomputeCourseProgress(db, learner.user.id, c.courseId);
    expect(stored?.overallProgress).toBeGreaterThan(0);
    expect({ overall: stored?.overallProgress, status: stored?.status }).toEqual({
      overall: recomputed?.overallProgress,
      status: recomputed?.status,
    });
  });

  it('a step on a course already completed and certified', async () => {
    const c = await createCourse({ components: ['MATERIAL'] });
    const learner = await learnerFor(c.domainId);
    await enroll(learner.token, c.courseId);
    await completeMaterial(learner.token, c.material!.componentId);
    const P = '/api/v2/user/progress/components';
    const opened = await roundTrips('POST', `${P}/${c.material!.componentId}/start`, learner.token);
    expect(opened.body.progress.status).toBe('COMPLETED');
    expect(opened.calls).toBeLessThanOrEqual(2);
  });

  it('assessment start, autosave and submit', async () => {
    const learner = await learnerFor(course.domainId);
    await enroll(learner.token, course.courseId);
    const started = await roundTrips('POST', `${A}/${course.pre!.componentId}/start`, learner.token);
    expect(started.calls).toBeLessThanOrEqual(2);
    const id = started.body.attemptId as string;
    const [question] = started.body.questions as { id: string }[];
    const saved = await roundTrips('PUT', `${A}/attempts/${id}/answers`, learner.token, {
      questionId: question.id,
      answer: course.pre!.answers[question.id],
    });
    expect(saved.calls).toBeLessThanOrEqual(2);
    const submitted = await roundTrips('POST', `${A}/attempts/${id}/submit`, learner.token, {
      answers: course.pre!.answers,
    });
    expect(submitted.body.passed).toBe(true);
    expect(submitted.calls).toBeLessThanOrEqual(2);
  });

  it('recertify', async () => {
    const s = await setup();
    await certify(s.token, s.course);
    await setCertificateExpiry(s.learner.id, s.course.courseId, daysFromNow(10));
    const { calls, body } = await roundTrips(
      'POST',
      `/api/v2/user/progress/courses/${s.course.courseId}/recertify`,
      s.token,
    );
    expect(body.cycle).toBe(2);
    expect(calls).toBeLessThanOrEqual(2);
  });

  it('SCORM commit', async () => {
    const { user, token: learnerToken } = await learnerFor(book);
    const scorm = await scormCourse(demo.id, [user.id]);
    const launch = await roundTrips('GET', `/api/v2/scorm/components/${scorm.componentId}/launch`, learnerToken);
    await db
      .update(schema.scormLaunches)
      .set({ startedAt: new Date(Date.now() - 3600_000).toISOString() })
      .where(eq(schema.scormLaunches.id, launch.body.sessionId));
    const { calls } = await roundTrips('PUT', `/api/v2/scorm/components/${scorm.componentId}/runtime`, learnerToken, {
      cmi: { 'cmi.core.lesson_location': 'page-2', 'cmi.core.lesson_status': 'incomplete' },
      sessionId: launch.body.sessionId,
    });
    expect(calls).toBeLessThanOrEqual(2);
  });
});
