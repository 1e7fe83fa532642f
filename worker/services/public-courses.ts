import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { PublicCourse } from '../contract/landing';
import { components, courses, domains } from '../db/schema';
import type { Db } from '../db/client';
import { preferredVersion } from './course-versions';

/**
 * The landing page's sample courses, newest published first (one version per course family): what
 * GET /api/public/courses answers and what the Worker renders into the landing page.
 */
export async function samplePublicCourses(db: Db, limit: number): Promise<PublicCourse[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      icon: courses.icon,
      domainId: domains.id,
      domainName: domains.name,
      componentCount: count(components.id),
    })
    .from(courses)
    .innerJoin(domains, eq(domains.id, courses.domainId))
    .leftJoin(components, eq(components.courseId, courses.id))
    .where(and(eq(courses.status, 'PUBLISHED'), preferredVersion(null, null)))
    .groupBy(courses.id)
    .orderBy(desc(courses.publishedAt), asc(courses.title))
    .limit(limit);
  return rows.map(({ domainId, domainName, ...course }) => ({ ...course, domain: { id: domainId, name: domainName } }));
}
