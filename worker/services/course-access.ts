import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { courseProgress, courses, domains, userDomains } from '../db/schema';
import type { AuthUser } from '../env';
import type { CourseProgressRow } from './progress';

/*
 * Which course a learner asks for, in which book, and whether they may see it or are enrolled:
 * the reads every learner route and page starts from (batch-safe queries with their one-off finders).
 */

export type CourseRow = typeof courses.$inferSelect;
export interface DomainInfo {
  id: string;
  name: string;
}

/** Whether the course's book is one of the user's (admins have every book). */
export async function inUserBooks(db: Db, user: Pick<AuthUser, 'id' | 'role'>, domainId: string): Promise<boolean> {
  if (isAdminUser(user)) return true;
  return (await userBookQuery(db, user.id, domainId)).length > 0;
}

/** One row when the book is one of the user's (batch-safe; judge with `isAdminUser` too, as inUserBooks does). */
export const userBookQuery = (db: Db, userId: string, domainId: string | SQL) =>
  db
    .select({ one: sql<number>`1` })
    .from(userDomains)
    .where(and(eq(userDomains.userId, userId), eq(userDomains.domainId, domainId)))
    .limit(1);

/** The course and its book; batch-safe (the book's columns are aliased apart from the course's). */
export const courseWithDomainQuery = (db: Db, courseId: string | SQL) =>
  db
    .select({
      course: courses,
      domainId: sql<string>`${domains.id}`.as('domain_id_'),
      domainName: sql<string>`${domains.name}`.as('domain_name_'),
    })
    .from(courses)
    .innerJoin(domains, eq(domains.id, courses.domainId))
    .where(eq(courses.id, courseId))
    .limit(1);

type CourseWithDomainRow = Awaited<ReturnType<typeof courseWithDomainQuery>>[number];
export const toCourseWithDomain = (
  row: CourseWithDomainRow | undefined,
): { course: CourseRow; domain: DomainInfo } | null =>
  row ? { course: row.course, domain: { id: row.domainId, name: row.domainName } } : null;

export async function findCourseWithDomain(
  db: Db,
  courseId: string,
): Promise<{ course: CourseRow; domain: DomainInfo } | null> {
  return toCourseWithDomain((await courseWithDomainQuery(db, courseId))[0]);
}

export const enrollmentQuery = (db: Db, userId: string, courseId: string) =>
  db
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
    .limit(1);

export async function findEnrollment(db: Db, userId: string, courseId: string): Promise<CourseProgressRow | undefined> {
  return (await enrollmentQuery(db, userId, courseId))[0];
}
