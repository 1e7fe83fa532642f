import { and, asc, eq, sql } from 'drizzle-orm';
import type { ComponentProgressLike } from '../contract/rules/progress';
import { overallProgress } from '../contract/rules/progress';
import type { Db } from '../db/client';
import { componentProgress, components, courseProgress, learningActivity } from '../db/schema';
import { issueCertificate } from './certificates';

export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type ComponentProgressRow = typeof componentProgress.$inferSelect;
export type ComponentRow = typeof components.$inferSelect;

/** The course's components in learning order. */
export async function courseComponents(db: Db, courseId: string): Promise<ComponentRow[]> {
  return db.select().from(components).where(eq(components.courseId, courseId)).orderBy(asc(components.orderIndex), asc(components.createdAt));
}

export async function componentProgressMap(db: Db, userId: string, courseId: string): Promise<Map<string, ComponentProgressRow>> {
  const rows = await db
    .select()
    .from(componentProgress)
    .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, courseId)));
  return new Map(rows.map((row) => [row.componentId, row]));
}

/**
 * Recomputes a learner's course progress from the component progress rows and stores it:
 * overall percentage by the documented weights, status ENROLLED / IN_PROGRESS / COMPLETED
 * (COMPLETED exactly at 100, with completedAt), and the certificate once the course is completed.
 *
 * It always reflects the present state: after an admin resets an assessment, a completed course
 * goes back to IN_PROGRESS (an already issued certificate stays; it states what was once earned).
 * Returns null when the learner is not enrolled.
 */
export async function recomputeCourseProgress(db: Db, userId: string, courseId: string, now = new Date()): Promise<CourseProgressRow | null> {
  const [current, list, progressRows] = await Promise.all([
    db.select().from(courseProgress).where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId))).get(),
    courseComponents(db, courseId),
    componentProgressMap(db, userId, courseId),
  ]);
  if (!current) return null;

  const map = new Map<string, ComponentProgressLike>();
  for (const [componentId, row] of progressRows) map.set(componentId, { status: row.status, progressPercentage: row.progressPercentage });
  const overall = overallProgress(
    list.map((c) => ({ id: c.id, type: c.type, orderIndex: c.orderIndex })),
    map,
  );
  const anyActivity = [...progressRows.values()].some((row) => row.status !== 'NOT_STARTED' || row.progressPercentage > 0 || row.timeSpentSeconds > 0);
  const status: CourseProgressRow['status'] = overall >= 100 ? 'COMPLETED' : overall > 0 || anyActivity ? 'IN_PROGRESS' : 'ENROLLED';
  const iso = now.toISOString();
  const completedAt = status === 'COMPLETED' ? (current.completedAt ?? iso) : null;
  const startedAt = current.startedAt ?? (status !== 'ENROLLED' ? iso : null);

  const updated =
    (await db
      .update(courseProgress)
      .set({ overallProgress: overall, status, completedAt, startedAt, lastAccessedAt: iso })
      .where(eq(courseProgress.id, current.id))
      .returning()
      .get()) ?? current;

  // Idempotent: issues once, and heals a completion whose certificate issue failed earlier.
  if (status === 'COMPLETED') await issueCertificate(db, userId, courseId, now);
  return updated;
}

/** UTC day of a timestamp, the key of learning_activity. */
export const activityDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The statement that records learning activity for today (the reports' streak), to put in a
 * batch with the write it belongs to. `seconds` adds to the day's time.
 */
export function learningActivityUpsert(db: Db, userId: string, now: Date, seconds = 0) {
  return db
    .insert(learningActivity)
    .values({ userId, day: activityDay(now), seconds })
    .onConflictDoUpdate({ target: [learningActivity.userId, learningActivity.day], set: { seconds: sql`${learningActivity.seconds} + ${seconds}` } });
}
