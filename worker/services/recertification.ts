/**
 * Recertification: a learner whose certificate is due soon (or expired, revoked, or asked for by a
 * retraining event) starts a new training cycle of the course. The finished cycle's course and
 * component progress are copied to the history tables, its attempts and certificate stay where
 * they are (tagged with their cycle), and the live rows start afresh for the next cycle.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { COMPLIANCE_MESSAGES } from '../contract/compliance';
import { DAY_MS } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { attempts, componentProgress, componentProgressHistory, courseCycles, courseProgress } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { isAdminUser } from '../contract/rules/roles';
import { cycleCertificateQuery } from './certificates';
import { type CoverageFacts, coverageFactsQueries, toFacts } from './compliance';
import { recertificationOpen } from './compliance-status';
import { COURSE_NOT_AVAILABLE, courseComponentsQuery, courseLanguageOf, NOT_STARTED_PROGRESS } from './progress';
import { courseWithDomainQuery, enrollmentQuery, toCourseWithDomain, userBookQuery } from './course-access';

const day = (iso: string) => iso.slice(0, 10);

/**
 * Every read a recertification needs, for one batch (the session's: a recertification is two round
 * trips, this and the write batch): the course and book, whether it is in the learner's books, the
 * enrollment, the current cycle's certificate, the coverage facts, an open attempt, the course's
 * components and the learner's progress rows.
 */
export function recertificationReads(db: Db, userId: string, courseId: string, now: Date) {
  const currentCycle = sql`(SELECT cp.cycle FROM course_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseId})`;
  return db.batch([
    courseWithDomainQuery(db, courseId),
    userBookQuery(db, userId, sql`(SELECT c.domain_id FROM courses c WHERE c.id = ${courseId})`),
    enrollmentQuery(db, userId, courseId),
    cycleCertificateQuery(db, userId, courseId, currentCycle),
    ...coverageFactsQueries(db, { userId, courseId }, now),
    db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, userId), eq(attempts.courseId, courseId), isNull(attempts.submittedAt)))
      .limit(1),
    courseComponentsQuery(db, courseId),
    db
      .select()
      .from(componentProgress)
      .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, courseId))),
  ]);
}

/** Whether the learner's current cycle may be renewed now, and why not. */
function recertificationState(
  enrollment: { cycle: number } | undefined,
  certificate: Parameters<typeof recertificationOpen>[0] | undefined,
  facts: CoverageFacts[],
  now: Date,
):
  | { allowed: true; cycle: number }
  | { allowed: false; code: 'CONFLICT' | 'RECERTIFICATION_NOT_DUE' | 'NOT_FOUND'; message: string } {
  if (!enrollment) return { allowed: false, code: 'NOT_FOUND', message: COMPLIANCE_MESSAGES.notEnrolled };
  if (!certificate) return { allowed: false, code: 'CONFLICT', message: COMPLIANCE_MESSAGES.noCertificate };
  const { open, windowDays } = recertificationOpen(certificate, facts, now);
  if (!open) {
    const opens = new Date(Date.parse(certificate.expiresAt) - windowDays * DAY_MS).toISOString();
    return {
      allowed: false,
      code: 'RECERTIFICATION_NOT_DUE',
      message: COMPLIANCE_MESSAGES.notDue(day(certificate.expiresAt), day(opens)),
    };
  }
  return { allowed: true, cycle: enrollment.cycle };
}

/**
 * Starts the next cycle from `reads` (recertificationReads). Every write is guarded by the cycle it
 * closes, in one batch: two concurrent requests start one new cycle, and a failure leaves the old
 * cycle untouched.
 */
export async function startRecertification(
  db: Db,
  user: Pick<AuthUser, 'id' | 'role'>,
  courseId: string,
  reads: Awaited<ReturnType<typeof recertificationReads>>,
  now = new Date(),
): Promise<number> {
  const [[courseRow], books, [enrollment], [certificate], terms, factRows, [open], list, progressRows] = reads;
  const found = toCourseWithDomain(courseRow);
  if (!found) throw new ApiError('NOT_FOUND', COMPLIANCE_MESSAGES.courseNotFound);
  if (found.course.status !== 'PUBLISHED' || !(isAdminUser(user) || books.length > 0)) {
    throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
  }
  const state = recertificationState(enrollment, certificate, toFacts(terms, factRows), now);
  if (!state.allowed) throw new ApiError(state.code, state.message);
  if (open) throw new ApiError('CONFLICT', COMPLIANCE_MESSAGES.attemptOpen);

  const cycle = state.cycle;
  const iso = now.toISOString();
  const stillCycle = sql`EXISTS (SELECT 1 FROM course_progress p WHERE p.user_id = ${user.id} AND p.course_id = ${courseId} AND p.cycle = ${cycle})`;
  const progress = new Map(progressRows.map((row) => [row.componentId, row]));
  const results = await db.batch([
    db.insert(courseCycles).select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as('id'),
          userId: courseProgress.userId,
          courseId: courseProgress.courseId,
          cycle: courseProgress.cycle,
          status: courseProgress.status,
          overallProgress: courseProgress.overallProgress,
          enrolledAt: courseProgress.enrolledAt,
          startedAt: courseProgress.startedAt,
          completedAt: courseProgress.completedAt,
          closedAt: sql<string>`${iso}`.as('closed_at'),
        })
        .from(courseProgress)
        .where(
          and(
            eq(courseProgress.userId, user.id),
            eq(courseProgress.courseId, courseId),
            eq(courseProgress.cycle, cycle),
          ),
        ),
    ),
    ...[...progress.values()].map((row) =>
      db.insert(componentProgressHistory).select(
        db
          .select({
            id: sql<string>`${crypto.randomUUID()}`.as('id'),
            userId: componentProgress.userId,
            courseId: componentProgress.courseId,
            componentId: componentProgress.componentId,
            cycle: sql<number>`${cycle}`.as('cycle'),
            status: componentProgress.status,
            progressPercentage: componentProgress.progressPercentage,
            score: componentProgress.score,
            attempts: componentProgress.attempts,
            timeSpentSeconds: componentProgress.timeSpentSeconds,
            startedAt: componentProgress.startedAt,
            completedAt: componentProgress.completedAt,
          })
          .from(componentProgress)
          .where(and(eq(componentProgress.id, row.id), stillCycle)),
      ),
    ),
    // The live rows start afresh (the enrollment's component rows, as at enroll).
    ...[...progress.values()].map((row) =>
      db
        .update(componentProgress)
        .set(NOT_STARTED_PROGRESS)
        .where(and(eq(componentProgress.id, row.id), stillCycle)),
    ),
    ...list
      .filter((component) => !progress.has(component.id))
      .map((component) =>
        db
          .insert(componentProgress)
          .values({ id: crypto.randomUUID(), userId: user.id, courseId, componentId: component.id })
          .onConflictDoNothing(),
      ),
    db
      .update(courseProgress)
      .set({
        cycle: cycle + 1,
        status: 'ENROLLED',
        overallProgress: 0,
        enrolledAt: iso,
        startedAt: null,
        completedAt: null,
        lastAccessedAt: iso,
        language: courseLanguageOf(courseId),
      })
      .where(
        and(eq(courseProgress.userId, user.id), eq(courseProgress.courseId, courseId), eq(courseProgress.cycle, cycle)),
      )
      .returning({ cycle: courseProgress.cycle }),
  ]);
  const updated = results[results.length - 1] as { cycle: number }[];
  if (updated.length === 0) throw new ApiError('CONFLICT', COMPLIANCE_MESSAGES.courseUnavailable);
  return cycle + 1;
}
