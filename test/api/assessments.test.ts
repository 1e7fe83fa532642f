import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createCourse, takeAssessment } from './fixtures';
import { api, createDomain, createUser, db, login, schema } from './helpers';
import { A, enrolledLearner, start, attemptRow, componentRow } from './assessment-helpers';

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

describe('questions', () => {
  it('serves no question before Start: only what the intro needs (title, count, time, pass mark, attempts)', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const res = await api('GET', `${A}/${course.pre!.componentId}/questions`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Pre-assessment',
      timeLimit: 30,
      passingScore: 70,
      maxAttempts: 3,
      openAttemptId: null,
      questionCount: course.pre!.questionIds.length,
      questions: [],
    });
    for (const q of course.pre!.data.questions) {
      expect(JSON.stringify(res.body)).not.toContain(q.question);
      for (const o of (q as any).options ?? []) expect(JSON.stringify(res.body)).not.toContain(o.text);
    }
  });

  it('lists the questions of the open attempt without any correctness data, also in the start answer', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const started = await start(token, course.pre!.componentId);
    const res = await api('GET', `${A}/${course.pre!.componentId}/questions`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Pre-assessment',
      timeLimit: 30,
      passingScore: 70,
      maxAttempts: 3,
      openAttemptId: started.attemptId,
      questionCount: course.pre!.questionIds.length,
    });
    expect(started.questions).toEqual(res.body.questions);
    expect(res.body.questions.map((q: any) => q.id)).toEqual(course.pre!.questionIds);
    expect(res.body.questions[0]).toEqual({
      id: course.pre!.questionIds[0],
      question: 'Which extinguisher is used on electrical fires?',
      type: 'MCQ',
      points: 10,
      options: [
        { id: `${course.pre!.questionIds[0]}-opt1`, text: 'Water' },
        { id: `${course.pre!.questionIds[0]}-opt2`, text: 'CO2' },
        { id: `${course.pre!.questionIds[0]}-opt3`, text: 'Foam' },
        { id: `${course.pre!.questionIds[0]}-opt4`, text: 'Wet chemical' },
      ],
    });
    expect(res.body.questions[1].options).toEqual([
      { id: 'true', text: 'True' },
      { id: 'false', text: 'False' },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/isCorrect|correctAnswer|explanation/);
  });

  it('shuffles questions and options when configured, and the started attempt keeps the order first shown', async () => {
    const course = await createCourse({ shuffleQuestions: true });
    const { user, token } = await enrolledLearner(course);
    const path = `${A}/${course.pre!.componentId}/questions`;
    const attempt = await start(token, course.pre!.componentId);
    const before = attempt.questions;
    expect([...before.map((q: any) => q.id)].sort()).toEqual([...course.pre!.questionIds].sort());
    const mcq = before.find((q: any) => q.id === course.pre!.questionIds[0]);
    expect(mcq.options.map((o: any) => o.text).sort()).toEqual(['CO2', 'Foam', 'Water', 'Wet chemical']);

    // The order is seeded by (user, component, attempt number): the start stores it and a reload shows it.
    const {
      readAssessment: read0,
      questionOrderFor: order0,
      shuffleSeed: seed0,
    } = await import('../../worker/services/grading');
    const stored = await attemptRow(attempt.attemptId);
    expect(stored?.questionOrder).toEqual(before.map((q: any) => q.id));
    expect(stored?.questionOrder).toEqual(
      order0(read0(course.pre!.data as any), seed0(user.id, course.pre!.componentId, 1)),
    );
    const after = (await api('GET', path, { token })).body;
    expect(after.openAttemptId).toBe(attempt.attemptId);
    expect(after.questions).toEqual(before);

    // Across learners and attempts the orders differ: over 12 seeds, at least two distinct orders.
    const { readAssessment: read, questionOrderFor, shuffleSeed } = await import('../../worker/services/grading');
    const orders = new Set(
      Array.from({ length: 12 }, (_, i) =>
        questionOrderFor(read(course.pre!.data as any), shuffleSeed(user.id, course.pre!.componentId, i + 1)).join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('refuses a locked assessment with 409 and a learner who is not enrolled with 403', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const locked = await api('GET', `${A}/${course.post!.componentId}/questions`, { token });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('COMPONENT_LOCKED');
    const stranger = await login(await createUser({ domainIds: [course.domainId] }));
    expect((await api('GET', `${A}/${course.pre!.componentId}/questions`, { token: stranger })).status).toBe(403);
    const outsider = await login(await createUser({ domainIds: [await createDomain()] }));
    expect((await api('GET', `${A}/${course.pre!.componentId}/questions`, { token: outsider })).status).toBe(404);
  });
});

describe('start', () => {
  it('opens an attempt with the server deadline and returns the same open attempt on a second start', async () => {
    const course = await createCourse({ timeLimit: 20 });
    const { user, token } = await enrolledLearner(course);
    const first = await start(token, course.pre!.componentId);
    expect(first).toMatchObject({ attemptNumber: 1, message: 'Assessment started', resumed: false, answers: {} });
    expect(Date.parse(first.deadline) - Date.parse(first.startedAt)).toBe(20 * 60_000);
    expect(first.remainingSeconds).toBeGreaterThan(19 * 60);

    const again = await start(token, course.pre!.componentId);
    expect(again).toMatchObject({
      attemptId: first.attemptId,
      attemptNumber: 1,
      startedAt: first.startedAt,
      deadline: first.deadline,
      resumed: true,
    });
    const rows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect((await componentRow(user.id, course.pre!.componentId))?.status).toBe('IN_PROGRESS');
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.courseProgress).toMatchObject({
      status: 'IN_PROGRESS',
      overallProgress: 0,
      startedDate: first.startedAt,
    });
  });

  it('opens one attempt when two starts race', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const [a, b] = await Promise.all([
      api('POST', `${A}/${course.pre!.componentId}/start`, { token }),
      api('POST', `${A}/${course.pre!.componentId}/start`, { token }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.attemptId).toBe(b.body.attemptId);
    const rows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id)).all();
    expect(rows).toHaveLength(1);
  });

  it('cannot start a locked assessment', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const res = await api('POST', `${A}/${course.post!.componentId}/start`, { token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Complete previous components first', code: 'COMPONENT_LOCKED' });
    expect(await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id)).all()).toHaveLength(0);
  });

  it('refuses a fourth attempt with 400 "Maximum attempts reached"', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    for (let i = 1; i <= 3; i++) {
      const result = await takeAssessment(token, course.pre!.componentId, course.pre!.wrongAnswers);
      expect(result).toMatchObject({ attemptNumber: i, passed: false, score: 0, attemptsRemaining: 3 - i });
    }
    const fourth = await api('POST', `${A}/${course.pre!.componentId}/start`, { token });
    expect(fourth.status).toBe(400);
    expect(fourth.body).toEqual({ message: 'Maximum attempts reached', code: 'MAX_ATTEMPTS_REACHED' });
    expect(await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id)).all()).toHaveLength(3);
    expect(await componentRow(user.id, course.pre!.componentId)).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      score: 0,
    });
    const latest = await api('GET', `${A}/${course.pre!.componentId}/latest-attempt`, { token });
    expect(latest.body).toMatchObject({
      hasAttempt: true,
      attemptNumber: 3,
      passed: false,
      canRetry: false,
      remainingAttempts: 0,
    });
  });

  it('refuses to restart a passed assessment with 409', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    await takeAssessment(token, course.pre!.componentId, course.pre!.answers);
    const res = await api('POST', `${A}/${course.pre!.componentId}/start`, { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
  });
});
