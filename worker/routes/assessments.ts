import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idString } from '../contract/common';
import * as v from 'valibot';
import {
  attemptsLeft,
  autosaveBody,
  canRetryAssessment,
  submitBody,
  type AttemptsResponse,
  type AutosaveResponse,
  type CanRetryResponse,
  type IncompleteAttemptsResponse,
  type LatestAttemptResponse,
  type QuestionsResponse,
} from '../contract/assessments';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import { attempts, components, courses } from '../db/schema';
import type { AppEnv } from '../env';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { ApiError } from '../errors';
import {
  ALREADY_SUBMITTED_MESSAGE,
  ATTEMPT_NOT_FOUND,
  isPastGrace,
  toAttemptResult,
  usedAttempts,
  usedAttemptsQuery,
  toUsedAttempts,
  assessmentQuery,
  toLoadedAssessment,
  inCurrentCycle,
} from '../services/assessments';
import { assertUnlocked, componentContextQueries, componentTitle, learningActivityUpsert } from '../services/progress';
import { assessmentTerms } from '../services/grading';
import { validate } from '../validate';
import {
  assessmentContext,
  attemptQuestions,
  openAttemptReads,
  ownAttemptQuery,
  startResponse,
  submit,
} from './assessments/attempt-flow';
import { startAttempt, startAttemptIfStartable, startReads } from './assessments/start-attempt';

const componentParam = v.object({ componentId: idString });

/** An autosave's reads: the attempt and its assessment (a template: see db/prepared.ts). */
const buildAutosaveReads = (db: Db, { userId, attemptId }: { userId: string; attemptId: string }) =>
  [
    db
      .select()
      .from(attempts)
      .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
      .limit(1),
    assessmentQuery(
      db,
      sql`(SELECT a.component_id FROM assessment_attempts a WHERE a.id = ${attemptId} AND a.user_id = ${userId})`,
    ),
  ] as const;

/** The learner's attempts in the current cycle (a template: see db/prepared.ts; values are placeholders). */
const buildAttemptList = (db: Db, { userId, componentId }: { userId: string; componentId: string }) =>
  [
    db
      .select()
      .from(attempts)
      .where(and(eq(attempts.userId, userId), eq(attempts.componentId, componentId), inCurrentCycle))
      .orderBy(asc(attempts.attemptNumber)),
  ] as const;
const attemptParam = v.object({ attemptId: idString });

