import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { componentProgress, components, courses } from '../db/schema';
import { enrollStatements } from './course-start';
import { courseComponentsQuery, learningActivityUpsert, recomputeCourseProgress } from './progress';

/**
 * Completing a classroom component: the only way one completes. Called by the sessions sign-off
 * (the trainer's signature confirms attendance); no learner route reaches it.
 */
export interface ClassroomCompletion {
  /** The attendees whose attendance the signed-off session confirms. */
  userIds: readonly string[];
  /** A CLASSROOM component (the session's componentId). */
  componentId: string;
  /** When attendance was confirmed (the sign-off time): completedAt, the course's completedAt, the certificate's date. */
  at: Date;
}

export class NotClassroomComponentError extends Error {
  constructor(componentId: string) {
    super(`component ${componentId} is not a CLASSROOM component`);
  }
}

/** The component and its course's components, for classroomCompletionStatements. */
export async function classroomCompletionTarget(db: Db, componentId: string) {
  const [[component], [course]] = await db.batch([
    db.select().from(components).where(eq(components.id, componentId)).limit(1),
    db
      .select({ id: courses.id, language: courses.language })
      .from(courses)
      .where(eq(courses.id, sql`(SELECT cc.course_id FROM course_components cc WHERE cc.id = ${componentId})`))
      .limit(1),
  ]);
  if (component?.type !== 'CLASSROOM' || !course) throw new NotClassroomComponentError(componentId);
  const list = await courseComponentsQuery(db, course.id);
  return { component, course, list };
}

/**
 * The writes that mark the component COMPLETED for each attendee, for ONE batch (put them in the
 * sign-off's batch so the roster lock and the completions land together). An attendee who was not
 * enrolled in the course is enrolled first: the attendance is a fact and must not be lost. A
 * completion already recorded keeps its first completedAt. Follow the batch with
 * advanceClassroomCourses (course progress and certificates need reads, so they cannot join it).
 */
export function classroomCompletionStatements(
  db: Db,
  target: Awaited<ReturnType<typeof classroomCompletionTarget>>,
  userIds: readonly string[],
  at: Date,
) {
  const iso = at.toISOString();
  const { component, course, list } = target;
  return [...new Set(userIds)].flatMap((userId) => [
    ...enrollStatements(db, userId, course, list, iso),
    db
      .insert(componentProgress)
      .values({
        id: crypto.randomUUID(),
        userId,
        courseId: course.id,
        componentId: component.id,
        status: 'COMPLETED',
        progressPercentage: 100,
        startedAt: iso,
        completedAt: iso,
        lastAccessedAt: iso,
      })
      .onConflictDoUpdate({
        target: [componentProgress.userId, componentProgress.componentId],
        set: {
          status: 'COMPLETED',
          progressPercentage: 100,
          startedAt: sql`coalesce(${componentProgress.startedAt}, ${iso})`,
          completedAt: sql`coalesce(${componentProgress.completedAt}, ${iso})`,
          lastAccessedAt: iso,
        },
      }),
    learningActivityUpsert(db, userId, at),
  ]);
}

/**
 * After the completion batch: each attendee's course progress is recomputed exactly as after any
 * completed component (percentage, status, completedAt) and the certificate is issued when the
 * course is now complete. Idempotent, so running it again heals an earlier failure.
 */
export async function advanceClassroomCourses(db: Db, courseId: string, userIds: readonly string[], at: Date) {
  const results = [];
  for (const userId of new Set(userIds)) {
    const progress = await recomputeCourseProgress(db, userId, courseId, at);
    results.push({ userId, status: progress?.status ?? null, overallProgress: progress?.overallProgress ?? null });
  }
  return results;
}

/**
 * Everything at once for callers with no batch of their own: marks the classroom component
 * COMPLETED for the attendees, advances their courses and issues certificates. Throws
 * NotClassroomComponentError when the component is missing or of another type (nothing written).
 */
export async function completeClassroomComponent(db: Db, { userIds, componentId, at }: ClassroomCompletion) {
  const target = await classroomCompletionTarget(db, componentId);
  const statements = classroomCompletionStatements(db, target, userIds, at);
  if (statements.length === 0) return [];
  await db.batch(statements as unknown as Parameters<Db['batch']>[0]);
  return advanceClassroomCourses(db, target.course.id, userIds, at);
}
