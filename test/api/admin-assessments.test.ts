import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERVENTION_MESSAGES } from '../../worker/contract/admin-assessments';
import { canRetryAssessment } from '../../worker/contract/assessments';
import { canRetrySql } from '../../worker/services/assessments';
import { createCourse, enroll, takeAssessment, type CourseFixture } from './fixtures';
import { api, createAdmin, createUser, db, login, schema, type TestUser } from './helpers';

let admin: TestUser;
let adminToken: string;
let learnerToken: string;

beforeAll(async () => {
  admin = await createAdmin({ username: 'oversight.admin' });
  adminToken = await login(admin);
  learnerToken = await login(await createUser());
});

// Every test plays real learners through the API (sign-in hashing included): slow on a loaded machine.
/** A learner in a one-assessment course who failed `failures` times through the real API. */
async function learnerWithFailures(failures: number, course?: CourseFixture) {
  const fixture = course ?? (await createCourse({ components: ['POST_ASSESSMENT'] }));
  const user = await createUser({ domainIds: [fixture.domainId] });
  const token = await login(user);
  await enroll(token, fixture.courseId);
  for (let i = 0; i < failures; i++) {
    const result = await takeAssessment(token, fixture.post!.componentId, fixture.post!.wrongAnswers);
    expect(result.passed).toBe(false);
  }
  return { user, token, fixture, componentId: fixture.post!.componentId };
}

const attempts = (query: string) => api('GET', `/api/v2/admin/assessments/attempts?${query}`, { token: adminToken });

describe('who may call the assessment oversight routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/v2/admin/assessments/attempts'],
    ['GET', '/api/v2/admin/assessments/summary'],
    ['GET', '/api/v2/admin/assessments/audit-log'],
    ['POST', '/api/v2/admin/assessments/c1/users/u1/reset', { reason: 'x' }],
    ['POST', '/api/v2/admin/assessments/c1/users/u1/pass?score=80', { reason: 'x' }],
  ];
  it.each(routes)('%s %s: 401 for a visitor, 403 for a learner', async (method, path, body) => {
    expect((await api(method, path, { body })).status).toBe(401);
    expect((await api(method, path, { body, token: learnerToken })).status).toBe(403);
  });
});

describe('attempt list', { timeout: 120_000 }, () => {
  it('shows one row per learner and assessment with remaining attempts and whether an admin may intervene', async () => {
    const exhausted = await learnerWithFailures(3);
    const trying = await learnerWithFailures(1, exhausted.fixture);
    const passer = await learnerWithFailures(0, exhausted.fixture);
    const passed = await takeAssessment(passer.token, passer.componentId, exhausted.fixture.post!.answers);
    expect(passed.passed).toBe(true);

    const failed = await attempts(`status=FAILED&courseId=${exhausted.fixture.courseId}`);
    expect(failed.status).toBe(200);
    expect(failed.body.attempts).toHaveLength(1);
    expect(failed.body.attempts[0]).toMatchObject({
      userId: exhausted.user.id,
      username: exhausted.user.username,
      componentId: exhausted.componentId,
      courseId: exhausted.fixture.courseId,
      attemptNumber: 3,
      remainingAttempts: 0,
      passed: false,
      canAdminIntervene: true,
      progressStatus: 'FAILED',
    });

    // The default filter is PASSED.
    const byDefault = await attempts(`courseId=${exhausted.fixture.courseId}`);
    expect(byDefault.body.attempts.map((r: any) => r.userId)).toEqual([passer.user.id]);
    expect(byDefault.body.attempts[0]).toMatchObject({
      passed: true,
      canAdminIntervene: false,
      remainingAttempts: 2,
      attemptNumber: 1,
    });

    const all = await attempts(`status=ALL&courseId=${exhausted.fixture.courseId}`);
    expect(all.body.totalItems).toBe(3);
    const row = all.body.attempts.find((r: any) => r.userId === trying.user.id);
    expect(row).toMatchObject({ remainingAttempts: 2, canAdminIntervene: false });
  });

  it('pages 10 at a time from page 0 and searches user or component names', async () => {
    const course = await createCourse({ components: ['POST_ASSESSMENT'] });
    for (let i = 0; i < 11; i++) await learnerWithFailures(1, course);
    const first = await attempts(`status=ALL&courseId=${course.courseId}`);
    expect(first.body).toMatchObject({ totalItems: 11, totalPages: 2, currentPage: 0 });
    expect(first.body.attempts).toHaveLength(10);
    const second = await attempts(`status=ALL&courseId=${course.courseId}&page=1`);
    expect(second.body.attempts).toHaveLength(1);
    const ids = new Set([...first.body.attempts, ...second.body.attempts].map((r: any) => r.userId));
    expect(ids.size).toBe(11);
    const one = first.body.attempts[3];
    const search = await attempts(`status=ALL&search=${encodeURIComponent(one.username.toUpperCase())}`);
    expect(search.body.attempts.map((r: any) => r.userId)).toEqual([one.userId]);
    const byBook = await attempts(`status=ALL&domainId=${course.domainId}`);
    expect(byBook.body.totalItems).toBe(11);
  });

  it('summarises attempts and the most failed assessments', async () => {
    const res = await api('GET', '/api/v2/admin/assessments/summary', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.totalAttempts).toBe(res.body.passedAttempts + res.body.failedAttempts);
    expect(res.body.failedAttempts).toBeGreaterThan(0);
    expect(res.body.topFailingComponents[0]).toMatchObject({
      componentTitle: expect.any(String),
      failedAttempts: expect.any(Number),
    });
  });
});

