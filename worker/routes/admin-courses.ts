import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  assessmentDataSchema,
  componentBody,
  componentUpdateBody,
  courseBody,
  adminCourseListQuery,
  fieldErrors,
  materialDataSchema,
  normalizeAssessment,
  reorderBody,
  type AdminComponent,
  type AdminCourse,
  type AdminCourseDetail,
  type AdminCourseListPage,
} from '../contract/admin-courses';
import { idParam, idString } from '../contract/common';
import type { ComponentType } from '../contract/course';
import { courseFamilyBody, DELIVERY_LANGUAGES, languageMessages, type CourseVersion } from '../contract/delivery-language';
import { isUniqueViolation } from '../db/errors';
import { containsText, offsetOf, paginate } from '../db/paginate';
import { certificates, components, courseProgress, courses, domains, materials } from '../db/schema';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/auth';
import { purgePublicCourses } from '../middleware/edge-cache';
import { forgetAdminSnapshots } from '../services/admin-snapshots';
import { auditInsert, auditInsertWhen } from '../services/audit';
import { ApiError, refusal } from '../errors';
import { validate } from '../validate';
import { materialFileUrl } from '../services/material-links';
import { courseComponents } from '../services/progress';
import { clearComplianceCache } from '../services/compliance';
import { REFUSALS, refusalText } from '../contract/errors';

/** The other versions of a course's family, in the order of DELIVERY_LANGUAGES. */
async function familyVersions(db: Db, course: Pick<AdminCourse, 'id' | 'familyId'>): Promise<CourseVersion[]> {
  if (!course.familyId) return [];
  const rows = await db
    .select({ id: courses.id, language: courses.language, title: courses.title })
    .from(courses)
    .where(and(eq(courses.familyId, course.familyId), sql`${courses.id} <> ${course.id}`));
  return rows.sort((a, b) => DELIVERY_LANGUAGES.indexOf(a.language) - DELIVERY_LANGUAGES.indexOf(b.language));
}

const courseParam = v.object({ courseId: idString });
const componentParams = v.object({ courseId: idString, componentId: idString });

/*
 * Courses and their components, for administrators with Module Management.
 *
 * Lifecycle, enforced here rather than only hidden in the UI:
 * - PUBLISHED: details are read-only and the course cannot be deleted; take it down first.
 * - hasBeenPublished (ever): components cannot be added, removed or reordered, because learners'
 *   progress, attempts and sequential unlocking refer to them; existing ones can be edited.
 * - a course with learner progress or certificates is never deleted (it would delete their
 *   attempts and certificates with it); taking it down hides it instead.
 */

const EVER_PUBLISHED = REFUSALS['component.everPublished'];

const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  domainId: courses.domainId,
  domainName: domains.name,
  icon: courses.icon,
  timeLimit: courses.timeLimit,
  passingScore: courses.passingScore,
  status: courses.status,
  hasBeenPublished: courses.hasBeenPublished,
  allowBrowse: courses.allowBrowse,
  certificateValidityDays: courses.certificateValidityDays,
  publishedAt: courses.publishedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  language: courses.language,
  familyId: courses.familyId,
  componentCount: sql<number>`(SELECT count(*) FROM course_components cc WHERE cc.course_id = ${courses.id})`.mapWith(Number),
};
type CourseRow = Awaited<ReturnType<ReturnType<typeof selectCourses>['all']>>[number];

function selectCourses(db: Db) {
  return db.select(courseColumns).from(courses).innerJoin(domains, eq(domains.id, courses.domainId));
}

function toCourse(row: CourseRow): AdminCourse {
  const { domainName, ...rest } = row;
  return { ...rest, domain: { id: row.domainId, name: domainName } };
}

