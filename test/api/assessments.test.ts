import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/app';
import { gradeAnswers, readAssessment } from '../../worker/services/grading';
import { createCourse, enroll, takeAssessment, type CourseFixture } from './fixtures';
import { api, createDomain, createUser, db, env, login, schema } from './helpers';

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

const A = '/api/v2/user/assessments';

async function enrolledLearner(course: CourseFixture) {
  const user = await createUser({ domainIds: [course.domainId] });
  const token = await login(user);
  await enroll(token, course.courseId);
  return { user, token };
}

async function start(token: string, componentId: string) {
  const res = await api('POST', `${A}/${componentId}/start`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function attemptRow(id: string) {
  return db.select().from(schema.attempts).where(eq(schema.attempts.id, id)).get();
}

async function componentRow(userId: string, componentId: string) {
  return db
    .select()
    .from(schema.componentProgress)
    .where(and(eq(schema.componentProgress.userId, userId), eq(schema.componentProgress.componentId, componentId)))
    .get();
}

/** Moves an attempt into the past: it started `minutesAgo` and its deadline passed `overdueSeconds` ago. */
async function backdate(attemptId: string, minutesAgo: number, overdueSeconds: number) {
  const now = Date.now();
  await db
    .update(schema.attempts)
    .set({ startedAt: new Date(now - minutesAgo * 60_000).toISOString(), deadlineAt: new Date(now - overdueSeconds * 1000).toISOString() })
    .where(eq(schema.attempts.id, attemptId));
}

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
    expect(res.body).toMatchObject({ title: 'Pre-assessment', timeLimit: 30, passingScore: 70, maxAttempts: 3, openAttemptId: started.attemptId, questionCount: course.pre!.questionIds.length });
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
    const { readAssessment: read0, questionOrderFor: order0, shuffleSeed: seed0 } = await import('../../worker/services/grading');
    const stored = await attemptRow(attempt.attemptId);
    expect(stored?.questionOrder).toEqual(before.map((q: any) => q.id));
    expect(stored?.questionOrder).toEqual(order0(read0(course.pre!.data as any), seed0(user.id, course.pre!.componentId, 1)));
    const after = (await api('GET', path, { token })).body;
    expect(after.openAttemptId).toBe(attempt.attemptId);
    expect(after.questions).toEqual(before);

    // Across learners and attempts the orders differ: over 12 seeds, at least two distinct orders.
    const { readAssessment: read, questionOrderFor, shuffleSeed } = await import('../../worker/services/grading');
    const orders = new Set(Array.from({ length: 12 }, (_, i) => questionOrderFor(read(course.pre!.data as any), shuffleSeed(user.id, course.pre!.componentId, i + 1)).join()));
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
    expect(again).toMatchObject({ attemptId: first.attemptId, attemptNumber: 1, startedAt: first.startedAt, deadline: first.deadline, resumed: true });
    const rows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect((await componentRow(user.id, course.pre!.componentId))?.status).toBe('IN_PROGRESS');
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.courseProgress).toMatchObject({ status: 'IN_PROGRESS', overallProgress: 0, startedDate: first.startedAt });
  });

  it('opens one attempt when two starts race', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const [a, b] = await Promise.all([api('POST', `${A}/${course.pre!.componentId}/start`, { token }), api('POST', `${A}/${course.pre!.componentId}/start`, { token })]);
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
    expect(await componentRow(user.id, course.pre!.componentId)).toMatchObject({ status: 'FAILED', attempts: 3, score: 0 });
    const latest = await api('GET', `${A}/${course.pre!.componentId}/latest-attempt`, { token });
    expect(latest.body).toMatchObject({ hasAttempt: true, attemptNumber: 3, passed: false, canRetry: false, remainingAttempts: 0 });
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

describe('submit', () => {
  it('grades on the server: flat map, MCQ by option id or text, TRUE_FALSE, weighted score and detailed results', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const [q1, q2, q3] = pre.questionIds;
    const attempt = await start(token, pre.componentId);
    // q1 right by option id, q2 wrong, q3 right by text in another case: (10 + 20) / 40 = 75.
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: { [q1]: pre.correctOptionIds[q1], [q2]: 'false', [q3]: ' raise the ALARM ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      attemptId: attempt.attemptId,
      attemptNumber: 1,
      score: 75,
      passed: true,
      correctAnswers: 2,
      totalQuestions: 3,
      attemptsRemaining: 0,
      message: 'Congratulations! You passed the assessment.',
      submitReason: 'MANUAL',
    });
    expect(res.body.detailedResults).toEqual([
      { questionId: q1, question: expect.any(String), isCorrect: true, userAnswer: 'CO2', correctAnswer: 'CO2', explanation: 'Because CO2 is right.' },
      { questionId: q2, question: expect.any(String), isCorrect: false, userAnswer: 'false', correctAnswer: 'true', explanation: 'Site rule 4.' },
      { questionId: q3, question: expect.any(String), isCorrect: true, userAnswer: 'Raise the alarm', correctAnswer: 'Raise the alarm', explanation: expect.any(String) },
    ]);
    // A pass completes the component and moves the course.
    expect(await componentRow(user.id, pre.componentId)).toMatchObject({ status: 'COMPLETED', score: 75, attempts: 1 });
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.courseProgress.overallProgress).toBe(20);
  });

  it('accepts {answers: {...}}, fails below the passing score, and allows a re-attempt', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: { answers: { [pre.questionIds[2]]: 'Raise the alarm' } } });
    expect(res.body).toMatchObject({ score: 50, passed: false, correctAnswers: 1, attemptsRemaining: 2 });
    expect(res.body.message).toMatch(/2 attempts left/);
    expect(await componentRow(user.id, pre.componentId)).toMatchObject({ status: 'FAILED', score: 50, attempts: 1 });
    const retry = await start(token, pre.componentId);
    expect(retry.attemptNumber).toBe(2);
    expect(retry.attemptId).not.toBe(attempt.attemptId);
  });

  it('refuses a second submit with 409 and changes nothing', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    const first = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: pre.wrongAnswers });
    expect(first.body.passed).toBe(false);
    const attemptBefore = await attemptRow(attempt.attemptId);
    const componentBefore = await componentRow(user.id, pre.componentId);

    const second = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: pre.answers });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'This attempt has already been submitted', code: 'ALREADY_SUBMITTED' });
    const auto = await api('POST', `${A}/attempts/${attempt.attemptId}/auto-submit`, { token, body: pre.answers });
    expect(auto.status).toBe(409);
    expect(await attemptRow(attempt.attemptId)).toEqual(attemptBefore);
    expect(await componentRow(user.id, pre.componentId)).toEqual(componentBefore);
  });

  it('grades once when two submits race', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    const results = await Promise.all([
      api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: pre.wrongAnswers }),
      api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: pre.answers }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    const row = await attemptRow(attempt.attemptId);
    expect(row?.score).toBe(winner.score);
    expect(await componentRow(user.id, pre.componentId)).toMatchObject({ attempts: 1, status: winner.passed ? 'COMPLETED' : 'FAILED', score: winner.score });
  });

  it('grades a submit after the deadline and grace on the saved answers only', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const [q1, q2, q3] = pre.questionIds;
    const attempt = await start(token, pre.componentId);
    const saved = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: q3, answer: 'Raise the alarm' } });
    expect(saved.status).toBe(200);
    await backdate(attempt.attemptId, 31, 60);

    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: { [q1]: 'CO2', [q2]: 'true', [q3]: 'Raise the alarm' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ score: 50, passed: false, correctAnswers: 1, submitReason: 'DEADLINE' });
    expect((await attemptRow(attempt.attemptId))?.answers).toEqual({ [q3]: 'Raise the alarm' });
    expect(await componentRow(user.id, pre.componentId)).toMatchObject({ status: 'FAILED', attempts: 1 });
  });

  it('takes a submit within the grace period as given', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    await backdate(attempt.attemptId, 30, 5);
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, { token, body: pre.answers });
    expect(res.body).toMatchObject({ score: 100, passed: true, submitReason: 'MANUAL' });
  });

  it('auto-submit grades the saved answers, unanswered counting as incorrect', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { answers: { [pre.questionIds[0]]: 'CO2', [pre.questionIds[1]]: 'true' } } });
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/auto-submit`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ score: 50, passed: false, correctAnswers: 2, totalQuestions: 3, submitReason: 'AUTO' });
    expect(res.body.detailedResults[2]).toMatchObject({ isCorrect: false, userAnswer: null, correctAnswer: 'Raise the alarm' });
  });
});

describe('autosave and resume', () => {
  it('saves answers as given and a reload (questions + start) returns the same attempt, deadline and answers', async () => {
    const course = await createCourse({ timeLimit: 15 });
    const { token } = await enrolledLearner(course);
    const pre = course.pre!;
    const [q1, q2, q3] = pre.questionIds;
    const attempt = await start(token, pre.componentId);

    const one = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: q1, answer: 'Water' } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ message: 'Answers saved', attemptId: attempt.attemptId, answers: { [q1]: 'Water' }, deadline: attempt.deadline });
    const many = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { answers: { [q1]: 'CO2', [q2]: true } } });
    expect(many.body.answers).toEqual({ [q1]: 'CO2', [q2]: 'true' });
    const cleared = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: q2, answer: null } });
    expect(cleared.body.answers).toEqual({ [q1]: 'CO2' });
    await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: q3, answer: 'Raise the alarm' } });

    // The tab closes; the page loads again.
    const questions = await api('GET', `${A}/${pre.componentId}/questions`, { token });
    expect(questions.body.openAttemptId).toBe(attempt.attemptId);
    const resumed = await start(token, pre.componentId);
    expect(resumed).toMatchObject({
      attemptId: attempt.attemptId,
      startedAt: attempt.startedAt,
      deadline: attempt.deadline,
      resumed: true,
      answers: { [q1]: 'CO2', [q3]: 'Raise the alarm' },
    });
    expect(Date.parse(resumed.deadline) - Date.parse(resumed.startedAt)).toBe(15 * 60_000);
  });

  it('refuses autosave after submission (409), after the deadline (409), for unknown questions (400) and on another learner\'s attempt (404)', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const other = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);

    const unknown = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: 'nope', answer: 'x' } });
    expect(unknown.status).toBe(400);
    const bad = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { something: 1 } });
    expect(bad.status).toBe(400);
    const foreign = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token: other.token, body: { questionId: pre.questionIds[0], answer: 'CO2' } });
    expect(foreign.status).toBe(404);
    expect((await attemptRow(attempt.attemptId))?.answers).toEqual({});

    await backdate(attempt.attemptId, 40, 30);
    const late = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: pre.questionIds[0], answer: 'CO2' } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ATTEMPT_EXPIRED');

    const submitted = await api('POST', `${A}/attempts/${attempt.attemptId}/auto-submit`, { token });
    expect(submitted.status).toBe(200);
    const afterSubmit = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: pre.questionIds[0], answer: 'CO2' } });
    expect(afterSubmit.status).toBe(409);
    expect(afterSubmit.body.code).toBe('ALREADY_SUBMITTED');
  });

  it('closes an attempt that ran out while away when the learner starts again, then opens the next one', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, { token, body: { questionId: pre.questionIds[2], answer: 'Raise the alarm' } });
    await backdate(attempt.attemptId, 45, 600);
    const next = await start(token, pre.componentId);
    expect(next).toMatchObject({ attemptNumber: 2, resumed: false });
    expect(await attemptRow(attempt.attemptId)).toMatchObject({ submitReason: 'DEADLINE', score: 50, passed: false });
  });
});

describe('attempt reads', () => {
  it('lists attempts, the latest attempt and one result, own and submitted only', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const other = await enrolledLearner(course);
    const pre = course.pre!;

    const none = await api('GET', `${A}/${pre.componentId}/latest-attempt`, { token });
    expect(none.body).toEqual({ hasAttempt: false, canRetry: true, remainingAttempts: 3 });

    const failed = await takeAssessment(token, pre.componentId, pre.wrongAnswers);
    const open = await start(token, pre.componentId);

    const list = await api('GET', `${A}/${pre.componentId}/attempts`, { token });
    expect(list.status).toBe(200);
    expect(list.body.totalAttempts).toBe(2);
    expect(list.body.remainingAttempts).toBe(1);
    expect(list.body.attempts[0]).toMatchObject({ attemptId: failed.attemptId, attemptNumber: 1, score: 0, passed: false, submittedAt: expect.stringMatching(/Z$/), timeTakenSeconds: expect.any(Number) });
    expect(list.body.attempts[1]).toMatchObject({ attemptId: open.attemptId, attemptNumber: 2, score: null, passed: null, submittedAt: null, timeTakenSeconds: null });

    const latest = await api('GET', `${A}/${pre.componentId}/latest-attempt`, { token });
    expect(latest.body).toEqual({ hasAttempt: true, attemptId: failed.attemptId, attemptNumber: 1, score: 0, passed: false, canRetry: true, remainingAttempts: 1 });

    const result = await api('GET', `${A}/attempts/${failed.attemptId}`, { token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ attemptId: failed.attemptId, score: 0, passed: false, totalQuestions: 3 });
    expect(result.body.detailedResults).toHaveLength(3);

    // Not yours, or not submitted: not found.
    expect((await api('GET', `${A}/attempts/${failed.attemptId}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `${A}/attempts/${open.attemptId}`, { token })).status).toBe(404);
    expect((await api('POST', `${A}/attempts/${open.attemptId}/submit`, { token: other.token, body: pre.answers })).status).toBe(404);
    expect((await api('GET', `${A}/${pre.componentId}/attempts`, { token: other.token })).body.attempts).toEqual([]);
  });

  it('reports incomplete attempts with course and component titles and elapsed minutes', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const empty = await api('GET', `${A}/incomplete`, { token });
    expect(empty.body).toEqual({ hasIncomplete: false, incompleteAttempts: [] });

    const attempt = await start(token, course.pre!.componentId);
    await backdate(attempt.attemptId, 12, -18 * 60);
    const res = await api('GET', `${A}/incomplete`, { token });
    expect(res.body.hasIncomplete).toBe(true);
    expect(res.body.incompleteAttempts).toEqual([
      {
        attemptId: attempt.attemptId,
        componentId: course.pre!.componentId,
        componentTitle: 'Pre-assessment',
        courseId: course.courseId,
        courseTitle: course.title,
        startedAt: expect.stringMatching(/Z$/),
        elapsedMinutes: 12,
        attemptNumber: 1,
        deadline: expect.stringMatching(/Z$/),
      },
    ]);
    const other = await enrolledLearner(course);
    expect((await api('GET', `${A}/incomplete`, { token: other.token })).body.hasIncomplete).toBe(false);
  });
});

