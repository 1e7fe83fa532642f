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

  it('with the setting on refuses exactly as Start does when no attempt may start', async () => {
    const course = await createCourse();
    const { user, token } = await enrolledLearner(course);
    const pre = course.pre!;
    // Already completed: Start refuses another attempt, and so does the questions load.
    await db
      .update(schema.componentProgress)
      .set({ status: 'COMPLETED' })
      .where(
        and(eq(schema.componentProgress.userId, user.id), eq(schema.componentProgress.componentId, pre.componentId)),
      );
    const start = await api('POST', `${A}/${pre.componentId}/start`, { token });
    expect(start.status).not.toBe(200);
    const res = await withSetting('GET', `${A}/${pre.componentId}/questions`, token);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: start.status, code: start.body.code });
    expect(await attemptsOf(user.id, pre.componentId)).toEqual([]);
  });
});