async function loadCourse(db: Db, id: string): Promise<AdminCourse> {
  const row = await selectCourses(db).where(eq(courses.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
  return toCourse(row);
}

type ComponentRow = typeof components.$inferSelect;

function toComponent(row: ComponentRow): AdminComponent {
  return {
    id: row.id,
    courseId: row.courseId,
    type: row.type,
    order: row.orderIndex,
    orderIndex: row.orderIndex,
    required: row.required,
    materialId: row.materialId,
    data: row.data,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function loadComponent(db: Db, courseId: string, componentId: string): Promise<ComponentRow> {
  const row = await db.select().from(components).where(and(eq(components.id, componentId), eq(components.courseId, courseId))).get();
  if (!row) throw new ApiError('NOT_FOUND', 'Component not found');
  return row;
}

async function assertDomainExists(db: Db, domainId: string) {
  const domain = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, domainId)).get();
  if (!domain) throw new ApiError('VALIDATION_FAILED', REFUSALS['content.bookGone'], { fields: { domainId: REFUSALS['content.bookGone'] } });
}

/** Validates a component's `data` for its type; messages and `fields` paths are relative to `data` (`questions.0.options`). */
async function prepareData(db: Db, type: ComponentType, data: Record<string, unknown>): Promise<{ data: Record<string, unknown>; materialId: string | null }> {
  if (type === 'MATERIAL') {
    const result = v.safeParse(materialDataSchema, data);
    if (!result.success) throw new ApiError('VALIDATION_FAILED', result.issues[0].message, { fields: fieldErrors(result.issues) });
    const material = await db.select().from(materials).where(eq(materials.id, result.output.materialId)).get();
    if (!material) throw new ApiError('VALIDATION_FAILED', REFUSALS['content.materialGone'], { fields: { materialId: REFUSALS['content.materialGone'] } });
    const fileUrl = materialFileUrl(material.id);
    return {
      materialId: material.id,
      data: {
        materialId: material.id,
        title: result.output.title ?? material.title,
        ...(result.output.description ? { description: result.output.description } : {}),
        type: material.type,
        driveFileId: null,
        driveFileUrl: fileUrl,
        fileUrl,
      },
    };
  }
  const result = v.safeParse(assessmentDataSchema, data);
  if (!result.success) throw new ApiError('VALIDATION_FAILED', result.issues[0].message, { fields: fieldErrors(result.issues) });
  return { materialId: null, data: normalizeAssessment(result.output, () => crypto.randomUUID()) as unknown as Record<string, unknown> };
}

/** Why a course cannot be published yet, or null. */
function publishProblem(rows: ComponentRow[]): string | null {
  if (rows.length === 0) return REFUSALS['course.noComponents'];
  for (const row of rows) {
    const title = String((row.data as { title?: unknown }).title ?? row.type);
    if (row.type === 'MATERIAL') {
      if (!row.materialId) return refusalText('course.noMaterial', { title });
      continue;
    }
    const result = v.safeParse(assessmentDataSchema, row.data);
    if (!result.success) return refusalText('course.incompleteAssessment', { title, problem: result.issues[0].message });
  }
  return null;
}

/** What a course's audit entry keeps of it. */
function courseAudit(course: { title: string; status: string; domainId: string; language: string }) {
  return { title: course.title, status: course.status, domainId: course.domainId, language: course.language };
}

/**
 * Every write below records one audit entry and forgets the admin figures in its own batch, and
 * purges the landing page's sample courses once it landed.
 */
export const adminCourses = new Hono<AppEnv>()
  .use('*', requireAdmin('moduleManagement'))
  // ------------------------------------------------------------ courses
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
      selectCourses(db).where(where).orderBy(desc(courses.createdAt), asc(courses.title), asc(courses.id)).limit(limit).offset(offsetOf(request)),
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

  /**
   * The course's delivery language and course family. Allowed on a published course too: the rows
   * learners already made keep the language they were delivered in. Linking puts the course in the
   * family of `familyWith` (which starts one if it has none); one version per language, one book.
   * Compliance follows the family, so the matrix snapshots are cleared in the same batch.
   */
  .put('/:id/family', validate('param', idParam), validate('json', courseFamilyBody), async (c) => {
    const { language, familyWith } = c.req.valid('json');
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    const invalid = (message: string) => new ApiError('VALIDATION_FAILED', message, { fields: { familyWith: message } });
    let familyId = course.familyId;
    // Linking with a course on its own starts a family: that course joins it too (its own id is the family's).
    let startFamily: { id: string; language: string } | null = null;
    if (familyWith === null) familyId = null;
    else if (familyWith !== undefined) {
      if (familyWith === course.id) throw invalid(languageMessages.sameCourse);
      const target = await db.select({ id: courses.id, domainId: courses.domainId, familyId: courses.familyId, language: courses.language }).from(courses).where(eq(courses.id, familyWith)).get();
      if (!target) throw invalid(languageMessages.familyCourseNotFound);
      if (target.domainId !== course.domainId) throw invalid(languageMessages.otherBook);
      familyId = target.familyId ?? target.id;
      if (!target.familyId) startFamily = { id: target.id, language: target.language };
    }
    if (familyId) {
      const taken = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.familyId, familyId), eq(courses.language, language), sql`${courses.id} <> ${course.id}`))
        .get();
      if (taken || startFamily?.language === language) {
        throw new ApiError('FAMILY_LANGUAGE_TAKEN', languageMessages.languageTaken, { fields: { language: languageMessages.languageTaken } });
      }
    }
    const now = new Date().toISOString();
    // A family left with one version dissolves: a course on its own has no family.
    const left = course.familyId && course.familyId !== familyId ? course.familyId : null;
    try {
      await db.batch([
        db.update(courses).set({ language, familyId, updatedAt: now }).where(eq(courses.id, course.id)),
        ...(startFamily ? [db.update(courses).set({ familyId: startFamily.id, updatedAt: now }).where(eq(courses.id, startFamily.id))] : []),
        ...(left
          ? [db.update(courses).set({ familyId: null, updatedAt: now }).where(and(eq(courses.familyId, left), sql`(SELECT count(*) FROM courses f WHERE f.family_id = ${left}) = 1`))]
          : []),
        clearComplianceCache(db),
        forgetAdminSnapshots(db),
        auditInsert(db, {
          actor: c.var.user,
          action: 'COURSE_FAMILY_CHANGED',
          entityType: 'COURSE',
          entityId: course.id,
          before: { language: course.language, familyId: course.familyId },
          after: { language, familyId },
        }),
      ]);
    } catch (error) {
      // Two admins linking the same language at once: the unique index decides.
      if (isUniqueViolation(error)) throw new ApiError('FAMILY_LANGUAGE_TAKEN', languageMessages.languageTaken, { fields: { language: languageMessages.languageTaken } });
      throw error;
    }
    await purgePublicCourses(c);
    const updated = await loadCourse(db, course.id);
    const [rows, versions] = await Promise.all([courseComponents(db, course.id), familyVersions(db, updated)]);
    return c.json({ ...updated, components: rows.map(toComponent), versions } satisfies AdminCourseDetail);
  })

  .post('/', validate('json', courseBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    await assertDomainExists(db, body.domainId);
    const id = crypto.randomUUID();
    await db.batch([
      db.insert(courses).values({ id, ...body, status: 'DRAFT', hasBeenPublished: false }),
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
      db.update(courses).set({ ...body, updatedAt: new Date().toISOString() }).where(draft).returning({ id: courses.id }),
      // Written only when the edit landed (the course was still a draft).
      auditInsertWhen(db, {
        actor: c.var.user,
        action: 'COURSE_UPDATED',
        entityType: 'COURSE',
        entityId: course.id,
        before: courseAudit(course),
        after: body,
      }, courses, draft!),
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
        db.update(courses).set({ status: 'PUBLISHED', hasBeenPublished: true, publishedAt: now, updatedAt: now }).where(eq(courses.id, course.id)),
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
    }
    return c.json({ message: 'Course published successfully', course: await loadCourse(db, course.id) });
  })

  .post('/:id/takedown', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    if (course.status === 'PUBLISHED') {
      await db.batch([
        db.update(courses).set({ status: 'DRAFT', updatedAt: new Date().toISOString() }).where(eq(courses.id, course.id)),
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
        learners: sql<number>`(SELECT count(*) FROM ${courseProgress} WHERE ${courseProgress.courseId} = ${course.id})`.mapWith(Number),
        certificates: sql<number>`(SELECT count(*) FROM ${certificates} WHERE ${certificates.courseId} = ${course.id})`.mapWith(Number),
        requirements: sql<number>`(SELECT count(*) FROM requirements WHERE course_id = ${course.id})`.mapWith(Number),
      })
      .from(sql`(SELECT 1)`)
      .get();
    // A requirement, even a retired one, keeps its history and so its course.
    if ((usage?.requirements ?? 0) > 0) {
      throw refusal('CONFLICT', 'course.requirementsRefer', { count: usage?.requirements ?? 0 });
    }
    if ((usage?.learners ?? 0) > 0 || (usage?.certificates ?? 0) > 0) {
      throw refusal('CONFLICT', 'course.hasRecords', { learners: usage?.learners ?? 0, certificates: usage?.certificates ?? 0 });
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
  })

  // ------------------------------------------------------------ components
  .get('/:courseId/components', validate('param', courseParam), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').courseId);
    return c.json({ components: (await courseComponents(db, course.id)).map(toComponent) });
  })

  // Registered before '/:courseId/components/:componentId' so "reorder" is never taken for an id.
  .put('/:courseId/components/reorder', validate('param', courseParam), validate('json', reorderBody), async (c) => {
    const { componentOrders } = c.req.valid('json');
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').courseId);
    if (course.hasBeenPublished) throw new ApiError('CONFLICT', EVER_PUBLISHED);
    const rows = await courseComponents(db, course.id);
    const ids = new Set(rows.map((r) => r.id));
    const listed = new Set(componentOrders.map((o) => o.componentId));
    const orders = new Set(componentOrders.map((o) => o.newOrder));
    const isPermutation =
      componentOrders.length === rows.length &&
      listed.size === rows.length &&
      [...listed].every((id) => ids.has(id)) &&
      orders.size === rows.length &&
      [...orders].every((n) => n >= 1 && n <= rows.length);
    if (!isPermutation) {
      const message = `componentOrders must list each of the course's ${rows.length} component(s) exactly once, numbered 1 to ${rows.length}`;
      throw new ApiError('VALIDATION_FAILED', message, { fields: { componentOrders: message } });
    }
    const now = new Date().toISOString();
    const [first, ...rest] = componentOrders.map((o) =>
      db.update(components).set({ orderIndex: o.newOrder, updatedAt: now }).where(and(eq(components.id, o.componentId), eq(components.courseId, course.id))),
    );
    await db.batch([
      first,
      ...rest,
      auditInsert(db, {
        actor: c.var.user,
        action: 'COMPONENTS_REORDERED',
        entityType: 'COURSE',
        entityId: course.id,
        after: { componentOrders },
      }),
      forgetAdminSnapshots(db),
    ]);
    await purgePublicCourses(c);
    return c.json({ message: 'Components reordered successfully', components: (await courseComponents(db, course.id)).map(toComponent) });
  })

  .get('/:courseId/components/:componentId', validate('param', componentParams), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').courseId);
    return c.json(toComponent(await loadComponent(db, course.id, c.req.valid('param').componentId)));
  })

  .post('/:courseId/components', validate('param', courseParam), validate('json', componentBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').courseId);
    if (course.hasBeenPublished) throw new ApiError('CONFLICT', EVER_PUBLISHED);
    const prepared = await prepareData(db, body.type, body.data);
    const id = crypto.randomUUID();
    // Appended last; the order is computed in the statement so two quick adds never share a slot.
    const [[row]] = await db.batch([
      db
        .insert(components)
        .values({
          id,
          courseId: course.id,
          type: body.type,
          required: body.required,
          materialId: prepared.materialId,
          data: prepared.data,
          orderIndex: sql`(SELECT coalesce(max(order_index), 0) + 1 FROM course_components WHERE course_id = ${course.id})`,
        })
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'COMPONENT_ADDED',
        entityType: 'COMPONENT',
        entityId: id,
        after: { courseId: course.id, type: body.type },
      }),
      forgetAdminSnapshots(db),
    ]);
    await purgePublicCourses(c);
    return c.json(toComponent(row), 201);
  })

  .put('/:courseId/components/:componentId', validate('param', componentParams), validate('json', componentUpdateBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').courseId);
    const existing = await loadComponent(db, course.id, c.req.valid('param').componentId);
    if (body.type && body.type !== existing.type) {
      throw new ApiError('CONFLICT', REFUSALS['component.typeChange']);
    }
    const prepared = body.data ? await prepareData(db, existing.type, body.data) : { data: existing.data, materialId: existing.materialId };
    const [[row]] = await db.batch([
      db
        .update(components)
        .set({ data: prepared.data, materialId: prepared.materialId, required: body.required ?? existing.required, updatedAt: new Date().toISOString() })
        .where(eq(components.id, existing.id))
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'COMPONENT_UPDATED',
        entityType: 'COMPONENT',
        entityId: existing.id,
        after: { courseId: course.id, required: body.required ?? existing.required },
      }),
      forgetAdminSnapshots(db),
    ]);
    await purgePublicCourses(c);
    return c.json(toComponent(row));
  })

  .delete('/:courseId/components/:componentId', validate('param', componentParams), async (c) => {
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').courseId);
    const existing = await loadComponent(db, course.id, c.req.valid('param').componentId);
    if (course.hasBeenPublished) throw new ApiError('CONFLICT', EVER_PUBLISHED);
    // Close the gap so orders stay 1..n.
    await db.batch([
      db.delete(components).where(eq(components.id, existing.id)),
      db
        .update(components)
        .set({ orderIndex: sql`${components.orderIndex} - 1` })
        .where(and(eq(components.courseId, course.id), sql`${components.orderIndex} > ${existing.orderIndex}`)),
      auditInsert(db, {
        actor: c.var.user,
        action: 'COMPONENT_REMOVED',
        entityType: 'COMPONENT',
        entityId: existing.id,
        before: { courseId: course.id, type: existing.type },
      }),
      forgetAdminSnapshots(db),
    ]);
    await purgePublicCourses(c);
    return c.json({ message: 'Component deleted successfully', id: existing.id });
  });
