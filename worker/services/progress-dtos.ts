import { and, eq, ne, sql } from 'drizzle-orm';
import type {
  ComponentProgress,
  CourseProgress,
  CourseProgressListItem,
  CourseProgressListResponse,
  NextComponent,
} from '../contract/progress';
import { continueTarget } from '../contract/rules/progress';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import { certificates, componentProgress, components, courseProgress, courses, domains } from '../db/schema';
import { componentTitle, type ComponentProgressRow, type ComponentRow } from './progress';

/*
 * The learner's progress as the API returns it: the course progress list (with each open course's
 * next component) and a component's progress, read in as few statements as the routes batch.
 */

export function toComponentProgress(row: ComponentProgressRow, component: ComponentRow): ComponentProgress {
  return {
    id: row.id,
    componentId: component.id,
    componentTitle: componentTitle(component),
    componentType: component.type,
    order: component.orderIndex,
    status: row.status,
    progressPercentage: row.progressPercentage,
    score: row.score,
    attempts: row.attempts,
    timeSpentSeconds: row.timeSpentSeconds,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    lastAccessedAt: row.lastAccessedAt,
    required: component.required,
  };
}

/** A course progress row's certificate: the learner's certificate for that course (joined when the lists show it). */
export const progressCertificate = and(
  eq(certificates.userId, courseProgress.userId),
  eq(certificates.courseId, courseProgress.courseId),
);

export function courseProgressQuery(db: Db, userId: string, courseId?: string) {
  return db
    .select({
      progress: courseProgress,
      courseTitle: sql<string>`${courses.title}`.as('course_title_'),
      domainId: sql<string>`${domains.id}`.as('domain_id_'),
      domainName: sql<string>`${domains.name}`.as('domain_name_'),
      totalComponents:
        sql<number>`(SELECT count(*) FROM course_components cc WHERE cc.course_id = ${courseProgress.courseId})`.as(
          'total_components_',
        ),
      completedComponents:
        sql<number>`(SELECT count(*) FROM component_progress cp JOIN course_components cc ON cc.id = cp.component_id WHERE cp.user_id = ${courseProgress.userId} AND cp.course_id = ${courseProgress.courseId} AND cp.status = 'COMPLETED')`.as(
          'completed_components_',
        ),
      certificateId: sql<string | null>`${certificates.id}`.as('certificate_id_'),
    })
    .from(courseProgress)
    .innerJoin(courses, eq(courses.id, courseProgress.courseId))
    .innerJoin(domains, eq(domains.id, courses.domainId))
    .leftJoin(certificates, progressCertificate)
    .where(
      courseId
        ? and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId))
        : eq(courseProgress.userId, userId),
    )
    .orderBy(sql`coalesce(${courseProgress.lastAccessedAt}, ${courseProgress.enrolledAt}) DESC`);
}

export function toCourseProgressDtos(rows: Awaited<ReturnType<typeof courseProgressQuery>>): CourseProgress[] {
  return rows.map((r) => ({
    id: r.progress.id,
    courseId: r.progress.courseId,
    courseTitle: r.courseTitle,
    courseDomain: r.domainName,
    domain: { id: r.domainId, name: r.domainName },
    status: r.progress.status,
    overallProgress: r.progress.overallProgress,
    totalComponents: Number(r.totalComponents),
    completedComponents: Number(r.completedComponents),
    enrollmentDate: r.progress.enrolledAt,
    startedDate: r.progress.startedAt,
    completedAt: r.progress.completedAt,
    lastAccessedAt: r.progress.lastAccessedAt,
    certificateId: r.certificateId ?? null,
    language: r.progress.language,
  }));
}

/**
 * The components of every course a learner has not completed (title only, not the whole data), for
 * the progress list's continue targets; read in the same batch as the list.
 */
export function openCourseComponentsQuery(db: Db, userId: string) {
  return db
    .select({
      id: components.id,
      courseId: components.courseId,
      type: components.type,
      orderIndex: components.orderIndex,
      title: sql<string | null>`json_extract(${components.data}, '$.title')`.as('title_'),
    })
    .from(components)
    .innerJoin(courseProgress, and(eq(courseProgress.courseId, components.courseId), eq(courseProgress.userId, userId)))
    .where(ne(courseProgress.status, 'COMPLETED'));
}

/** The learner's component statuses in the courses they have not completed. */
export function openComponentStatusesQuery(db: Db, userId: string) {
  return db
    .select({
      componentId: componentProgress.componentId,
      status: componentProgress.status,
      progressPercentage: componentProgress.progressPercentage,
    })
    .from(componentProgress)
    .innerJoin(
      courseProgress,
      and(eq(courseProgress.courseId, componentProgress.courseId), eq(courseProgress.userId, componentProgress.userId)),
    )
    .where(and(eq(componentProgress.userId, userId), ne(courseProgress.status, 'COMPLETED')));
}

/** The progress list with each open course's next component, by the course page's own continue rule. */
export function withNextComponents(
  progresses: CourseProgress[],
  openComponents: Awaited<ReturnType<typeof openCourseComponentsQuery>>,
  statuses: Awaited<ReturnType<typeof openComponentStatusesQuery>>,
): CourseProgressListItem[] {
  const byCourse = new Map<string, typeof openComponents>();
  for (const component of openComponents) {
    const list = byCourse.get(component.courseId);
    if (list) list.push(component);
    else byCourse.set(component.courseId, [component]);
  }
  const status = new Map(statuses.map((row) => [row.componentId, row]));
  return progresses.map((progress) => {
    const target =
      progress.status === 'COMPLETED' ? null : continueTarget(byCourse.get(progress.courseId) ?? [], status);
    const nextComponent: NextComponent | null = target
      ? {
          id: target.id,
          title: componentTitle({ type: target.type, data: { title: target.title } }),
          type: target.type,
          status: status.get(target.id)?.status ?? 'NOT_STARTED',
        }
      : null;
    return { ...progress, nextComponent };
  });
}

/**
 * The progress list's reads for one batch (GET /api/v2/user/progress/courses and the Worker-rendered
 * learner pages): the list (or one course's row) and what each open course continues with.
 */
export const progressListReads = (db: Db, userId: string, courseId?: string) =>
  preparedReads(
    db,
    'progress list',
    { oneCourse: courseId !== undefined },
    { userId, courseId: courseId ?? '' },
    buildProgressList,
  );

/** progressListReads' statements (a template: see db/prepared.ts; values are placeholders). */
const buildProgressList = (
  db: Db,
  { userId, courseId }: { userId: string; courseId: string },
  { oneCourse }: { oneCourse: boolean },
) =>
  [
    courseProgressQuery(db, userId, oneCourse ? courseId : undefined),
    openCourseComponentsQuery(db, userId),
    openComponentStatusesQuery(db, userId),
  ] as const;

/** The progress list from the results of `progressListReads`. */
export function toProgressList([rows, openComponents, statuses]: readonly [
  Awaited<ReturnType<typeof courseProgressQuery>>,
  Awaited<ReturnType<typeof openCourseComponentsQuery>>,
  Awaited<ReturnType<typeof openComponentStatusesQuery>>,
]): CourseProgressListResponse {
  const progresses = withNextComponents(toCourseProgressDtos(rows), openComponents, statuses);
  return { progresses, count: progresses.length };
}
