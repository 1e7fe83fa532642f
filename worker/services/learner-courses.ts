import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { paginationOf } from '../contract/common';
import { DEFAULT_PASSING_SCORE } from '../contract/course';
import { DELIVERY_LANGUAGES, type DeliveryLanguage } from '../contract/delivery-language';
import type {
  Course,
  CourseDetailResponse,
  CourseListResponse,
  courseListQuery,
  LearnerComponent,
} from '../contract/courses';
import { REFUSALS } from '../contract/errors';
import type { CourseProgressDetailResponse } from '../contract/progress';
import { isAdminUser, type RoleBearer } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { containsNeedle, offsetOf, searchNeedle } from '../db/paginate';
import { preparedReads } from '../db/prepared';
import { componentProgress, courses as courseTable, domains, userDomains } from '../db/schema';
import { ApiError } from '../errors';
import { preferredVersion } from './course-versions';
import { learnerAssessmentSummary, readAssessment } from './grading';
import {
  COURSE_NOT_AVAILABLE,
  courseComponentsQuery,
  learnerClassroomData,
  learnerMaterialData,
  NOT_STARTED_PROGRESS,
} from './progress';
import { courseWithDomainQuery, enrollmentQuery, toCourseWithDomain } from './course-access';
import { courseProgressQuery, toComponentProgress, toCourseProgressDtos } from './progress-dtos';
import { nextSessionsOf } from './session-next';

/*
 * The learner's course reads (My Courses' list, the course page's course and progress): built as
 * batch statements and shaped apart, so the API routes (routes/courses.ts, routes/progress.ts) and
 * the pages the Worker renders (services/learner-pages.ts) make the same reads, in their own one
 * batch with the session check, and answer the same bodies.
 */

type CourseRow = typeof courseTable.$inferSelect;
export type CourseListInput = v.InferOutput<typeof courseListQuery>;

function toCourse(
  row: CourseRow,
  domain: { id: string; name: string },
  extra: { componentCount: number; enrolled: boolean; inBooks: boolean },
): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    domain,
    icon: row.icon,
    timeLimit: row.timeLimit,
    passingScore: row.passingScore ?? DEFAULT_PASSING_SCORE,
    status: 'PUBLISHED',
    componentCount: extra.componentCount,
    createdAt: row.createdAt,
    publishedAt: row.publishedAt,
    enrollmentStatus: extra.enrolled ? 'enrolled' : 'not_enrolled',
    isLocked: !extra.inBooks,
    canEnroll: extra.inBooks,
    language: row.language,
  };
}

/**
 * One page of the courses `userId` may see, its count, the tabs' counts and the book filter's
 * options (these two cover every visible course), as one batch's statements; an administrator
 * (`admin`) sees every published course. `language` is the delivery language preferred.
 */
export function courseListReads(
  db: Db,
  userId: string,
  query: CourseListInput,
  language: DeliveryLanguage | null,
  admin: boolean,
) {
  const { page, limit, showAll, search, sortBy, status, bookId } = query;
  const needle = searchNeedle(search);
  return preparedReads(
    db,
    'course list',
    { showAll, sortBy, status, byBook: !!bookId, search: !!needle, admin },
    { userId, limit, offset: offsetOf({ page, limit }), bookId, needle, language: language ?? '' },
    buildCourseList,
  );
}

