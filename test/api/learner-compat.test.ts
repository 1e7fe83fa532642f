import { describe, expect, it } from 'vitest';
import { completeMaterial, createCourse, enroll, takeAssessment } from './fixtures';
import { api, createDomain, createUser, login } from './helpers';

async function enrolledLearner(options: Parameters<typeof createCourse>[0] = {}) {
  const course = await createCourse(options);
  const user = await createUser({ domainIds: [course.domainId] });
  const token = await login(user);
  return { course, user, token };
}

describe('GET /api/v2/user/assessments/{componentId}/can-retry', () => {
  it('counts attempts and stops offering retries after a pass', async () => {
    const { course, token } = await enrolledLearner();
    await enroll(token, course.courseId);
    const path = `/api/v2/user/assessments/${course.pre!.componentId}/can-retry`;
    expect((await api('GET', path, { token })).body).toEqual({
      canRetry: true,
      remainingAttempts: 3,
      attemptsUsed: 0,
      maxAttempts: 3,
    });
    const start = await api('POST', `/api/v2/user/assessments/${course.pre!.componentId}/start`, { token });
    await api('POST', `/api/v2/user/assessments/attempts/${start.body.attemptId}/submit`, {
      token,
      body: course.pre!.wrongAnswers,
    });
    expect((await api('GET', path, { token })).body).toEqual({
      canRetry: true,
      remainingAttempts: 2,
      attemptsUsed: 1,
      maxAttempts: 3,
    });
    const again = await api('POST', `/api/v2/user/assessments/${course.pre!.componentId}/start`, { token });
    await api('POST', `/api/v2/user/assessments/attempts/${again.body.attemptId}/submit`, {
      token,
      body: course.pre!.answers,
    });
    expect((await api('GET', path, { token })).body).toEqual({
      canRetry: false,
      remainingAttempts: 1,
      attemptsUsed: 2,
      maxAttempts: 3,
    });
  });

  it('is 404 for a material, a course of another book or a malformed id, 401 without a session', async () => {
    const { course, token } = await enrolledLearner();
    await enroll(token, course.courseId);
    expect(
      (await api('GET', `/api/v2/user/assessments/${course.material!.componentId}/can-retry`, { token })).status,
    ).toBe(404);
    const outsider = await login(await createUser({ domainIds: [await createDomain()] }));
    expect(
      (await api('GET', `/api/v2/user/assessments/${course.pre!.componentId}/can-retry`, { token: outsider })).status,
    ).toBe(404);
    expect((await api('GET', `/api/v2/user/assessments/${'x'.repeat(300)}/can-retry`, { token })).status).toBe(400);
    expect((await api('GET', `/api/v2/user/assessments/${course.pre!.componentId}/can-retry`)).status).toBe(401);
  });
});

describe('GET /api/v2/user/progress/components/{id}/access', () => {
  it('applies the unlock rule: locked until the previous required component is completed', async () => {
    const { course, token } = await enrolledLearner();
    const access = (id: string) => api('GET', `/api/v2/user/progress/components/${id}/access`, { token });
    expect((await access(course.pre!.componentId)).body).toEqual({
      canAccess: false,
      reason: 'Enroll in the course to access content',
    });
    await enroll(token, course.courseId);
    expect((await access(course.pre!.componentId)).body).toEqual({ canAccess: true });
    expect((await access(course.material!.componentId)).body).toEqual({
      canAccess: false,
      reason: 'Complete previous components first',
    });
    expect((await access(course.post!.componentId)).body).toEqual({
      canAccess: false,
      reason: 'Complete previous components first',
    });
    await takeAssessment(token, course.pre!.componentId, course.pre!.answers);
    expect((await access(course.material!.componentId)).body).toEqual({ canAccess: true });
    await completeMaterial(token, course.material!.componentId);
    expect((await access(course.post!.componentId)).body).toEqual({ canAccess: true });
  });

  it('is 404 for a component the learner cannot see', async () => {
    const { course } = await enrolledLearner();
    const outsider = await login(await createUser({ domainIds: [await createDomain()] }));
    expect(
      (await api('GET', `/api/v2/user/progress/components/${course.pre!.componentId}/access`, { token: outsider }))
        .status,
    ).toBe(404);
  });
});

describe('GET /api/v2/user/reports/summary', () => {
  it('answers the summaryMetrics object of the report', async () => {
    const { course, token } = await enrolledLearner();
    await enroll(token, course.courseId);
    const summary = await api('GET', '/api/v2/user/reports/summary', { token });
    const report = await api('GET', '/api/v2/user/reports', { token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual(report.body.summaryMetrics);
    expect(Object.keys(summary.body).sort()).toEqual([
      'averageAssessmentScore',
      'learningStreak',
      'totalCoursesCompleted',
      'totalCoursesEnrolled',
      'totalTimeSpentSeconds',
    ]);
    expect((await api('GET', '/api/v2/user/reports/summary')).status).toBe(401);
  });
});

describe('GET /api/v2/certificates/user/all', () => {
  it("lists only the signed-in user's certificates with number, course, dates and status", async () => {
    const { course, token } = await enrolledLearner({ components: ['MATERIAL'] });
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const other = await enrolledLearner({ components: ['MATERIAL'] });
    await enroll(other.token, other.course.courseId);
    await completeMaterial(other.token, other.course.material!.componentId);
    const res = await api('GET', '/api/v2/certificates/user/all', { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ courseId: course.courseId, courseName: course.title, status: 'ACTIVE' });
    expect(res.body[0].certificateNumber).toMatch(/^CERT-\d{4}-\d{6}$/);
    expect(res.body[0].issuedDate).toBeTruthy();
    expect(res.body[0].expiryDate).toBeTruthy();
    expect(res.body[0].userName).toMatch(/^Test User/);
    expect((await api('GET', '/api/v2/certificates/user/all')).status).toBe(401);
  });
});
