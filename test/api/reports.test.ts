import { describe, expect, it } from 'vitest';
import { issueCertificate } from '../../worker/services/certificates';
import { api, createDomain, createUser, db, login, schema } from './helpers';

const DAY_MS = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() - offset * DAY_MS).toISOString().slice(0, 10);

async function courseWithComponents(title: string) {
  const domainId = await createDomain(`${title} book ${crypto.randomUUID().slice(0, 4)}`);
  const courseId = crypto.randomUUID();
  await db.insert(schema.courses).values({ id: courseId, title, domainId, status: 'PUBLISHED' });
  const ids = { pre: crypto.randomUUID(), material: crypto.randomUUID(), post: crypto.randomUUID() };
  const assessment = (name: string) => ({
    title: name,
    passingScore: 70,
    timeLimit: 30,
    maxAttempts: 3,
    shuffleQuestions: false,
    questions: [],
  });
  await db.insert(schema.components).values([
    { id: ids.pre, courseId, type: 'PRE_ASSESSMENT', orderIndex: 0, data: assessment('Pre') },
    { id: ids.material, courseId, type: 'MATERIAL', orderIndex: 1, data: { title: 'Reading' } },
    { id: ids.post, courseId, type: 'POST_ASSESSMENT', orderIndex: 2, data: assessment('Post') },
  ]);
  return { courseId, domainId, ids };
}

async function attempt(
  userId: string,
  courseId: string,
  componentId: string,
  attemptNumber: number,
  score: number | null,
  submitted = true,
) {
  await db.insert(schema.attempts).values({
    id: crypto.randomUUID(),
    userId,
    courseId,
    componentId,
    attemptNumber,
    score,
    passed: score != null && score >= 70,
    submittedAt: submitted ? new Date().toISOString() : null,
  });
}

async function progress(
  userId: string,
  courseId: string,
  componentId: string,
  seconds: number,
  status: 'COMPLETED' | 'IN_PROGRESS' = 'COMPLETED',
) {
  await db
    .insert(schema.componentProgress)
    .values({ id: crypto.randomUUID(), userId, courseId, componentId, status, timeSpentSeconds: seconds });
}

