import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { gradeAnswers, readAssessment } from '../../worker/services/grading';
import { createCourse } from './fixtures';
import { countedCall } from './d1-counting';
import { api, db, schema } from './helpers';
import { A, enrolledLearner, start, attemptRow, componentRow, backdate } from './assessment-helpers';

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

describe('submit', () => {
  it('grades on the server: flat map, MCQ by option id or text, TRUE_FALSE, weighted score and detailed results', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const [q1, q2, q3] = pre.questionIds;
    const attempt = await start(token, pre.componentId);
    // q1 right by option id, q2 wrong, q3 right by text in another case: (10 + 20) / 40 = 75.
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, {
      token,
      body: { [q1]: pre.correctOptionIds[q1], [q2]: 'false', [q3]: ' raise the ALARM ' },
    });
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
      {
        questionId: q1,
        question: expect.any(String),
        isCorrect: true,
        userAnswer: 'CO2',
        correctAnswer: 'CO2',
        explanation: 'Because CO2 is right.',
      },
      {
        questionId: q2,
        question: expect.any(String),
        isCorrect: false,
        userAnswer: 'false',
        correctAnswer: 'true',
        explanation: 'Site rule 4.',
      },
      {
        questionId: q3,
        question: expect.any(String),
        isCorrect: true,
        userAnswer: 'Raise the alarm',
        correctAnswer: 'Raise the alarm',
        explanation: expect.any(String),
      },
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
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, {
      token,
      body: { answers: { [pre.questionIds[2]]: 'Raise the alarm' } },
    });
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

  it('answers a retried submit of the same answers with the stored result, and changes nothing (issue 31)', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const attempt = await start(token, pre.componentId);
    const send = (path: 'submit' | 'auto-submit', answers: Record<string, string>) =>
      api('POST', `${A}/attempts/${attempt.attemptId}/${path}`, { token, body: { answers } });
    const first = await send('submit', pre.answers);
    expect(first.status).toBe(200);
    expect(first.body.passed).toBe(true);
    const attemptBefore = await attemptRow(attempt.attemptId);
    const componentBefore = await componentRow(user.id, pre.componentId);
    // The first answer was lost on the way (a 5xx, a dropped connection): the client sends it again.
    const retried = await send('submit', pre.answers);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
    expect((await send('auto-submit', pre.answers)).body).toEqual(first.body);
    // Other answers are a second submission.
    expect((await send('submit', pre.wrongAnswers)).status).toBe(409);
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
    expect(await componentRow(user.id, pre.componentId)).toMatchObject({
      attempts: 1,
      status: winner.passed ? 'COMPLETED' : 'FAILED',
      score: winner.score,
    });
  });

  it('grades a submit after the deadline and grace on the saved answers only', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const [q1, q2, q3] = pre.questionIds;
    const attempt = await start(token, pre.componentId);
    const saved = await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, {
      token,
      body: { questionId: q3, answer: 'Raise the alarm' },
    });
    expect(saved.status).toBe(200);
    await backdate(attempt.attemptId, 31, 60);

    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/submit`, {
      token,
      body: { [q1]: 'CO2', [q2]: 'true', [q3]: 'Raise the alarm' },
    });
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
    await api('PUT', `${A}/attempts/${attempt.attemptId}/answers`, {
      token,
      body: { answers: { [pre.questionIds[0]]: 'CO2', [pre.questionIds[1]]: 'true' } },
    });
    const res = await api('POST', `${A}/attempts/${attempt.attemptId}/auto-submit`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      score: 50,
      passed: false,
      correctAnswers: 2,
      totalQuestions: 3,
      submitReason: 'AUTO',
    });
    expect(res.body.detailedResults[2]).toMatchObject({
      isCorrect: false,
      userAnswer: null,
      correctAnswer: 'Raise the alarm',
    });
  });

  it('records the day as a learning day, and writes it only when the read did not find it recorded', async () => {
    const course = await createCourse();
    const pre = course.pre!;
    const learningDays = (userId: string) =>
      db.select().from(schema.learningActivity).where(eq(schema.learningActivity.userId, userId)).all();
    const today = new Date().toISOString().slice(0, 10);
    // The day already recorded (by the start): the submit sends no learning-activity write.
    const first = await enrolledLearner(course);
    const opened = await start(first.token, pre.componentId);
    expect(await learningDays(first.user.id)).toEqual([{ userId: first.user.id, day: today, seconds: 0 }]);
    const submitted = await countedCall('POST', `${A}/attempts/${opened.attemptId}/submit`, first.token, {});
    expect(submitted.res.status).toBe(200);
    expect(submitted.statements.filter((s) => s.sql.includes('insert into "learning_activity"'))).toEqual([]);
    expect(await learningDays(first.user.id)).toEqual([{ userId: first.user.id, day: today, seconds: 0 }]);
    // Not recorded when the submit reads: it records it.
    const second = await enrolledLearner(course);
    const again = await start(second.token, pre.componentId);
    await db.delete(schema.learningActivity).where(eq(schema.learningActivity.userId, second.user.id));
    const res = await api('POST', `${A}/attempts/${again.attemptId}/submit`, { token: second.token, body: {} });
    expect(res.status).toBe(200);
    expect(await learningDays(second.user.id)).toEqual([{ userId: second.user.id, day: today, seconds: 0 }]);
  });
});

describe('grading rules', () => {
  const assessment = readAssessment({
    passingScore: 70,
    questions: [
      { id: 'a', question: 'A', type: 'MCQ', points: 10, options: ['Yes', 'No'], correctAnswer: 'Yes' },
      { id: 'b', question: 'B', type: 'TRUE_FALSE', points: 10, correctAnswer: 'False' },
      {
        id: 'c',
        question: 'C',
        type: 'MCQ',
        points: 10,
        options: [
          { text: 'One', isCorrect: false },
          { text: 'Two', isCorrect: true },
        ],
      },
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