describe('reset', { timeout: 120_000 }, () => {
  it('is refused without a reason and changes nothing', async () => {
    const { user, componentId } = await learnerWithFailures(3);
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const res = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/reset`, {
        token: adminToken,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INTERVENTION_MESSAGES.reasonRequired);
    }
    const left = await db
      .select()
      .from(schema.attempts)
      .where(and(eq(schema.attempts.userId, user.id), eq(schema.attempts.componentId, componentId)));
    expect(left).toHaveLength(3);
  });

  it('is refused while the learner still has attempts left', async () => {
    const { user, componentId } = await learnerWithFailures(2);
    const res = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/reset`, {
      token: adminToken,
      body: { reason: 'asked' },
    });
    expect(res.status).toBe(409);
  });

  it('deletes every attempt, resets the progress and records who, whom, what, when and why', async () => {
    const { user, token, componentId } = await learnerWithFailures(3);
    const res = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/reset`, {
      token: adminToken,
      body: { reason: 'Fire alarm interrupted the third attempt' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(INTERVENTION_MESSAGES.resetDone);
    const left = await db
      .select()
      .from(schema.attempts)
      .where(and(eq(schema.attempts.userId, user.id), eq(schema.attempts.componentId, componentId)));
    expect(left).toHaveLength(0);
    const progress = await db
      .select()
      .from(schema.componentProgress)
      .where(and(eq(schema.componentProgress.userId, user.id), eq(schema.componentProgress.componentId, componentId)))
      .get();
    expect(progress).toMatchObject({ status: 'NOT_STARTED', attempts: 0, score: null });

    const log = await api('GET', '/api/v2/admin/assessments/audit-log', { token: adminToken });
    expect(log.status).toBe(200);
    const entry = log.body.entries[0];
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorUsername: 'oversight.admin',
      action: 'ASSESSMENT_RESET',
      targetUserId: user.id,
      targetUsername: user.username,
      entityType: 'COMPONENT',
      entityId: componentId,
      reason: 'Fire alarm interrupted the third attempt',
    });
    expect(entry.before.attempts).toHaveLength(3);
    expect(entry.after.attempts).toEqual([]);
    expect(Date.parse(entry.createdAt)).not.toBeNaN();

    // The learner may start over.
    const start = await api('POST', `/api/v2/user/assessments/${componentId}/start`, { token });
    expect(start.status).toBe(200);
    expect(start.body.attemptNumber).toBe(1);
  });
});

describe('mark as passed', { timeout: 120_000 }, () => {
  it('checks the score and the reason', async () => {
    const { user, componentId } = await learnerWithFailures(3);
    const bad = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/pass?score=101`, {
      token: adminToken,
      body: { reason: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a score between 0 and 100');
    const noReason = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/pass?score=80`, {
      token: adminToken,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(INTERVENTION_MESSAGES.reasonRequired);
  });

  it('sets a passing result (default 70) that completes the course, keeps the learner attempts, and is audited', async () => {
    const { user, token, componentId, fixture } = await learnerWithFailures(3);
    const res = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/pass`, {
      token: adminToken,
      body: { reason: 'Passed the practical test on site' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(INTERVENTION_MESSAGES.passedDone);

    const latest = await api('GET', `/api/v2/user/assessments/${componentId}/latest-attempt`, { token });
    expect(latest.body).toMatchObject({ hasAttempt: true, passed: true, score: 70 });
    const progress = await api('GET', `/api/v2/user/progress/courses/${fixture.courseId}`, { token });
    expect(progress.body.courseProgress.status).toBe('COMPLETED');

    const rows = await attempts(`status=PASSED&userId=${user.id}`);
    expect(rows.body.attempts[0]).toMatchObject({
      passed: true,
      markedByAdmin: true,
      canAdminIntervene: false,
      attemptNumber: 3,
      score: 70,
    });
    const stored = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id));
    expect(stored.filter((a) => a.submitReason !== 'ADMIN').map((a) => a.passed)).toEqual([false, false, false]);

    const again = await api('POST', `/api/v2/admin/assessments/${componentId}/users/${user.id}/pass?score=90`, {
      token: adminToken,
      body: { reason: 'twice' },
    });
    expect(again.status).toBe(409);

    const log = await api('GET', '/api/v2/admin/assessments/audit-log?size=5', { token: adminToken });
    expect(log.body.entries[0]).toMatchObject({
      action: 'ASSESSMENT_MARK_PASSED',
      targetUserId: user.id,
      reason: 'Passed the practical test on site',
      after: { score: 70, passed: true },
    });
    const searched = await api(
      'GET',
      `/api/v2/admin/assessments/audit-log?size=5&search=${encodeURIComponent('PRACTICAL test')}`,
      { token: adminToken },
    );
    expect(searched.body.entries.map((e: any) => e.reason)).toEqual(['Passed the practical test on site']);
    expect(searched.body.pagination).toEqual({ page: 1, totalPages: 1, totalItems: 1, itemsPerPage: 5 });
  });

  it('is 404 for a learner without attempts', async () => {
    const course = await createCourse({ components: ['POST_ASSESSMENT'] });
    const user = await createUser({ domainIds: [course.domainId] });
    const res = await api('POST', `/api/v2/admin/assessments/${course.post!.componentId}/users/${user.id}/pass`, {
      token: adminToken,
      body: { reason: 'x' },
    });
    expect(res.status).toBe(404);
  });
});

describe('the attempt limit in SQL', () => {
  it('answers as canRetryAssessment does, for every passed/max/used combination', async () => {
    const mismatches: string[] = [];
    for (const passed of [false, true]) {
      for (let maxAttempts = 1; maxAttempts <= 4; maxAttempts++) {
        for (let usedAttempts = 0; usedAttempts <= 5; usedAttempts++) {
          const expr = canRetrySql({
            passed: sql`${passed ? 1 : 0}`,
            maxAttempts: sql`${maxAttempts}`,
            usedAttempts: sql`${usedAttempts}`,
          });
          const row = await db.get<{ ok: number }>(sql`SELECT ${expr} AS ok`);
          const expected = canRetryAssessment({ passed, maxAttempts, usedAttempts });
          if (!!row.ok !== expected) mismatches.push(`passed=${passed} max=${maxAttempts} used=${usedAttempts}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
