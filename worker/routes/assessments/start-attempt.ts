import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedWrites, preparedReads } from '../../db/prepared';
import { attempts, componentProgress } from '../../db/schema';
import { ApiError } from '../../errors';
import {
  assertCanStartAttempt,
  type AttemptRecord,
  closeAttempt,
  currentCycleOf,
  isPastGrace,
  toUsedAttempts,
  usedAttemptsQuery,
} from '../../services/assessments';
import { isAssessmentType } from '../../contract/course';
import { canRetryAssessment } from '../../contract/assessments';
import { questionOrderFor, readAssessment, shuffleSeed } from '../../services/grading';
import {
  activityDay,
  assertUnlocked,
  componentContext,
  componentContextQueries,
  courseStartedUpdateAt,
  learningActivityUpsertOn,
} from '../../services/progress';
import { openAttempt, openAttemptQuery } from './attempt-flow';

/**
 * The one read batch a start needs: the component's context, the open attempt and the attempts used.
 * POST .../start runs it in the session's first batch; GET .../questions (with the original-API
 * setting on) runs it when it finds no open attempt.
 */
export function startReads(db: Db, userId: string, componentId: string) {
  return db.batch([
    // The other components only for the unlock rule: their question banks are not read.
    ...componentContextQueries(db, userId, componentId, { listData: false }),
    ...preparedReads(db, 'start attempts', {}, { userId, componentId }, buildStartAttempts),
  ]);
}

/** The open attempt and the attempts used (a template: see db/prepared.ts; values are placeholders). */
const buildStartAttempts = (db: Db, { userId, componentId }: { userId: string; componentId: string }) =>
  [openAttemptQuery(db, userId, componentId), usedAttemptsQuery(db, userId, componentId)] as const;

/**
 * A start's write batch (a template: see db/prepared.ts; values are placeholders). The partial
 * unique index (one open attempt per learner and assessment) turns a concurrent second start into a
 * no-op; that request then returns the attempt the first one opened. Only the cycle (decided in
 * SQL) comes back: the rest of the row is what was written.
 */
function buildStartWrite(
  db: Db,
  {
    iso,
    progressRowId,
    day,
    enrollmentId,
    ...opened
  }: Omit<AttemptRecord, keyof typeof NOT_SUBMITTED | 'cycle'> & {
    iso: string;
    progressRowId: string;
    day: string;
    enrollmentId: string;
  },
) {
  return [
    db
      .insert(attempts)
      .values({ ...opened, cycle: currentCycleOf(opened.userId, opened.courseId) })
      .onConflictDoNothing()
      .returning({ cycle: attempts.cycle }),
    db
      .update(componentProgress)
      .set({
        status: sql`CASE WHEN ${componentProgress.status} = 'COMPLETED' THEN 'COMPLETED' ELSE 'IN_PROGRESS' END`,
        startedAt: sql`coalesce(${componentProgress.startedAt}, ${iso})`,
        lastAccessedAt: iso,
      })
      .where(eq(componentProgress.id, progressRowId)),
    learningActivityUpsertOn(db, opened.userId, day, 0),
    // What recomputing the course would change after a start: an assessment counts only once
    // completed, so the percentage stays and an enrolled course is now in progress.
    courseStartedUpdateAt(db, enrollmentId, iso),
  ] as const;
}

/** The columns of a new attempt that only a submission fills. */
const NOT_SUBMITTED = {
  submittedAt: null,
  submitReason: null,
  score: null,
  passed: null,
  correctAnswers: null,
  totalQuestions: null,
  result: null,
} as const satisfies Partial<AttemptRecord>;

type StartArgs = [
  db: Db,
  user: Parameters<typeof componentContext>[1],
  componentId: string,
  result: Awaited<ReturnType<typeof startReads>>,
  now: Date,
];

/**
 * Opens an attempt or resumes the open one, by every start rule (locks, attempts left, passed,
 * an overdue attempt closed first). Both ways of starting go through here, so they cannot differ.
 */
export async function startAttempt(...args: StartArgs) {
  const started = await openOrResume(args, false);
  // Unreachable: without `ifStartable` a passed or exhausted assessment is refused inside.
  if (!started.attempt) throw new ApiError('CONFLICT', 'The attempt could not be started. Please try again.');
  return { ...started, attempt: started.attempt };
}

/**
 * The original-API setting's start (GET .../questions): the same rules, except that a passed
 * assessment or one with no attempts left opens nothing (attempt null) instead of refusing, so the
 * load answers the assessment's intro as it does with the setting off (the spec's result and review
 * of a passed assessment). Locks still refuse, as they do without the setting.
 */
export const startAttemptIfStartable = (...args: StartArgs) => openOrResume(args, true);

async function openOrResume([db, user, componentId, result, now]: StartArgs, ifStartable: boolean) {
  const [c0, c1, c2, c3, c4, c5, openRows, usedRows] = result;
  const context = await componentContext(db, user, componentId, [c0, c1, c2, c3, c4, c5]);
  if (!isAssessmentType(context.component.type)) throw new ApiError('NOT_FOUND', 'Assessment not found');
  const ctx = {
    ...context,
    assessment: readAssessment(context.component.data, { passingScore: context.course.passingScore }),
  };
  assertUnlocked(ctx);

  let used = toUsedAttempts(usedRows[0]);
  const open = openRows[0];
  if (open) {
    if (!isPastGrace(open, now)) return { attempt: open, assessment: ctx.assessment, resumed: true };
    // An attempt whose time ran out while the learner was away is closed on its saved answers first.
    await closeAttempt(db, open, ctx.assessment, open.answers ?? {}, 'DEADLINE', now);
    const [fresh] = await db.batch([
      usedAttemptsQuery(db, user.id, componentId),
      db
        .select({ status: componentProgress.status })
        .from(componentProgress)
        .where(eq(componentProgress.id, ctx.row.id)),
    ]);
    used = toUsedAttempts(fresh[0]);
  }
  const passed = used.passed || ctx.row.status === 'COMPLETED';
  if (ifStartable && !canRetryAssessment({ passed, maxAttempts: ctx.assessment.maxAttempts, usedAttempts: used.count }))
    return { attempt: null, assessment: ctx.assessment, resumed: false };
  assertCanStartAttempt({ passed, maxAttempts: ctx.assessment.maxAttempts, usedAttempts: used.count });

  const attemptNumber = used.maxNumber + 1;
  const iso = now.toISOString();
  const deadline = new Date(now.getTime() + ctx.assessment.timeLimit * 60_000).toISOString();
  const opened = {
    id: crypto.randomUUID(),
    userId: user.id,
    courseId: ctx.course.id,
    componentId,
    attemptNumber,
    language: ctx.course.language,
    startedAt: iso,
    deadlineAt: deadline,
    answers: {},
    questionOrder: questionOrderFor(ctx.assessment, shuffleSeed(user.id, componentId, attemptNumber)),
  };
  const [inserted] = await db.batch(
    preparedWrites(
      db,
      'start write',
      {},
      {
        ...opened,
        iso,
        progressRowId: ctx.row.id,
        day: activityDay(now),
        enrollmentId: ctx.enrollment.id,
      },
      buildStartWrite,
    ),
  );
  const row = inserted[0];
  if (row) {
    const attempt: AttemptRecord = { ...NOT_SUBMITTED, ...opened, cycle: row.cycle };
    return { attempt, assessment: ctx.assessment, resumed: false };
  }
  const raced = await openAttempt(db, user.id, componentId);
  if (raced) return { attempt: raced, assessment: ctx.assessment, resumed: true };
  throw new ApiError('CONFLICT', 'The attempt could not be started. Please try again.');
}
