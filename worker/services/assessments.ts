/**
 * Attempt life cycle shared by the learner routes and the deadline cron: one way to close an
 * attempt (grade on the server, store the result, update the component and the course).
 */
import { and, asc, eq, getTableColumns, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  ATTEMPT_GRACE_SECONDS,
  attemptClosesAt,
  attemptsLeft,
  canRetryAssessment,
  type AttemptResult,
  type DetailedResult,
  type SubmitReason,
} from '../contract/assessments';
import { isAssessmentType } from '../contract/course';
import type { Db } from '../db/client';
import { preparedWrites } from '../db/prepared';
import { attempts, componentProgress, components, courseProgress, courses } from '../db/schema';
import { ApiError } from '../errors';
import { issueCertificate } from './certificates';
import { gradeAnswers, readAssessment, type Assessment } from './grading';
import {
  activityDay,
  learningActivityUpsertOn,
  nextCourseProgress,
  recomputeCourseProgress,
  type ComponentProgressRow,
  type ComponentRow,
  type CourseProgressRow,
} from './progress';

/**
 * The attempt limit as the Worker enforces it, on the one rule the client shows
 * (`canRetryAssessment`): a passed assessment is not taken again, and every started attempt counts.
 */
export function assertCanStartAttempt(state: { passed: boolean; maxAttempts: number; usedAttempts: number }): void {
  if (state.passed) throw new ApiError('CONFLICT', 'You have already passed this assessment');
  if (!canRetryAssessment(state)) throw new ApiError('MAX_ATTEMPTS_REACHED', 'Maximum attempts reached');
}

/**
 * `canRetryAssessment` over SQL columns, for queries that filter on it (the oversight list's
 * "Failed (Max Attempts)"): the same terms, `attemptsLeft` being max(0, maxAttempts - used). A test
 * runs it against the function over a grid of values, so the two cannot drift.
 */
export function canRetrySql(state: { passed: SQL; maxAttempts: SQL; usedAttempts: SQL }): SQL {
  return sql`(NOT ${state.passed} AND max(0, ${state.maxAttempts} - ${state.usedAttempts}) > 0)`;
}

/** A stored attempt (the database row); the admin list row is the contract's `AttemptRow`. */
export type AttemptRecord = typeof attempts.$inferSelect;

export const ATTEMPT_NOT_FOUND = 'Attempt not found';
export const ALREADY_SUBMITTED_MESSAGE = 'This attempt has already been submitted';

/** The moment after which the learner's input is no longer taken: deadline plus a short grace. */
export function closesAt(attempt: Pick<AttemptRecord, 'deadlineAt'>): number | null {
  return attempt.deadlineAt ? attemptClosesAt(attempt.deadlineAt) : null;
}

export function isPastGrace(attempt: Pick<AttemptRecord, 'deadlineAt'>, now: Date): boolean {
  const end = closesAt(attempt);
  return end != null && now.getTime() > end;
}

/** The assessment an attempt belongs to, read with the course's pass mark as the fallback. */
export const assessmentQuery = (db: Db, componentId: string | SQL) =>
  db
    .select({
      data: components.data,
      type: components.type,
      courseId: components.courseId,
      coursePassing: sql<number | null>`${courses.passingScore}`.as('course_passing_'),
    })
    .from(components)
    .innerJoin(courses, eq(courses.id, components.courseId))
    .where(eq(components.id, componentId))
    .limit(1);

const enrollmentColumns = Object.fromEntries(
  Object.entries(getTableColumns(courseProgress)).map(([key, column]) => [
    key,
    sql`${column}`.mapWith(column).as(`enrollment_${column.name}_`),
  ]),
) as { [K in keyof CourseProgressRow]: SQL.Aliased<CourseProgressRow[K] | null> };

/**
 * What a submit reads of the caller's own attempt, in one statement: the attempt, its assessment
 * (as assessmentQuery reads it: null when the component is gone or not an assessment) and the
 * attempts used on it in the current cycle (as usedAttemptsQuery counts them, the attempt itself
 * included), the learner's enrollment in its course, and whether the learner's learning day `day`
 * is already recorded.
 */