/** The course list's statements for one shape (a template: see db/prepared.ts; values are placeholders). */
function buildCourseList(
  db: Db,
  {
    userId,
    limit,
    offset,
    bookId,
    needle,
    language,
  }: { userId: string; limit: number; offset: number; bookId: string; needle: string; language: string },
  shape: {
    showAll: boolean;
    sortBy: CourseListInput['sortBy'];
    status: CourseListInput['status'];
    byBook: boolean;
    search: boolean;
    admin: boolean;
  },
) {
  const { showAll, sortBy, status, admin } = shape;
  const inBooks = sql<number>`EXISTS (SELECT 1 FROM user_domains ud WHERE ud.user_id = ${userId} AND ud.domain_id = ${courseTable.domainId})`;
  const order =
    sortBy === 'alphabetical'
      ? [asc(sql`lower(${courseTable.title})`), asc(courseTable.id)]
      : sortBy === 'domain'
        ? [asc(sql`lower(${domains.name})`), asc(sql`lower(${courseTable.title})`), asc(courseTable.id)]
        : [
            desc(sql`coalesce(${courseTable.publishedAt}, ${courseTable.createdAt})`),
            asc(sql`lower(${courseTable.title})`),
            asc(courseTable.id),
          ];
  const progressStatus = sql`(SELECT cp.status FROM course_progress cp
      WHERE cp.user_id = ${userId} AND cp.course_id = ${courseTable.id})`;
  // What the learner may see, before the tab, the book and the search narrow it.
  const visible = and(
    eq(courseTable.status, 'PUBLISHED'),
    admin ? undefined : showAll ? sql`(${inBooks} OR ${courseTable.allowBrowse} = 1)` : inBooks,
    preferredVersion(userId, language as DeliveryLanguage),
  );
  // What the tab, the book and the search narrow the visible courses to (the page and its count).
  const narrow = and(
    status === 'completed'
      ? sql`${progressStatus} = 'COMPLETED'`
      : status === 'progress'
        ? sql`${progressStatus} <> 'COMPLETED'`
        : undefined,
    shape.byBook ? eq(courseTable.domainId, bookId) : undefined,
    shape.search ? containsNeedle(needle, [courseTable.title, domains.name, courseTable.description]) : undefined,
  );
  const where = and(visible, narrow);
  return [
    db
      .select({
        course: courseTable,
        domainName: sql<string>`${domains.name}`.as('domain_name'),
        componentCount:
          sql<number>`(SELECT count(*) FROM course_components cc WHERE cc.course_id = ${courseTable.id})`.as(
            'component_count',
          ),
        enrolled:
          sql<number>`EXISTS (SELECT 1 FROM course_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseTable.id})`.as(
            'enrolled',
          ),
        inBooks: inBooks.as('in_books'),
      })
      .from(courseTable)
      .innerJoin(domains, eq(domains.id, courseTable.domainId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    // The page's count and the tabs' counts in one pass over the visible courses (every course is
    // in a book: the join to the books, which the search needs, drops none).
    db
      .select({
        // Named apart: D1 answers rows as objects by column name, so two `count(*)` would collide.
        n: (narrow ? sql<number>`coalesce(sum(CASE WHEN ${narrow} THEN 1 ELSE 0 END), 0)` : sql<number>`count(*)`).as(
          'page_total',
        ),
        all: sql<number>`count(*)`.as('all_total'),
        progress: sql<number>`coalesce(sum(${progressStatus} <> 'COMPLETED'), 0)`.as('progress_total'),
        completed: sql<number>`coalesce(sum(${progressStatus} = 'COMPLETED'), 0)`.as('completed_total'),
      })
      .from(courseTable)
      .innerJoin(domains, eq(domains.id, courseTable.domainId))
      .where(visible),
    db
      .selectDistinct({ id: domains.id, name: domains.name })
      .from(courseTable)
      .innerJoin(domains, eq(domains.id, courseTable.domainId))
      .where(visible)
      .orderBy(asc(sql`lower(${domains.name})`), asc(domains.id)),
  ] as const;
}

type Results<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };

/** GET /api/v2/user/courses's answer from the list's batch results. */
export function toCourseList(
  [rows, [counted], books]: Results<ReturnType<typeof courseListReads>>,
  query: Pick<CourseListInput, 'page' | 'limit'>,
  admin: boolean,
): CourseListResponse {
  return {
    courses: rows.map((r) =>
      toCourse(
        r.course,
        { id: r.course.domainId, name: r.domainName },
        { componentCount: Number(r.componentCount), enrolled: !!r.enrolled, inBooks: admin || !!r.inBooks },
      ),
    ),
    pagination: paginationOf(query.page, query.limit, Number(counted?.n ?? 0)),
    counts: {
      all: Number(counted?.all ?? 0),
      progress: Number(counted?.progress ?? 0),
      completed: Number(counted?.completed ?? 0),
    },
    books,
  };
}

/** The course, the learner's book membership and enrollment, the components and the family's other versions. */
export const courseDetailReads = (db: Db, userId: string, id: string) =>
  preparedReads(db, 'course detail', {}, { userId, id }, buildCourseDetail);

const buildCourseDetail = (db: Db, { userId, id }: { userId: string; id: string }) =>
  [
    courseWithDomainQuery(db, id),
    db
      .select({ one: sql<number>`1` })
      .from(userDomains)
      .innerJoin(courseTable, eq(courseTable.domainId, userDomains.domainId))
      .where(and(eq(userDomains.userId, userId), eq(courseTable.id, id)))
      .limit(1),
    enrollmentQuery(db, userId, id),
    courseComponentsQuery(db, id),
    // The other published versions of its family (same book, so visible alike).
    db
      .select({ id: courseTable.id, language: courseTable.language, title: courseTable.title })
      .from(courseTable)
      .where(
        and(
          sql`${courseTable.familyId} = (SELECT f.family_id FROM courses f WHERE f.id = ${id})`,
          sql`${courseTable.id} <> ${id}`,
          eq(courseTable.status, 'PUBLISHED'),
        ),
      ),
  ] as const;

/**
 * GET /api/v2/user/courses/{id}'s answer from its batch results, or its refusal (thrown). Classroom
 * steps name the learner's next session: one more read, only for blended courses.
 */
export async function toCourseDetail(
  db: Db,
  user: RoleBearer & { id: string },
  [courseRows, bookRows, enrollmentRows, list, versionRows]: Results<ReturnType<typeof courseDetailReads>>,
): Promise<CourseDetailResponse> {
  const found = toCourseWithDomain(courseRows[0]);
  if (!found) throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
  const inBooks = isAdminUser(user) || bookRows.length > 0;
  const enrollment = enrollmentRows[0];
  // Visible: the learner's books, a browsable course, or one they are already enrolled in.
  if (!inBooks && !found.course.allowBrowse && !enrollment)
    throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
  if (found.course.status !== 'PUBLISHED') {
    if (!inBooks && !enrollment) throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
    throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
  }
  const classroom = list.filter((component) => component.type === 'CLASSROOM').map((component) => component.id);
  const nextSessions = await nextSessionsOf(db, user.id, classroom);
  const components: LearnerComponent[] = list.map((component) => {
    const base = {
      id: component.id,
      order: component.orderIndex,
      orderIndex: component.orderIndex,
      required: component.required,
    };
    if (component.type === 'MATERIAL') return { ...base, type: 'MATERIAL', data: learnerMaterialData(component) };
    if (component.type === 'CLASSROOM')
      return { ...base, type: 'CLASSROOM', data: learnerClassroomData(component, nextSessions.get(component.id)) };
    // Only the summary and question ids: question texts and answer keys never reach a learner from here.
    return {
      ...base,
      type: component.type,
      data: learnerAssessmentSummary(readAssessment(component.data, { passingScore: found.course.passingScore })),
    };
  });
  return {
    ...toCourse(found.course, found.domain, {
      componentCount: list.length,
      enrolled: !!enrollment,
      inBooks: inBooks || !!enrollment,
    }),
    components,
    versions: versionRows.sort(
      (a, b) => DELIVERY_LANGUAGES.indexOf(a.language) - DELIVERY_LANGUAGES.indexOf(b.language),
    ),
  };
}

/** The learner's progress in one course: the course's row, its components and their rows. */
export const courseProgressReads = (db: Db, userId: string, id: string) =>
  preparedReads(db, 'course progress', {}, { userId, id }, buildCourseProgress);

const buildCourseProgress = (db: Db, { userId, id }: { userId: string; id: string }) =>
  [
    courseProgressQuery(db, userId, id),
    courseComponentsQuery(db, id),
    db
      .select()
      .from(componentProgress)
      .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, id))),
  ] as const;

/** GET /api/v2/user/progress/courses/{id}'s answer, or null when the learner is not enrolled (its 404). */
export function toCourseProgressDetail(
  userId: string,
  id: string,
  [dtoRows, list, rows]: Results<ReturnType<typeof courseProgressReads>>,
): CourseProgressDetailResponse | null {
  const [dto] = toCourseProgressDtos(dtoRows);
  if (!dto) return null;
  const byComponent = new Map(rows.map((r) => [r.componentId, r]));
  const componentProgresses = list.map((component) => {
    const row = byComponent.get(component.id);
    // A component added after enrollment has no row yet: it reads as not started.
    return toComponentProgress(
      row ?? {
        id: `pending-${component.id}`,
        userId,
        courseId: id,
        componentId: component.id,
        ...NOT_STARTED_PROGRESS,
      },
      component,
    );
  });
  return { courseProgress: dto, componentProgresses };
}