describe('grading rules', () => {
  const assessment = readAssessment({
    passingScore: 70,
    questions: [
      { id: 'a', question: 'A', type: 'MCQ', points: 10, options: ['Yes', 'No'], correctAnswer: 'Yes' },
      { id: 'b', question: 'B', type: 'TRUE_FALSE', points: 10, correctAnswer: 'False' },
      { id: 'c', question: 'C', type: 'MCQ', points: 10, options: [{ text: 'One', isCorrect: false }, { text: 'Two', isCorrect: true }] },
      { id: 'd', question: 'No options', type: 'MCQ', points: 10, options: [] },
    ],
  });

  it('rounds to 2 decimals, reads plain-text options and leaves option-less MCQs out', () => {
    const grade = gradeAnswers(assessment, { a: 'yes', b: 'TRUE', c: 'One' });
    expect(grade).toMatchObject({ score: 33.33, passed: false, correctAnswers: 1, totalQuestions: 3 });
    expect(gradeAnswers(assessment, { a: 'Yes', b: 'false', c: 'Two' })).toMatchObject({ score: 100, passed: true });
    expect(gradeAnswers(assessment, { a: 'Yes', b: 'false' })).toMatchObject({ score: 66.67, passed: false });
  });

  it('passes at exactly the passing score', () => {
    const seventy = readAssessment({
      passingScore: 70,
      questions: [
        { id: 'x', question: 'X', type: 'TRUE_FALSE', points: 70, correctAnswer: 'true' },
        { id: 'y', question: 'Y', type: 'TRUE_FALSE', points: 30, correctAnswer: 'true' },
      ],
    });
    expect(gradeAnswers(seventy, { x: 'true', y: 'false' })).toMatchObject({ score: 70, passed: true });
  });
});

