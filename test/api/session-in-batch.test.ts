import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { ApiError } from '../../worker/errors';
import { foldCheckIntoFirstBatch } from '../../worker/db/first-batch-check';
import { routeGuards } from '../../worker/middleware/route-guards';
import { createCourse, enroll } from './fixtures';
import { api, createAdmin, createUser, db, env, login, schema } from './helpers';

/** The routes whose guard is `inFirstBatch(...)`: their handler's first batch carries the session row. */
const SESSION_IN_FIRST_BATCH = [
  'GET /api/v2/user/courses',
  'GET /api/v2/user/courses/:id',
  'GET /api/v2/user/progress/courses',
  'GET /api/v2/user/progress/courses/:id',
  'GET /api/v2/user/reports',
  'GET /api/v2/user/requirements',
  'GET /api/v2/admin/compliance',
  'GET /api/v2/team/tasks/:id/qualified',
  // Issue 30: the badge status of a scanned badge, in the supervisor's one batch.
  'GET /api/v2/badges/:signedId/status',
  'POST /api/v2/user/assessments/:componentId/start',
  'PUT /api/v2/user/assessments/attempts/:attemptId/answers',
  'POST /api/v2/user/assessments/attempts/:attemptId/submit',
  'POST /api/v2/user/assessments/attempts/:attemptId/auto-submit',
  'GET /api/v2/user/assessments/:componentId/questions',
  // Issue 31: every learner read in one round trip, every learner write in at most two.
  'GET /api/announcements/active',
  'GET /api/v2/certificates/user/all',
  'GET /api/v2/user/assessments/:componentId/attempts',
  'GET /api/v2/user/assessments/attempts/:attemptId',
  'POST /api/v2/user/progress/courses/:id/enroll',
  'POST /api/v2/user/progress/courses/:id/recertify',
  'POST /api/v2/user/progress/components/:id/start',
  'PUT /api/v2/user/progress/components/:id/progress',
  'POST /api/v2/user/progress/components/:id/complete',
  'PUT /api/v2/user/progress/components/:id/time',
  'PUT /api/v2/scorm/components/:id/runtime',
];

/**
 * The learner reads of SESSION_IN_FIRST_BATCH judge the session inside their own first D1 batch.
 * Every way a session ends must answer exactly as on a route that checks it on its own
 * (GET /api/v2/user/assessments/incomplete), and a refused session must never see or write data.
 */
const EAGER = '/api/v2/user/assessments/incomplete';

let courseId: string;
let bookId: string;
let folded: string[];

beforeAll(async () => {
  const course = await createCourse();
  courseId = course.courseId;
  bookId = course.domainId;
  folded = [
    '/api/v2/user/courses',
    `/api/v2/user/courses/${courseId}`,
    '/api/v2/user/progress/courses',
    `/api/v2/user/progress/courses/${courseId}`,
    '/api/v2/user/reports',
    '/api/v2/user/requirements',
  ];
});

async function enrolledLearner() {
  const user = await createUser({ domainIds: [bookId] });
  const token = await login(user);
  await enroll(token, courseId);
  return { user, token };
}

async function expectSameAnswerAsEager(token: string, expected: { status: number; code: string }) {
  const eager = await api('GET', EAGER, { token });
  expect(eager.status).toBe(expected.status);
  expect(eager.body.code).toBe(expected.code);
  for (const path of folded) {
    const res = await api('GET', path, { token });
    expect({ path, status: res.status, body: res.body }).toEqual({ path, status: eager.status, body: eager.body });
  }
}