export const attemptToSubmitQuery = (db: Db, userId: string, attemptId: string, day: string) =>
  db
    .select({
      attempt: attempts,
      // Every output column named once: D1's batch answers rows as objects, so a second `course_id`
      // would replace the attempt's and shift every column after it.
      assessment: {
        data: components.data,
        type: components.type,
        courseId: sql<string | null>`${components.courseId}`.as('assessment_course_id_'),
        coursePassing: sql<number | null>`${courses.passingScore}`.as('course_passing_'),
      },
      usedCount:
        sql<number>`(SELECT count(*) FROM assessment_attempts u WHERE u.user_id = ${attempts.userId} AND u.component_id = ${attempts.componentId}
        AND u.cycle = coalesce((SELECT cp.cycle FROM course_progress cp WHERE cp.user_id = u.user_id AND cp.course_id = u.course_id), u.cycle))`.as(
          'used_count',
        ),
      // The learner's enrollment in the attempt's course (all null without one), aliased like the above.
      enrollment: enrollmentColumns,
      dayRecorded:
        sql<number>`EXISTS (SELECT 1 FROM learning_activity la WHERE la.user_id = ${attempts.userId} AND la.day = ${day})`.as(
          'day_recorded_',
        ),
    })
    .from(attempts)
    .leftJoin(components, eq(components.id, attempts.componentId))
    .leftJoin(courses, eq(courses.id, components.courseId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.userId, attempts.userId), eq(courseProgress.courseId, attempts.courseId)),
    )
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .limit(1);

export function toLoadedAssessment(
  row:
    | Awaited<ReturnType<typeof assessmentQuery>>[number]
    | Awaited<ReturnType<typeof attemptToSubmitQuery>>[number]['assessment']
    | undefined,
): { assessment: Assessment; courseId: string; componentTitle: string } | null {
  if (!row?.type || !row.courseId || !isAssessmentType(row.type)) return null;
  const assessment = readAssessment(row.data, { passingScore: row.coursePassing });
  return { assessment, courseId: row.courseId, componentTitle: assessment.title };
}

export async function loadAssessment(
  db: Db,
  componentId: string,
): Promise<{ assessment: Assessment; courseId: string; componentTitle: string } | null> {
  return toLoadedAssessment((await assessmentQuery(db, componentId))[0]);
}

/**
 * Attempts of the learner's current training cycle of the course: a recertification starts a new
 * cycle with a fresh attempt allowance, and earlier cycles' attempts stay as history.
 */
export const inCurrentCycle = sql`${attempts.cycle} = coalesce((SELECT cp.cycle FROM course_progress cp WHERE cp.user_id = ${attempts.userId} AND cp.course_id = ${attempts.courseId}), ${attempts.cycle})`;

/** The cycle a new attempt belongs to: the learner's current one in the course. */
export const currentCycleOf = (userId: string, courseId: string) =>
  sql`coalesce((SELECT cp.cycle FROM course_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseId}), 1)`;

/** Attempts the learner has used on a component in the current cycle (open ones included): count, highest number, passed. */
export const usedAttemptsQuery = (db: Db, userId: string, componentId: string | SQL) =>
  db
    .select({
      count: sql<number>`count(*)`.as('used_count'),
      maxNumber: sql<number>`coalesce(max(${attempts.attemptNumber}), 0)`.as('used_max_number'),
      passed: sql<number>`coalesce(max(CASE WHEN ${attempts.passed} = 1 THEN 1 ELSE 0 END), 0)`.as('used_passed'),
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.componentId, componentId), inCurrentCycle));

export const toUsedAttempts = (row: Awaited<ReturnType<typeof usedAttemptsQuery>>[number] | undefined) => ({
  count: Number(row?.count ?? 0),
  maxNumber: Number(row?.maxNumber ?? 0),
  passed: Number(row?.passed ?? 0) === 1,
});

/** How many attempts the learner has used on a component in the current cycle (open ones included). */
export async function usedAttempts(
  db: Db,
  userId: string,
  componentId: string,
): Promise<{ count: number; maxNumber: number; passed: boolean }> {
  return toUsedAttempts((await usedAttemptsQuery(db, userId, componentId))[0]);
}

export function resultMessage(passed: boolean, passingScore: number, remaining: number): string {
  if (passed) return 'Congratulations! You passed the assessment.';
  if (remaining > 0)
    return `You did not reach the passing score of ${passingScore}%. You have ${remaining} attempt${remaining === 1 ? '' : 's'} left.`;
  return `You did not reach the passing score of ${passingScore}%. No attempts left.`;
}

/** AttemptResult of a submitted attempt, from what was stored at submission. */
export function toAttemptResult(attempt: AttemptRecord, passingScore: number, remaining: number): AttemptResult {
  const passed = attempt.passed === true;
  return {
    attemptId: attempt.id,
    attemptNumber: attempt.attemptNumber,
    score: attempt.score ?? 0,
    passed,
    correctAnswers: attempt.correctAnswers ?? 0,
    totalQuestions: attempt.totalQuestions ?? 0,
    detailedResults: (attempt.result ?? []) as DetailedResult[],
    attemptsRemaining: passed ? 0 : remaining,
    message: resultMessage(passed, passingScore, remaining),
    passingScore,
    componentId: attempt.componentId,
    courseId: attempt.courseId,
    submittedAt: attempt.submittedAt ?? '',
    submitReason: attempt.submitReason ?? 'MANUAL',
  };
}

