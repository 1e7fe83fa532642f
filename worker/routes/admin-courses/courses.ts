import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  courseBody,
  adminCourseListQuery,
  type AdminCourseDetail,
  type AdminCourseListPage,
} from '../../contract/admin-courses';
import { idParam } from '../../contract/common';
import { containsText, offsetOf, paginate } from '../../db/paginate';
import { certificates, components, courseProgress, courses, domains } from '../../db/schema';
import type { AppEnv } from '../../env';
import { purgePublicCourses } from '../../middleware/edge-cache';
import { forgetAdminSnapshots } from '../../services/admin-snapshots';
import { auditInsert, auditInsertWhen } from '../../services/audit';
import { ApiError, refusal } from '../../errors';
import { validate } from '../../validate';
import { courseComponents } from '../../services/progress';
import { bringRequiredTraining } from '../../services/requirement-audience';
import { REFUSALS } from '../../contract/errors';
import {
  familyVersions,
  selectCourses,
  toCourse,
  loadCourse,
  toComponent,
  assertDomainExists,
  publishProblem,
  courseAudit,
  courseValues,
} from './shared';
import { validityColumns } from '../../contract/certificates';

/**
 * Courses: the paged list, one course, create, edit, publish, take down, clone, delete. Guarded by
 * the router (index.ts). Every write records one audit entry and forgets the admin figures in its own
 * batch, and purges the landing page's sample courses once it landed.
 */
