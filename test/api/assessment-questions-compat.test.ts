import { createExecutionContext } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/app';
import { createCourse } from './fixtures';
import { api, db, env, schema } from './helpers';
import { A, enrolledLearner } from './assessment-helpers';

// Issue 27, clients of the original API: they GET .../questions before POST .../start. With the
// opt-in setting QUESTIONS_OPEN_ATTEMPT the GET opens the attempt by every start rule; without it,
// questions are served only inside an attempt (today's rule).

vi.setConfig({ testTimeout: 30_000 });

/** A request to the Worker with the original-API setting on. */
async function withSetting(method: string, path: string, token: string) {
  const request = new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const response = await app.fetch(request, { ...env, QUESTIONS_OPEN_ATTEMPT: 'true' }, createExecutionContext());
  return { status: response.status, body: (await response.json()) as any };
}

const attemptsOf = (userId: string, componentId: string) =>
  db
    .select()
    .from(schema.attempts)
    .where(and(eq(schema.attempts.userId, userId), eq(schema.attempts.componentId, componentId)));

describe('GET .../questions for clients of the original API', () => {
  it('with the setting off (the default) serves no questions and opens nothing before Start', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const res = await api('GET', `${A}/${course.pre!.componentId}/questions`, { token });
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual([]);
    expect(res.body.openAttemptId).toBeNull();
    expect(await attemptsOf(user.id, course.pre!.componentId)).toEqual([]);
  });

  it('with the setting on opens the attempt and serves its questions; the clock starts then and Start resumes it', async () => {
    const course = await createCourse({ timeLimit: 15 });
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const before = Date.now();
    const res = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.questions.map((q: { id: string }) => q.id).sort()).toEqual([...pre.questionIds].sort());
    const rows = await attemptsOf(user.id, pre.componentId);
    expect(rows).toHaveLength(1);
    expect(res.body.openAttemptId).toBe(rows[0].id);
    expect(Date.parse(rows[0].startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(rows[0].deadlineAt!) - Date.parse(rows[0].startedAt)).toBe(15 * 60_000);
    // A second load serves the same attempt; the original client's Start then resumes it.
    const again = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    expect(again.body.openAttemptId).toBe(rows[0].id);
    const started = await withSetting('POST', `${A}/${pre.componentId}/start`, token);
    expect(started.body).toMatchObject({ attemptId: rows[0].id, resumed: true });
    expect(await attemptsOf(user.id, pre.componentId)).toHaveLength(1);
  });

  // The spec's assessment page after a pass shows the result and lets the learner review it; an
  // original-API client loads .../questions first, so a 409 there broke the page of every passed
  // assessment. The setting changes only the case where a Start would open an attempt.
  it('with the setting on answers a passed assessment as the setting off does: its intro, no attempt opened', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const opened = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    const submitted = await api('POST', `${A}/attempts/${opened.body.openAttemptId}/submit`, {
      token,
      body: { answers: pre.answers },
    });
    expect(submitted.body.passed, JSON.stringify(submitted.body)).toBe(true);

    const off = await api('GET', `${A}/${pre.componentId}/questions`, { token });
    const on = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toEqual(off.body);
    expect(on.body).toMatchObject({ questions: [], openAttemptId: null, questionCount: pre.questionIds.length });
    expect(await attemptsOf(user.id, pre.componentId)).toHaveLength(1);
    // Start itself still refuses another attempt.
    expect((await withSetting('POST', `${A}/${pre.componentId}/start`, token)).status).toBe(409);
  });

  it('with the setting on answers an assessment with no attempts left by its intro too, and a locked one as Start does', async () => {
    const course = await createCourse({ maxAttempts: 1 });
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    const opened = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    const submitted = await api('POST', `${A}/attempts/${opened.body.openAttemptId}/submit`, { token, body: {} });
    expect(submitted.body.passed, JSON.stringify(submitted.body)).toBe(false);
    const off = await api('GET', `${A}/${pre.componentId}/questions`, { token });
    const on = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    expect({ status: on.status, body: on.body }).toEqual({ status: 200, body: off.body });
    expect(await attemptsOf(user.id, pre.componentId)).toHaveLength(1);

    // The post-assessment is behind the material: refused with the setting exactly as without it.
    const post = course.post!;
    const lockedOff = await api('GET', `${A}/${post.componentId}/questions`, { token });
    const lockedOn = await withSetting('GET', `${A}/${post.componentId}/questions`, token);
    expect(lockedOff.status).toBe(409);
    expect({ status: lockedOn.status, code: lockedOn.body.code }).toEqual({
      status: lockedOff.status,
      code: lockedOff.body.code,
    });
    expect(await attemptsOf(user.id, post.componentId)).toEqual([]);
  });
});