describe('learning reports', () => {
  it('reports scores, improvement, time, certificate links and a streak for a learner with known attempts', async () => {
    const learner = await createUser({ createdAt: new Date(Date.now() - 40 * DAY_MS).toISOString() });
    const other = await createUser();
    const a = await courseWithComponents('Hazard Communication');
    const b = await courseWithComponents('Lockout Tagout');
    const c = await courseWithComponents('Ergonomics');
    const completedAt = new Date(Date.now() - DAY_MS).toISOString();
    await db.insert(schema.courseProgress).values([
      {
        id: crypto.randomUUID(),
        userId: learner.id,
        courseId: a.courseId,
        status: 'COMPLETED',
        overallProgress: 100,
        completedAt,
        lastAccessedAt: completedAt,
      },
      { id: crypto.randomUUID(), userId: learner.id, courseId: b.courseId, status: 'IN_PROGRESS', overallProgress: 20 },
      { id: crypto.randomUUID(), userId: learner.id, courseId: c.courseId, status: 'ENROLLED', overallProgress: 0 },
      {
        id: crypto.randomUUID(),
        userId: other.id,
        courseId: a.courseId,
        status: 'COMPLETED',
        overallProgress: 100,
        completedAt,
      },
    ]);
    // Course A: best pre 40 of (30, 40); best post 90 of (60, 90); an open attempt does not count.
    await attempt(learner.id, a.courseId, a.ids.pre, 1, 30);
    await attempt(learner.id, a.courseId, a.ids.pre, 2, 40);
    await attempt(learner.id, a.courseId, a.ids.post, 1, 60);
    await attempt(learner.id, a.courseId, a.ids.post, 2, 90);
    await attempt(learner.id, a.courseId, a.ids.post, 3, null, false);
    // Course B: pre 50 only.
    await attempt(learner.id, b.courseId, b.ids.pre, 1, 50);
    // Someone else's perfect scores must not leak in.
    await attempt(other.id, a.courseId, a.ids.pre, 1, 100);
    await attempt(other.id, a.courseId, a.ids.post, 1, 100);

    await progress(learner.id, a.courseId, a.ids.pre, 600);
    await progress(learner.id, a.courseId, a.ids.material, 1200);
    await progress(learner.id, a.courseId, a.ids.post, 300);
    await progress(learner.id, b.courseId, b.ids.pre, 120);
    await progress(other.id, a.courseId, a.ids.material, 99999);

    // Today, yesterday and the day before, then a gap: a streak of 3.
    await db
      .insert(schema.learningActivity)
      .values([0, 1, 2, 5].map((offset) => ({ userId: learner.id, day: day(offset), seconds: 60 })));
    const certificate = await issueCertificate(db, learner.id, a.courseId);

    const res = await api('GET', '/api/v2/user/reports', { token: await login(learner) });
    expect(res.status).toBe(200);
    expect(res.body.summaryMetrics).toEqual({
      totalCoursesEnrolled: 3,
      totalCoursesCompleted: 1,
      averageAssessmentScore: 60, // (40 + 90 + 50) / 3
      totalTimeSpentSeconds: 2220,
      learningStreak: 3,
    });
    const byTitle = Object.fromEntries(
      res.body.courseProgressDetails.map((d: { courseTitle: string }) => [d.courseTitle, d]),
    );
    expect(byTitle['Hazard Communication']).toMatchObject({
      courseId: a.courseId,
      status: 'COMPLETED',
      preAssessmentScore: 40,
      postAssessmentScore: 90,
      improvement: 50,
      timeSpentSeconds: 2100,
      lastAccessedDate: completedAt,
      certificateId: certificate.id,
      certificateNumber: certificate.certificateNumber,
      certificateUrl: `/v2/certificates/download/${certificate.id}`,
    });
    expect(byTitle['Lockout Tagout']).toMatchObject({
      status: 'IN_PROGRESS',
      preAssessmentScore: 50,
      postAssessmentScore: null,
      improvement: null,
      timeSpentSeconds: 120,
      certificateUrl: null,
    });
    expect(byTitle.Ergonomics).toMatchObject({
      status: 'ENROLLED',
      preAssessmentScore: null,
      postAssessmentScore: null,
      timeSpentSeconds: 0,
      certificateId: null,
    });
  });

  it('keeps a streak that ended yesterday, and loses one that ended earlier', async () => {
    const yesterday = await createUser();
    await db
      .insert(schema.learningActivity)
      .values([1, 2].map((offset) => ({ userId: yesterday.id, day: day(offset) })));
    const lapsed = await createUser();
    await db.insert(schema.learningActivity).values([3, 4].map((offset) => ({ userId: lapsed.id, day: day(offset) })));
    const kept = await api('GET', '/api/v2/user/reports', { token: await login(yesterday) });
    const lost = await api('GET', '/api/v2/user/reports', { token: await login(lapsed) });
    expect(kept.body.summaryMetrics.learningStreak).toBe(2);
    expect(lost.body.summaryMetrics.learningStreak).toBe(0);
  });

  it('falls back to days since account creation (minimum 1) when there is no activity at all', async () => {
    const veteran = await createUser({ createdAt: new Date(Date.now() - 10 * DAY_MS - 3600_000).toISOString() });
    const newcomer = await createUser();
    const v = await api('GET', '/api/v2/user/reports', { token: await login(veteran) });
    const n = await api('GET', '/api/v2/user/reports', { token: await login(newcomer) });
    expect(v.body.summaryMetrics.learningStreak).toBe(10);
    expect(n.body).toEqual({
      summaryMetrics: {
        totalCoursesEnrolled: 0,
        totalCoursesCompleted: 0,
        averageAssessmentScore: 0,
        totalTimeSpentSeconds: 0,
        learningStreak: 1,
      },
      courseProgressDetails: [],
    });
  });

  it('needs a session', async () => {
    const res = await api('GET', '/api/v2/user/reports');
    expect(res.status).toBe(401);
  });
});