export const courseRoutes = new Hono<AppEnv>()
  // The search box matches the course title; status and book filters run on the server too.
  .get('/', validate('query', adminCourseListQuery), async (c) => {
    const { page, limit, search, status, domainId } = c.req.valid('query');
    const db = c.var.db;
    const where = and(
      containsText(search, [courses.title]),
      status ? eq(courses.status, status) : undefined,
      domainId ? eq(courses.domainId, domainId) : undefined,
    );
    const request = { page, limit };
    const { items, pagination } = await paginate(
      db,
      request,
      selectCourses(db)
        .where(where)
        .orderBy(desc(courses.createdAt), asc(courses.title), asc(courses.id))
        .limit(limit)
        .offset(offsetOf(request)),
      db.select({ n: count() }).from(courses).innerJoin(domains, eq(domains.id, courses.domainId)).where(where),
    );
    return c.json({ courses: items.map(toCourse), pagination } satisfies AdminCourseListPage);
  })

  .get('/:id', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    const [rows, versions] = await Promise.all([courseComponents(db, course.id), familyVersions(db, course)]);
    return c.json({ ...course, components: rows.map(toComponent), versions } satisfies AdminCourseDetail);
  })

  .post('/', validate('json', courseBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    await assertDomainExists(db, body.domainId);
    const id = crypto.randomUUID();
    await db.batch([
      db.insert(courses).values({ id, ...courseValues(body), status: 'DRAFT', hasBeenPublished: false }),
      auditInsert(db, { actor: c.var.user, action: 'COURSE_CREATED', entityType: 'COURSE', entityId: id, after: body }),
      forgetAdminSnapshots(db),
    ]);
    return c.json(await loadCourse(db, id), 201);
  })

  .put('/:id', validate('param', idParam), validate('json', courseBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    if (course.status === 'PUBLISHED') throw new ApiError('CONFLICT', REFUSALS['course.publishedEdit']);
    await assertDomainExists(db, body.domainId);
    // The status guard is repeated in the statement: a publish racing this edit wins cleanly.
    const draft = and(eq(courses.id, course.id), eq(courses.status, 'DRAFT'));
    const [updated] = await db.batch([
      db
        .update(courses)
        .set({ ...courseValues(body), updatedAt: new Date().toISOString() })
        .where(draft)
        .returning({ id: courses.id }),
      // Written only when the edit landed (the course was still a draft).
      auditInsertWhen(
        db,
        {
          actor: c.var.user,
          action: 'COURSE_UPDATED',
          entityType: 'COURSE',
          entityId: course.id,
          before: courseAudit(course),
          after: body,
        },
        courses,
        draft!,
      ),
      forgetAdminSnapshots(db),
    ]);
    await purgePublicCourses(c);
    if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['course.publishedEdit']);
    return c.json(await loadCourse(db, course.id));
  })

  .post('/:id/publish', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    if (course.status !== 'PUBLISHED') {
      const problem = publishProblem(await courseComponents(db, course.id));
      if (problem) throw new ApiError('CONFLICT', problem);
      const now = new Date().toISOString();
      await db.batch([
        db
          .update(courses)
          .set({ status: 'PUBLISHED', hasBeenPublished: true, publishedAt: now, updatedAt: now })
          .where(eq(courses.id, course.id)),
        auditInsert(db, {
          actor: c.var.user,
          action: 'COURSE_PUBLISHED',
          entityType: 'COURSE',
          entityId: course.id,
          before: { status: course.status },
          after: { status: 'PUBLISHED' },
        }),
        forgetAdminSnapshots(db),
      ]);
      await purgePublicCourses(c);
      // A required course that was a draft is enrolled for its requirements' people now that it can be opened.
      await bringRequiredTraining(db, c.var.user, { courseId: course.id });
    }
    return c.json({ message: 'Course published successfully', course: await loadCourse(db, course.id) });
  })

  .post('/:id/takedown', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    if (course.status === 'PUBLISHED') {
      await db.batch([
        db
          .update(courses)
          .set({ status: 'DRAFT', updatedAt: new Date().toISOString() })
          .where(eq(courses.id, course.id)),
        auditInsert(db, {
          actor: c.var.user,
          action: 'COURSE_TAKEN_DOWN',
          entityType: 'COURSE',
          entityId: course.id,
          before: { status: 'PUBLISHED' },
          after: { status: 'DRAFT' },
        }),
        forgetAdminSnapshots(db),
      ]);
      await purgePublicCourses(c);
    }
    return c.json({ message: 'Course taken down successfully', course: await loadCourse(db, course.id) });
  })

  .post('/:id/clone', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const source = await loadCourse(db, c.req.valid('param').id);
    const rows = await courseComponents(db, source.id);
    const id = crypto.randomUUID();
    const title = `${source.title} (Copy)`;
    await db.batch([
      db.insert(courses).values({
        id,
        title,
        description: source.description,
        domainId: source.domainId,
        icon: source.icon,
        timeLimit: source.timeLimit,
        passingScore: source.passingScore,
        allowBrowse: source.allowBrowse,
        ...validityColumns(source.certificateValidityYears),
        certificateValidityDays: source.certificateValidityDays,
        // A copy is in the same language, but not in the family (it would be a second version of it).
        language: source.language,
        status: 'DRAFT',
        hasBeenPublished: false,
      }),
      ...rows.map((row, index) =>
        db.insert(components).values({
          id: crypto.randomUUID(),
          courseId: id,
          type: row.type,
          orderIndex: index + 1,
          required: row.required,
          materialId: row.materialId,
          data: row.data,
        }),
      ),
      auditInsert(db, {
        actor: c.var.user,
        action: 'COURSE_CREATED',
        entityType: 'COURSE',
        entityId: id,
        before: { clonedFrom: source.id },
        after: { title },
      }),
      forgetAdminSnapshots(db),
    ]);
    return c.json(await loadCourse(db, id), 201);
  })

  .delete('/:id', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    if (course.status === 'PUBLISHED') throw new ApiError('CONFLICT', REFUSALS['course.publishedDelete']);
    const usage = await db
      .select({
        learners:
          sql<number>`(SELECT count(*) FROM ${courseProgress} WHERE ${courseProgress.courseId} = ${course.id})`.mapWith(
            Number,
          ),
        certificates:
          sql<number>`(SELECT count(*) FROM ${certificates} WHERE ${certificates.courseId} = ${course.id})`.mapWith(
            Number,
          ),
        requirements: sql<number>`(SELECT count(*) FROM requirements WHERE course_id = ${course.id})`.mapWith(Number),
      })
      .from(sql`(SELECT 1)`)
      .get();
    // A requirement, even a retired one, keeps its history and so its course.
    if ((usage?.requirements ?? 0) > 0) {
      throw refusal('CONFLICT', 'course.requirementsRefer', { count: usage?.requirements ?? 0 });
    }
    if ((usage?.learners ?? 0) > 0 || (usage?.certificates ?? 0) > 0) {
      throw refusal('CONFLICT', 'course.hasRecords', {
        learners: usage?.learners ?? 0,
        certificates: usage?.certificates ?? 0,
      });
    }
    await db.batch([
      db.delete(components).where(eq(components.courseId, course.id)),
      db.delete(courses).where(eq(courses.id, course.id)),
      auditInsert(db, {
        actor: c.var.user,
        action: 'COURSE_DELETED',
        entityType: 'COURSE',
        entityId: course.id,
        before: courseAudit(course),
      }),
      forgetAdminSnapshots(db),
    ]);
    await purgePublicCourses(c);
    return c.json({ message: 'Course deleted successfully', id: course.id });
  });