describe('a session judged in the first batch', () => {
  it('is declared on exactly these routes (inFirstBatch guards in the route table)', () => {
    const declared = routeGuards(app.routes)
      .filter((r) => r.guards.some((g) => g.inFirstBatch))
      .map((r) => `${r.method} ${r.path}`);
    expect(declared.sort()).toEqual([...SESSION_IN_FIRST_BATCH].sort());
    expect(folded.length).toBe(
      SESSION_IN_FIRST_BATCH.filter((r) => r.startsWith('GET /api/v2/user/') && !r.includes('/assessments/')).length,
    );
  });

  it('serves a valid session', async () => {
    const { token } = await enrolledLearner();
    for (const path of folded) {
      const res = await api('GET', path, { token });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const detail = await api('GET', `/api/v2/user/courses/${courseId}`, { token });
    expect(detail.body).toMatchObject({ id: courseId, enrollmentStatus: 'enrolled', components: expect.any(Array) });
  });

  it('ends at once after logout', async () => {
    const { token } = await enrolledLearner();
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    await expectSameAnswerAsEager(token, { status: 401, code: 'UNAUTHORIZED' });
  });

  it('ends at once when the token version moves (password change, reset)', async () => {
    const { user, token } = await enrolledLearner();
    await db
      .update(schema.users)
      .set({ tokenVersion: sql`${schema.users.tokenVersion} + 1` })
      .where(eq(schema.users.id, user.id));
    await expectSameAnswerAsEager(token, { status: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses a leaver with the reason, and a deleted user', async () => {
    const leaver = await enrolledLearner();
    await db
      .update(schema.users)
      .set({ deactivatedAt: new Date().toISOString() })
      .where(eq(schema.users.id, leaver.user.id));
    await expectSameAnswerAsEager(leaver.token, { status: 401, code: 'ACCOUNT_DEACTIVATED' });
    const gone = await enrolledLearner();
    await db.delete(schema.users).where(eq(schema.users.id, gone.user.id));
    await expectSameAnswerAsEager(gone.token, { status: 401, code: 'UNAUTHORIZED' });
  });

  it('holds back an account that must change its password', async () => {
    const { user, token } = await enrolledLearner();
    await db.update(schema.users).set({ mustChangePassword: true }).where(eq(schema.users.id, user.id));
    await expectSameAnswerAsEager(token, { status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
  });

  it('answers 401 before judging the query of an ended session', async () => {
    const { token } = await enrolledLearner();
    expect((await api('GET', '/api/v2/user/courses?limit=abc', { token })).status).toBe(400);
    await api('POST', '/api/auth/logout', { token });
    expect((await api('GET', '/api/v2/user/courses?limit=abc', { token })).status).toBe(401);
  });

  it('keeps the compliance matrix to administrators with Report Generation', async () => {
    const learner = await login(await createUser());
    const matrix = '/api/v2/admin/compliance';
    expect((await api('GET', matrix, { token: learner })).status).toBe(403);
    const limited = await login(await createAdmin({ permissions: { reportGeneration: false } }));
    const refused = await api('GET', matrix, { token: limited });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Report Generation/);
    const admin = await login(await createAdmin());
    expect((await api('GET', matrix, { token: admin })).status).toBe(200);
    await api('POST', '/api/auth/logout', { token: admin });
    expect((await api('GET', matrix, { token: admin })).status).toBe(401);
  });
});

describe('assessment calls with the session judged in their first batch', () => {
  it('start, autosave and submit of an ended session answer 401 and change nothing', async () => {
    const course = await createCourse();
    const user = await createUser({ domainIds: [course.domainId] });
    const token = await login(user);
    await enroll(token, course.courseId);
    const pre = course.componentIds[0];
    const started = await api('POST', `/api/v2/user/assessments/${pre}/start`, { token });
    expect(started.status).toBe(200);
    const attemptId = started.body.attemptId as string;
    const [question] = started.body.questions as { id: string }[];
    const saved = await api('PUT', `/api/v2/user/assessments/attempts/${attemptId}/answers`, {
      token,
      body: { questionId: question.id, answer: 'first' },
    });
    expect(saved.status).toBe(200);

    await db
      .update(schema.users)
      .set({ tokenVersion: sql`${schema.users.tokenVersion} + 1` })
      .where(eq(schema.users.id, user.id));
    const before = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id));
    expect(
      (
        await api('PUT', `/api/v2/user/assessments/attempts/${attemptId}/answers`, {
          token,
          body: { questionId: question.id, answer: 'second' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await api('POST', `/api/v2/user/assessments/attempts/${attemptId}/submit`, { token, body: {} })).status,
    ).toBe(401);
    expect(
      (await api('POST', `/api/v2/user/assessments/attempts/${attemptId}/auto-submit`, { token, body: {} })).status,
    ).toBe(401);
    expect((await api('POST', `/api/v2/user/assessments/${pre}/start`, { token })).status).toBe(401);
    expect((await api('GET', `/api/v2/user/assessments/${pre}/questions`, { token })).status).toBe(401);
    expect(await db.select().from(schema.attempts).where(eq(schema.attempts.userId, user.id))).toEqual(before);
    expect(before).toHaveLength(1);
    expect(before[0].submittedAt).toBeNull();
    expect(before[0].answers).toEqual({ [question.id]: 'first' });
  });
});

describe('foldCheckIntoFirstBatch', () => {
  const refuse = () => {
    throw new ApiError('UNAUTHORIZED', 'refused');
  };
  const check = (judge: (row: Record<string, unknown> | null) => void) => ({
    statement: env.DB.prepare('SELECT 1 AS ok'),
    judge,
  });
  const marker = () => `fold-${crypto.randomUUID()}`;
  const countRevoked = async (jti: string) =>
    (await db.select().from(schema.revokedTokens).where(eq(schema.revokedTokens.jti, jti))).length;

  it('hands back no read result when the check refuses', async () => {
    const folded = drizzle(foldCheckIntoFirstBatch(env.DB, check(refuse)).d1);
    await expect(folded.batch([folded.select().from(schema.users).limit(1)])).rejects.toThrow('refused');
  });

  it('writes nothing when the check refuses, alone or in a batch', async () => {
    const jti = marker();
    const insert = (d: ReturnType<typeof drizzle>) =>
      d.insert(schema.revokedTokens).values({ jti, expiresAt: new Date().toISOString() });
    const inBatch = drizzle(foldCheckIntoFirstBatch(env.DB, check(refuse)).d1);
    await expect(inBatch.batch([inBatch.select().from(schema.users).limit(1), insert(inBatch)])).rejects.toThrow(
      'refused',
    );
    const alone = drizzle(foldCheckIntoFirstBatch(env.DB, check(refuse)).d1);
    // drizzle wraps it ("Failed query"), with the refusal as the cause (onError answers the cause).
    await expect(insert(alone)).rejects.toSatisfy(
      (error: Error) => error.cause instanceof ApiError && error.cause.message === 'refused',
    );
    expect(await countRevoked(jti)).toBe(0);
  });

  it('judges once, in the first read batch, and then runs everything', async () => {
    const seen: unknown[] = [];
    const { d1, settle } = foldCheckIntoFirstBatch(
      env.DB,
      check((row) => seen.push(row)),
    );
    const folded = drizzle(d1);
    const [first] = await folded.batch([folded.select({ n: sql<number>`2` }).from(schema.users).limit(1)]);
    expect(first).toEqual([{ n: 2 }]);
    const jti = marker();
    await folded.insert(schema.revokedTokens).values({ jti, expiresAt: new Date().toISOString() });
    await settle();
    expect(seen).toEqual([{ ok: 1 }]);
    expect(await countRevoked(jti)).toBe(1);
  });
});
