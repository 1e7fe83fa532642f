import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam, paginationOf } from '../contract/common';
import { DEFAULT_PASSING_SCORE } from '../contract/course';
import { DELIVERY_LANGUAGES, preferredLanguage } from '../contract/delivery-language';
import { preferredVersion } from '../services/course-versions';
import {
  courseListQuery,
  type Course,
  type CourseDetailResponse,
  type CourseListResponse,
  type LearnerComponent,
} from '../contract/courses';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { containsText, offsetOf } from '../db/paginate';
import { courses as courseTable, domains, userDomains } from '../db/schema';
import type { AppEnv } from '../env';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { ApiError } from '../errors';
import { learnerAssessmentSummary, readAssessment } from '../services/grading';
import { nextSessionsOf } from '../services/session-next';
import {
  COURSE_NOT_AVAILABLE,
  courseComponentsQuery,
  courseWithDomainQuery,
  enrollmentQuery,
  learnerClassroomData,
  learnerMaterialData,
  toCourseWithDomain,
} from '../services/progress';
import { validate } from '../validate';
import { REFUSALS } from '../contract/errors';

type CourseRow = typeof courseTable.$inferSelect;

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

// Both reads judge the session in their first batch (one D1 round trip fewer).
export const courses = new Hono<AppEnv>()
  .use('*', inFirstBatch(requireLearner))
  .get('/', validate('query', courseListQuery), async (c) => {
    const { page, limit, showAll, search, sortBy, lang, status, bookId } = c.req.valid('query');
    const language = preferredLanguage(c.req.header('accept-language'), lang);
    const inBooksOf = (userId: string) =>
      sql<number>`EXISTS (SELECT 1 FROM user_domains ud WHERE ud.user_id = ${userId} AND ud.domain_id = ${courseTable.domainId})`;
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
    const request = { page, limit };
    const progressStatusOf = (userId: string) => sql`(SELECT cp.status FROM course_progress cp
      WHERE cp.user_id = ${userId} AND cp.course_id = ${courseTable.id})`;
    // What the learner may see, before the tab, the book and the search narrow it.
    const visibleTo = (userId: string, admin: boolean) => {
      const inBooks = inBooksOf(userId);
      return and(
        eq(courseTable.status, 'PUBLISHED'),
        admin ? undefined : showAll ? sql`(${inBooks} OR ${courseTable.allowBrowse} = 1)` : inBooks,
        preferredVersion(userId, language),
      );
    };
    // The page, its count, the tabs' counts and the book filter's options (these two cover every
    // visible course), read in one batch; an administrator sees every published course.
    const listOf = async (db: Db, userId: string, admin: boolean) => {
      const inBooks = inBooksOf(userId);
      const progressStatus = progressStatusOf(userId);
      const visible = visibleTo(userId, admin);
      const where = and(
        visible,
        status === 'completed'
          ? sql`${progressStatus} = 'COMPLETED'`
          : status === 'progress'
            ? sql`${progressStatus} <> 'COMPLETED'`
            : undefined,
        bookId ? eq(courseTable.domainId, bookId) : undefined,
        containsText(search, [courseTable.title, domains.name, courseTable.description]),
      );
      const [rows, [total], [counted], books] = await db.batch([
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
          .offset(offsetOf(request)),
        db
          .select({ n: count() })
          .from(courseTable)
          .innerJoin(domains, eq(domains.id, courseTable.domainId))
          .where(where),
        db
          .select({
            all: count(),
            progress: sql<number>`coalesce(sum(${progressStatus} <> 'COMPLETED'), 0)`,
            completed: sql<number>`coalesce(sum(${progressStatus} = 'COMPLETED'), 0)`,
          })
          .from(courseTable)
          .where(visible),
        db
          .selectDistinct({ id: domains.id, name: domains.name })
          .from(courseTable)
          .innerJoin(domains, eq(domains.id, courseTable.domainId))
          .where(visible)
          .orderBy(asc(sql`lower(${domains.name})`), asc(domains.id)),
      ]);
      return { rows, pagination: paginationOf(page, limit, Number(total?.n ?? 0)), counted, books };
    };
    // The learner's list first: its batch also carries the session check (one round trip).
    const { user, result: learnerList } = await sessionInFirstBatch(c, (db, userId) => listOf(db, userId, false));
    const admin = isAdminUser(user);
    const { rows, pagination, counted, books } = admin ? await listOf(c.var.db, user.id, true) : learnerList;
    const body: CourseListResponse = {
      courses: rows.map((r) =>
        toCourse(
          r.course,
          { id: r.course.domainId, name: r.domainName },
          { componentCount: Number(r.componentCount), enrolled: !!r.enrolled, inBooks: admin || !!r.inBooks },
        ),
      ),
      pagination,
      counts: {
        all: Number(counted?.all ?? 0),
        progress: Number(counted?.progress ?? 0),
        completed: Number(counted?.completed ?? 0),
      },
      books,
    };
    return c.json(body);
  })

  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    // One batch: the course, the learner's book membership and enrollment, and the components.
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch([
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
      ]),
    );
    const [courseRows, bookRows, enrollmentRows, list, versionRows] = result;
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
    // Classroom steps name the learner's next session (one more read, only for blended courses).
    const nextSessions = await nextSessionsOf(
      c.var.db,
      user.id,
      list.filter((component) => component.type === 'CLASSROOM').map((component) => component.id),
    );
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
    const body: CourseDetailResponse = {
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
    return c.json(body);
  });