describe('D1 round trips under a synchronized start', () => {
  /**
   * D1 runs one query at a time per database, so when a whole site starts a timed assessment at once
   * every round trip of every learner queues behind the others (`npm run load`: 2,000 learners).
   * Counts the calls that reach the binding: a statement's first/all/run/raw, or one batch.
   */
  function countingD1(real: D1Database) {
    const count = { calls: 0 };
    const targets = new WeakMap<object, D1PreparedStatement>();
    const call = (run: () => unknown) => {
      count.calls += 1;
      return run();
    };
    const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
      const proxy = new Proxy(statement, {
        get(target, prop) {
          if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values));
          if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw') return (...args: unknown[]) => call(() => (target[prop] as (...a: unknown[]) => unknown)(...args));
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      targets.set(proxy, statement);
      return proxy;
    };
    // The Worker reads through a D1 session (withSession): the session is counted the same way.
    const wrapDb = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(inner, prop) {
          if (prop === 'prepare') return (query: string) => wrap((inner as unknown as D1Database).prepare(query));
          if (prop === 'batch') return (statements: D1PreparedStatement[]) => call(() => (inner as unknown as D1Database).batch(statements.map((s) => targets.get(s) ?? s)));
          if (prop === 'withSession') return (constraint?: string) => wrapDb((inner as unknown as D1Database).withSession(constraint) as object);
          const value = Reflect.get(inner, prop, inner);
          return typeof value === 'function' ? value.bind(inner) : value;
        },
      });
    const db = wrapDb(real);
    return { db, count };
  }

  async function callsFor(method: string, path: string, token: string, body?: unknown) {
    const { db: counted, count } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), { ...env, DB: counted }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status, await res.clone().text()).toBe(200);
    return { calls: count.calls, body: (await res.json()) as any };
  }

  it('starts an attempt in 2 D1 calls, resumes it in 1 and submits it in 2', async () => {
    const course = await createCourse();
    const { token } = await enrolledLearner(course);
    const componentId = course.pre!.componentId;
    // One read batch (the session check, the component's context, the open attempt, the attempts
    // used), then one write batch (the attempt, the component and course progress, the day's activity).
    const started = await callsFor('POST', `${A}/${componentId}/start`, token);
    expect(started.body.resumed).toBe(false);
    expect(started.calls).toBe(2);
    const resumed = await callsFor('POST', `${A}/${componentId}/start`, token);
    expect(resumed.body).toMatchObject({ resumed: true, attemptId: started.body.attemptId });
    expect(resumed.calls).toBe(1);
    const submitted = await callsFor('POST', `${A}/attempts/${started.body.attemptId}/submit`, token, { answers: {} });
    expect(submitted.body.submitReason).toBe('MANUAL');
    // One read batch, one closing batch (no certificate: nothing was answered).
    expect(submitted.calls).toBe(2);
  });
});