/**
 * Grades and closes an open attempt. The state change is conditional (`submitted_at IS NULL`) and
 * the component update only applies when this very submission won, all in one batch: two racing
 * submits grade once. Returns null when the attempt was already closed.
 */
export async function closeAttempt(
  db: Db,
  attempt: AttemptRecord,
  assessment: Assessment,
  answers: Record<string, string>,
  reason: SubmitReason,
  now: Date,
  /** False when the cron closes it: the learner was not there, so the day is no learning day. */
  learnerActive = true,
  /**
   * The learner's course rows as read just before (enrollment, components, progress rows, attempts
   * used): the course progress is then computed here and written in the same batch, instead of
   * read again and recomputed after it.
   */
  snapshot?: CourseSnapshot,
): Promise<AttemptResult | null> {
  const grade = gradeAnswers(assessment, answers);
  const iso = now.toISOString();
  const courseNext = snapshot
    ? courseAfterGrade(snapshot, attempt.componentId, grade.passed, now, learnerActive)
    : null;
  const closing = {
    answers,
    submittedAt: iso,
    submitReason: reason,
    score: grade.score,
    passed: grade.passed,
    correctAnswers: grade.correctAnswers,
    totalQuestions: grade.totalQuestions,
    result: grade.detailedResults,
  } satisfies Partial<AttemptRecord>;
  const withDay = learnerActive && snapshot?.dayRecorded !== activityDay(now);
  const course = snapshot && courseNext ? { ...courseNext, enrollmentId: snapshot.enrollment.id } : null;
  const [closed] = await db.batch(
    preparedWrites(
      db,
      'close attempt',
      { passed: grade.passed, withDay, withCourse: course !== null, accessed: course?.lastAccessedAt !== undefined },
      {
        ...closing,
        attemptId: attempt.id,
        userId: attempt.userId,
        componentId: attempt.componentId,
        cycle: attempt.cycle,
        attemptStartedAt: attempt.startedAt,
        day: activityDay(now),
        enrollmentId: course?.enrollmentId ?? '',
        overallProgress: course?.overallProgress ?? 0,
        courseStatus: course?.status ?? 'ENROLLED',
        courseCompletedAt: course?.completedAt ?? null,
        courseStartedAt: course?.startedAt ?? null,
      },
      buildCloseAttempt,
    ),
  );
  if (!closed[0]) return null;
  const row: AttemptRecord = { ...attempt, ...closing };
  if (!snapshot || !courseNext) {
    await recomputeCourseProgress(db, attempt.userId, attempt.courseId, now, { accessed: learnerActive });
    const used = await usedAttempts(db, attempt.userId, attempt.componentId);
    return toAttemptResult(row, assessment.passingScore, attemptsLeft(assessment.maxAttempts, used.count));
  }
  // Idempotent: issues once (as recomputeCourseProgress does on completion).
  if (courseNext.status === 'COMPLETED')
    await issueCertificate(db, attempt.userId, attempt.courseId, now, snapshot.enrollment.cycle);
  // The closed attempt was already counted while open.
  return toAttemptResult(row, assessment.passingScore, attemptsLeft(assessment.maxAttempts, snapshot.usedCount));
}

/** What closing an attempt writes (a template: see db/prepared.ts; values are placeholders). */
interface CloseValues {
  answers: Record<string, string>;
  submittedAt: string;
  submitReason: SubmitReason;
  score: number;
  passed: boolean;
  correctAnswers: number;
  totalQuestions: number;
  result: unknown[];
  attemptId: string;
  userId: string;
  componentId: string;
  cycle: number;
  attemptStartedAt: string;
  day: string;
  enrollmentId: string;
  overallProgress: number;
  courseStatus: CourseProgressRow['status'];
  courseCompletedAt: string | null;
  courseStartedAt: string | null;
}

/**
 * The close's write batch: the attempt (only whether it applied comes back: the closed row is the
 * read row with these values), the component's progress and the course's (only when this very
 * submission won), and the learning day (unless the read found it recorded: the upsert would add 0
 * seconds). What changes the SQL text (passed, which statements, whether the course was accessed)
 * is the shape.
 */
