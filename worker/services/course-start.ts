import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { componentProgress, courseProgress, courses } from '../db/schema';
import { cellsByUser } from './compliance-status';
import { coverageFactsQueries, toFacts } from './compliance';
import type { ComponentRow } from './progress';

/**
 * Enrolling a learner in a course: the enrollment and a row per component, one statement list
 * for one batch (all or nothing). A concurrent second enrolment hits the unique indexes and
 * changes nothing.
 */
export function enrollStatements(
  db: Db,
  userId: string,
  course: { id: string; language: (typeof courseProgress.$inferInsert)['language'] },
  list: readonly ComponentRow[],
  now: string,
) {
  return [
    db
      .insert(courseProgress)
      .values({
        id: crypto.randomUUID(),
        userId,
        courseId: course.id,
        status: 'ENROLLED',
        overallProgress: 0,
        enrolledAt: now,
        lastAccessedAt: now,
        language: course.language,
      })
      .onConflictDoNothing(),
    ...list.map((component) =>
      db
        .insert(componentProgress)
        .values({ id: crypto.randomUUID(), userId, courseId: course.id, componentId: component.id })
        .onConflictDoNothing(),
    ),
  ] as const;
}

/**
 * Whether a requirement in force covers the learner for this course or another language version
 * of it (a requirement names one course; any version of its family meets it). Required training
 * needs no enrolment tap: starting it enrols the learner.
 */
export async function requiredForLearner(db: Db, userId: string, courseId: string, now: Date): Promise<boolean> {
  const [terms, rows] = await db.batch([...coverageFactsQueries(db, { userId }, now)]);
  const cells = cellsByUser(toFacts(terms, rows), now).get(userId);
  if (!cells || cells.size === 0) return false;
  // The required courses: a requirement that needs more than its course has a column of its own.
  const required = [...new Set([...cells.values()].flatMap((cell) => (cell.courseId ? [cell.courseId] : [])))];
  if (required.includes(courseId)) return true;
  const ids = [courseId, ...required];
  const families = await selectInChunks(ids, (part) =>
    db.select({ id: courses.id, familyId: courses.familyId }).from(courses).where(inArray(courses.id, part)),
  );
  const familyOf = new Map(families.map((row) => [row.id, row.familyId]));
  const family = familyOf.get(courseId) ?? null;
  return family !== null && required.some((id) => familyOf.get(id) === family);
}
