import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { isAssessmentType } from '../../contract/course';
import {
  attemptsLeft,
  secondsUntil,
  type LearnerQuestion,
  type StartAttemptResponse,
} from '../../contract/assessments';
import type { Db } from '../../db/client';
import { preparedReads } from '../../db/prepared';
import { attempts, componentProgress, components } from '../../db/schema';
import type { AppEnv, AuthUser } from '../../env';
import { sessionInFirstBatch } from '../../middleware/auth';
import { ApiError } from '../../errors';
import {
  ALREADY_SUBMITTED_MESSAGE,
  ATTEMPT_NOT_FOUND,
  closeAttempt,
  isPastGrace,
  attemptToSubmitQuery,
  toAttemptResult,
  toLoadedAssessment,
  type AttemptRecord,
} from '../../services/assessments';
import {
  learnerQuestions,
  questionOrderFor,
  readAssessment,
  shuffleSeed,
  type Assessment,
} from '../../services/grading';
import {
  activityDay,
  componentContext,
  type ComponentContext,
  type ContextRows,
  type CourseProgressRow,
} from '../../services/progress';

/*
 * The learner's attempt flow behind routes/assessments.ts: reading an assessment component and an
 * attempt with the access rules applied, the start response, and submit (manual and automatic).
 */
/** The learner's view of an assessment component, with the component access rules applied. */
export async function assessmentContext(
  db: Db,
  user: AuthUser,
  componentId: string,
  rows?: ContextRows,
): Promise<ComponentContext & { assessment: Assessment }> {
  const ctx = await componentContext(db, user, componentId, rows);
  if (!isAssessmentType(ctx.component.type)) throw new ApiError('NOT_FOUND', 'Assessment not found');
  return { ...ctx, assessment: readAssessment(ctx.component.data, { passingScore: ctx.course.passingScore }) };
}

export const openAttemptQuery = (db: Db, userId: string, componentId: string) =>
  db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.componentId, componentId), isNull(attempts.submittedAt)))
    .limit(1);

/** openAttemptQuery for a batch, built once per isolate (a template: see db/prepared.ts). */
export const openAttemptReads = (db: Db, userId: string, componentId: string) =>
  preparedReads(db, 'open attempt', {}, { userId, componentId }, buildOpenAttempt);

const buildOpenAttempt = (db: Db, { userId, componentId }: { userId: string; componentId: string }) =>
  [openAttemptQuery(db, userId, componentId)] as const;

export async function openAttempt(db: Db, userId: string, componentId: string): Promise<AttemptRecord | undefined> {
  return (await openAttemptQuery(db, userId, componentId))[0];
}

/** The caller's own attempt (none: 404, someone else's attempt does not exist for them). */
export const ownAttemptQuery = (db: Db, userId: string, attemptId: string) =>
  db
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .limit(1);

/** The questions of an open attempt, in the order its start stored (seeded by user, component and attempt number). */
export function attemptQuestions(assessment: Assessment, attempt: AttemptRecord): LearnerQuestion[] {
  const seed = shuffleSeed(attempt.userId, attempt.componentId, attempt.attemptNumber);
  return learnerQuestions(assessment, attempt.questionOrder ?? questionOrderFor(assessment, seed), seed);
}

export function startResponse(
  attempt: AttemptRecord,
  assessment: Assessment,
  resumed: boolean,
  now: Date,
): StartAttemptResponse {
  const deadline = attempt.deadlineAt ?? attempt.startedAt;
  return {
    questions: attemptQuestions(assessment, attempt),
    attemptId: attempt.id,
    attemptNumber: attempt.attemptNumber,
    startedAt: attempt.startedAt,
    deadline,
    message: resumed ? 'Resuming your assessment attempt' : 'Assessment started',
    resumed,
    answers: attempt.answers ?? {},
    serverTime: now.toISOString(),
    remainingSeconds: secondsUntil(deadline, now.getTime()),
  };
}

/** Answers from a body, restricted to the assessment's question ids. */
function knownAnswers(assessment: Assessment, given: Record<string, string>): Record<string, string> {
  const ids = new Set(assessment.questions.map((q) => q.id));
  return Object.fromEntries(Object.entries(given).filter(([id]) => ids.has(id)));
}