function buildCloseAttempt(
  db: Db,
  v: CloseValues,
  shape: { passed: boolean; withDay: boolean; withCourse: boolean; accessed: boolean },
) {
  const won = sql`EXISTS (SELECT 1 FROM assessment_attempts a WHERE a.id = ${v.attemptId} AND a.submitted_at = ${v.submittedAt} AND a.submit_reason = ${v.submitReason} AND a.score = ${v.score})`;
  const submittedCount = sql`(SELECT count(*) FROM assessment_attempts a WHERE a.user_id = ${v.userId} AND a.component_id = ${v.componentId} AND a.cycle = ${v.cycle} AND a.submitted_at IS NOT NULL)`;
  const passedSql = shape.passed ? sql`1` : sql`0`;
  const iso = v.submittedAt;
  return [
    db
      .update(attempts)
      .set({
        answers: v.answers,
        submittedAt: v.submittedAt,
        submitReason: v.submitReason,
        score: v.score,
        passed: v.passed,
        correctAnswers: v.correctAnswers,
        totalQuestions: v.totalQuestions,
        result: v.result,
      })
      .where(and(eq(attempts.id, v.attemptId), isNull(attempts.submittedAt)))
      .returning({ id: attempts.id }),
    db
      .update(componentProgress)
      .set({
        attempts: submittedCount,
        // A pass completes the component; a fail marks it FAILED unless it was already completed.
        status: sql`CASE WHEN ${componentProgress.status} = 'COMPLETED' OR ${passedSql} = 1 THEN 'COMPLETED' ELSE 'FAILED' END`,
        score: sql`CASE WHEN ${componentProgress.status} = 'COMPLETED' AND ${passedSql} = 0 THEN ${componentProgress.score} ELSE ${v.score} END`,
        progressPercentage: sql`CASE WHEN ${passedSql} = 1 THEN 100 ELSE ${componentProgress.progressPercentage} END`,
        completedAt: sql`CASE WHEN ${passedSql} = 1 THEN coalesce(${componentProgress.completedAt}, ${iso}) ELSE ${componentProgress.completedAt} END`,
        startedAt: sql`coalesce(${componentProgress.startedAt}, ${v.attemptStartedAt})`,
        lastAccessedAt: iso,
      })
      .where(and(eq(componentProgress.userId, v.userId), eq(componentProgress.componentId, v.componentId), won)),
    ...(shape.withDay ? [learningActivityUpsertOn(db, v.userId, v.day, 0)] : []),
    ...(shape.withCourse
      ? [
          db
            .update(courseProgress)
            .set({
              overallProgress: v.overallProgress,
              status: v.courseStatus,
              completedAt: v.courseCompletedAt,
              startedAt: v.courseStartedAt,
              ...(shape.accessed ? { lastAccessedAt: iso } : {}),
            })
            .where(and(eq(courseProgress.id, v.enrollmentId), won)),
        ]
      : []),
  ] as const;
}

export interface CourseSnapshot {
  enrollment: CourseProgressRow;
  /** The course's components in learning order (what the percentage is computed from: no content). */
  components: readonly Pick<ComponentRow, 'id' | 'type' | 'orderIndex'>[];
  progress: ReadonlyMap<string, ComponentProgressRow>;
  /** Attempts used on the component in the current cycle, the one being closed included. */
  usedCount: number;
  /** A day (activityDay) the read found already recorded as a learning day of the learner, if any. */
  dayRecorded?: string;
}

/** The course progress once the graded component reads as the component update above leaves it. */
function courseAfterGrade(
  snapshot: CourseSnapshot,
  componentId: string,
  passed: boolean,
  now: Date,
  accessed: boolean,
) {
  const before = snapshot.progress.get(componentId);
  if (!before) return null;
  const after = {
    ...before,
    status: before.status === 'COMPLETED' || passed ? ('COMPLETED' as const) : ('FAILED' as const),
    progressPercentage: passed ? 100 : before.progressPercentage,
  };
  return nextCourseProgress(
    snapshot.enrollment,
    snapshot.components,
    new Map([...snapshot.progress, [componentId, after]]),
    now,
    { accessed },
  );
}

/** Open attempts whose deadline plus grace has passed, oldest first. */
export async function overdueAttempts(db: Db, now: Date, limit = 100): Promise<AttemptRecord[]> {
  const cutoff = new Date(now.getTime() - ATTEMPT_GRACE_SECONDS * 1000).toISOString();
  return db
    .select()
    .from(attempts)
    .where(and(isNull(attempts.submittedAt), isNotNull(attempts.deadlineAt), lt(attempts.deadlineAt, cutoff)))
    .orderBy(asc(attempts.deadlineAt))
    .limit(limit);
}

/**
 * Closes every overdue attempt on its saved answers (reason DEADLINE): the browser may never come
 * back, the learner's attempt must still end with a result. Returns how many were closed.
 */
export async function closeOverdueAttempts(db: Db, now: Date): Promise<number> {
  let closed = 0;
  for (const attempt of await overdueAttempts(db, now)) {
    const loaded = await loadAssessment(db, attempt.componentId);
    if (!loaded) continue;
    if (await closeAttempt(db, attempt, loaded.assessment, attempt.answers ?? {}, 'DEADLINE', now, false)) closed += 1;
  }
  return closed;
}