export const assessments = new Hono<AppEnv>()
  .get('/incomplete', requireLearner, async (c) => {
    const db = c.var.db;
    const rows = await db
      .select({ attempt: attempts, data: components.data, type: components.type, courseTitle: courses.title })
      .from(attempts)
      .innerJoin(components, eq(components.id, attempts.componentId))
      .innerJoin(courses, eq(courses.id, attempts.courseId))
      .where(and(eq(attempts.userId, c.var.user.id), isNull(attempts.submittedAt)))
      .orderBy(asc(attempts.startedAt));
    const now = Date.now();
    const body: IncompleteAttemptsResponse = {
      hasIncomplete: rows.length > 0,
      incompleteAttempts: rows.map((r) => ({
        attemptId: r.attempt.id,
        componentId: r.attempt.componentId,
        componentTitle: componentTitle({ data: r.data, type: r.type }),
        courseId: r.attempt.courseId,
        courseTitle: r.courseTitle,
        startedAt: r.attempt.startedAt,
        elapsedMinutes: Math.max(0, Math.floor((now - Date.parse(r.attempt.startedAt)) / 60000)),
        attemptNumber: r.attempt.attemptNumber,
        deadline: r.attempt.deadlineAt ?? r.attempt.startedAt,
        remainingSeconds: r.attempt.deadlineAt
          ? Math.max(0, Math.floor((Date.parse(r.attempt.deadlineAt) - now) / 1000))
          : 0,
      })),
    };
    return c.json(body);
  })

  .get('/attempts/:attemptId', inFirstBatch(requireLearner), validate('param', attemptParam), async (c) => {
    const attemptId = c.req.valid('param').attemptId;
    // One round trip: the attempt, its assessment and the attempts used, each found through the
    // attempt's own component (a subquery), with the session check.
    const { result } = await sessionInFirstBatch(c, (db, userId) => {
      const componentOf = sql`(SELECT a2.component_id FROM assessment_attempts a2 WHERE a2.id = ${attemptId} AND a2.user_id = ${userId})`;
      return db.batch([
        ownAttemptQuery(db, userId, attemptId),
        assessmentQuery(db, componentOf),
        usedAttemptsQuery(db, userId, componentOf),
      ]);
    });
    const [[attempt], [assessmentRow], [usedRow]] = result;
    if (!attempt) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
    // The answer key is only ever shown for a submitted attempt.
    if (!attempt.submittedAt) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
    const loaded = toLoadedAssessment(assessmentRow);
    if (!loaded) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
    const used = toUsedAttempts(usedRow);
    return c.json(
      toAttemptResult(attempt, loaded.assessment.passingScore, attemptsLeft(loaded.assessment.maxAttempts, used.count)),
    );
  })

  .put(
    '/attempts/:attemptId/answers',
    inFirstBatch(requireLearner),
    validate('param', attemptParam),
    validate('json', autosaveBody),
    async (c) => {
      const body = c.req.valid('json');
      const attemptId = c.req.valid('param').attemptId;
      // One read batch (it also carries the session check): the attempt and its assessment.
      const { result } = await sessionInFirstBatch(c, (db, userId) =>
        db.batch(preparedReads(db, 'autosave', {}, { userId, attemptId }, buildAutosaveReads)),
      );
      const db = c.var.db;
      const [attemptRows, assessmentRows] = result;
      const attempt = attemptRows[0];
      if (!attempt) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
      if (attempt.submittedAt) throw new ApiError('ALREADY_SUBMITTED', ALREADY_SUBMITTED_MESSAGE);
      const now = new Date();
      if (isPastGrace(attempt, now))
        throw new ApiError(
          'ATTEMPT_EXPIRED',
          'The time for this attempt is over. It is graded on the answers saved so far.',
        );
      const loaded = toLoadedAssessment(assessmentRows[0]);
      if (!loaded) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
      const patch: Record<string, string | null> =
        'questionId' in body ? { [body.questionId]: body.answer } : body.answers;
      const known = new Set(loaded.assessment.questions.map((q) => q.id));
      const unknown = Object.keys(patch).filter((id) => !known.has(id));
      if (unknown.length > 0)
        throw new ApiError('VALIDATION_FAILED', 'Unknown question', {
          fields: Object.fromEntries(unknown.map((id) => [id, 'Unknown question'])),
        });
      // Merged in SQL: two autosaves in flight at once both land (null removes an answer).
      const [saved] = await db.batch([
        db
          .update(attempts)
          .set({ answers: sql`json_patch(${attempts.answers}, ${JSON.stringify(patch)})` })
          .where(and(eq(attempts.id, attempt.id), isNull(attempts.submittedAt)))
          .returning({ answers: attempts.answers }),
        learningActivityUpsert(db, attempt.userId, now),
      ]);
      if (!saved[0]) throw new ApiError('ALREADY_SUBMITTED', ALREADY_SUBMITTED_MESSAGE);
      const body_: AutosaveResponse = {
        message: 'Answers saved',
        attemptId: attempt.id,
        answers: saved[0].answers ?? {},
        deadline: attempt.deadlineAt ?? attempt.startedAt,
        serverTime: now.toISOString(),
      };
      return c.json(body_);
    },
  )

  .post(
    '/attempts/:attemptId/submit',
    inFirstBatch(requireLearner),
    validate('param', attemptParam),
    validate('json', submitBody),
    async (c) => {
      return c.json(await submit(c, c.req.valid('param').attemptId, c.req.valid('json'), 'MANUAL'));
    },
  )

  .post(
    '/attempts/:attemptId/auto-submit',
    inFirstBatch(requireLearner),
    validate('param', attemptParam),
    validate('json', submitBody),
    async (c) => {
      return c.json(await submit(c, c.req.valid('param').attemptId, c.req.valid('json'), 'AUTO'));
    },
  )

  .get('/:componentId/questions', inFirstBatch(requireLearner), validate('param', componentParam), async (c) => {
    const componentId = c.req.valid('param').componentId;
    // One round trip: the component's context and the open attempt, with the session check.
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch([...componentContextQueries(db, userId, componentId), ...openAttemptReads(db, userId, componentId)]),
    );
    const [c0, c1, c2, c3, c4, c5, [found]] = result;
    const db = c.var.db;
    const ctx = await assessmentContext(db, user, componentId, [c0, c1, c2, c3, c4, c5]);
    assertUnlocked(ctx);
    let open: typeof found | undefined = found;
    // The original-API setting (off by default): clients that load questions before they start get
    // the attempt opened here, by the same start rules, so the clock starts when questions are served.
    // A passed assessment, or one with no attempts left, opens nothing: its intro, as with the setting off.
    if (!open && c.var.config.questionsOpenAttempt) {
      const reads = await startReads(db, user.id, componentId);
      open = (await startAttemptIfStartable(db, user, componentId, reads, new Date())).attempt ?? undefined;
    }
    const a = ctx.assessment;
    // No question text before Start: the clock of a timed assessment starts with the attempt.
    const body: QuestionsResponse = {
      ...assessmentTerms(a),
      questions: open ? attemptQuestions(a, open) : [],
      openAttemptId: open?.id ?? null,
    };
    return c.json(body);
  })

  .post('/:componentId/start', inFirstBatch(requireLearner), validate('param', componentParam), async (c) => {
    const componentId = c.req.valid('param').componentId;
    // One read batch (it also carries the session check).
    const { user, result } = await sessionInFirstBatch(c, (db, userId) => startReads(db, userId, componentId));
    const now = new Date();
    const started = await startAttempt(c.var.db, user, componentId, result, now);
    return c.json(startResponse(started.attempt, started.assessment, started.resumed, now));
  })

  .get('/:componentId/attempts', inFirstBatch(requireLearner), validate('param', componentParam), async (c) => {
    const componentId = c.req.valid('param').componentId;
    // One round trip: the component's context and the attempts, with the session check.
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch([
        ...componentContextQueries(db, userId, componentId),
        ...preparedReads(db, 'attempts', {}, { userId, componentId }, buildAttemptList),
      ]),
    );
    const [c0, c1, c2, c3, c4, c5, rows] = result;
    const ctx = await assessmentContext(c.var.db, user, componentId, [c0, c1, c2, c3, c4, c5]);
    const body: AttemptsResponse = {
      attempts: rows.map((a) => {
        const end = a.submittedAt
          ? Math.min(Date.parse(a.submittedAt), a.deadlineAt ? Date.parse(a.deadlineAt) : Infinity)
          : null;
        return {
          attemptId: a.id,
          attemptNumber: a.attemptNumber,
          score: a.score,
          passed: a.submittedAt ? a.passed === true : null,
          startedAt: a.startedAt,
          submittedAt: a.submittedAt,
          timeTakenSeconds: end != null ? Math.max(0, Math.round((end - Date.parse(a.startedAt)) / 1000)) : null,
          language: a.language,
        };
      }),
      totalAttempts: rows.length,
      remainingAttempts: attemptsLeft(ctx.assessment.maxAttempts, rows.length),
    };
    return c.json(body);
  })

  // Whether another attempt may start: not yet passed and attempts left.
  .get('/:componentId/can-retry', requireLearner, validate('param', componentParam), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const ctx = await assessmentContext(db, user, c.req.valid('param').componentId);
    const used = await usedAttempts(db, user.id, ctx.component.id);
    const maxAttempts = ctx.assessment.maxAttempts;
    return c.json({
      canRetry: canRetryAssessment({
        passed: used.passed || ctx.row.status === 'COMPLETED',
        maxAttempts,
        usedAttempts: used.count,
      }),
      remainingAttempts: attemptsLeft(maxAttempts, used.count),
      attemptsUsed: used.count,
      maxAttempts,
    } satisfies CanRetryResponse);
  })

  .get('/:componentId/latest-attempt', requireLearner, validate('param', componentParam), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const ctx = await assessmentContext(db, user, c.req.valid('param').componentId);
    const [latest, used] = await Promise.all([
      db
        .select()
        .from(attempts)
        .where(
          and(
            eq(attempts.userId, user.id),
            eq(attempts.componentId, ctx.component.id),
            isNotNull(attempts.submittedAt),
            inCurrentCycle,
          ),
        )
        .orderBy(desc(attempts.attemptNumber))
        .get(),
      usedAttempts(db, user.id, ctx.component.id),
    ]);
    const remainingAttempts = attemptsLeft(ctx.assessment.maxAttempts, used.count);
    const canRetry = canRetryAssessment({
      passed: used.passed || ctx.row.status === 'COMPLETED',
      maxAttempts: ctx.assessment.maxAttempts,
      usedAttempts: used.count,
    });
    const body: LatestAttemptResponse = latest
      ? {
          hasAttempt: true,
          attemptId: latest.id,
          attemptNumber: latest.attemptNumber,
          score: latest.score ?? 0,
          passed: latest.passed === true,
          canRetry,
          remainingAttempts,
        }
      : { hasAttempt: false, canRetry, remainingAttempts };
    return c.json(body);
  });