/** A submit's reads (a template: see db/prepared.ts; values are placeholders). */
function buildSubmitReads(
  db: Db,
  { userId, attemptId, readDay }: { userId: string; attemptId: string; readDay: string },
) {
  const courseOfAttempt = sql`(SELECT a.course_id FROM assessment_attempts a WHERE a.id = ${attemptId} AND a.user_id = ${userId})`;
  return [
    attemptToSubmitQuery(db, userId, attemptId, readDay),
    // The course percentage needs only each component's id, type and order: no question bank is read.
    db
      .select({ id: components.id, type: components.type, orderIndex: components.orderIndex })
      .from(components)
      .where(eq(components.courseId, courseOfAttempt))
      .orderBy(asc(components.orderIndex), asc(components.createdAt)),
    db
      .select()
      .from(componentProgress)
      .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, courseOfAttempt))),
  ] as const;
}

/**
 * Submit and auto-submit: within the deadline (plus grace) the body's answers complete the saved
 * ones; after it the body is ignored and the attempt is graded on what was saved.
 */
export async function submit(
  c: Context<AppEnv>,
  attemptId: string,
  body: Record<string, string>,
  reason: 'MANUAL' | 'AUTO',
) {
  // One read batch (it also carries the session check): the attempt with its assessment and the
  // attempts used (one statement), and the learner's rows of the course that closing it updates.
  const readDay = activityDay(new Date());
  const { result: reads } = await sessionInFirstBatch(c, (db, userId) =>
    db.batch(preparedReads(db, 'submit', {}, { userId, attemptId, readDay }, buildSubmitReads)),
  );
  const db = c.var.db;
  const [attemptRows, componentRows, progressRows] = reads;
  const found = attemptRows[0];
  if (!found) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
  const { attempt, usedCount } = found;
  const loaded = toLoadedAssessment(found.assessment);
  if (attempt.submittedAt) {
    // A retried submit (its answer was lost: a 5xx, a dropped connection) carrying the answers the
    // attempt was graded on gets the stored result, so the client may retry safely (issue 31 item 6).
    // Different answers are a second submission: refused; so is any submit after the attempt was
    // closed by the cron at its deadline or by an administrator (no submit of the learner's was ever
    // graded, so there is nothing of theirs to answer again).
    const fromClient = attempt.submitReason === 'MANUAL' || attempt.submitReason === 'AUTO';
    const given = loaded && fromClient ? knownAnswers(loaded.assessment, body) : null;
    if (!loaded || !given || !Object.entries(given).every(([id, answer]) => attempt.answers?.[id] === answer))
      throw new ApiError('ALREADY_SUBMITTED', ALREADY_SUBMITTED_MESSAGE);
    const { assessment } = loaded;
    return toAttemptResult(attempt, assessment.passingScore, attemptsLeft(assessment.maxAttempts, Number(usedCount)));
  }
  if (!loaded) throw new ApiError('NOT_FOUND', ATTEMPT_NOT_FOUND);
  const now = new Date();
  const late = isPastGrace(attempt, now);
  const answers = late
    ? (attempt.answers ?? {})
    : { ...(attempt.answers ?? {}), ...knownAnswers(loaded.assessment, body) };
  const enrollment = found.enrollment?.id ? (found.enrollment as CourseProgressRow) : undefined;
  const snapshot = enrollment
    ? {
        enrollment,
        components: componentRows,
        progress: new Map(progressRows.map((row) => [row.componentId, row])),
        usedCount: Number(usedCount),
        dayRecorded: Number(found.dayRecorded) === 1 ? readDay : undefined,
      }
    : undefined;
  const result = await closeAttempt(
    db,
    attempt,
    loaded.assessment,
    answers,
    late && reason === 'MANUAL' ? 'DEADLINE' : reason,
    now,
    true,
    snapshot,
  );
  if (!result) throw new ApiError('ALREADY_SUBMITTED', ALREADY_SUBMITTED_MESSAGE);
  return result;
}
