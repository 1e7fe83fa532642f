import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { componentBody, componentUpdateBody, reorderBody } from '../../contract/admin-courses';
import { components } from '../../db/schema';
import type { AppEnv } from '../../env';
import { purgePublicCourses } from '../../middleware/edge-cache';
import { forgetAdminSnapshots } from '../../services/admin-snapshots';
import { auditInsert } from '../../services/audit';
import { ApiError } from '../../errors';
import { validate } from '../../validate';
import { courseComponents } from '../../services/progress';
import { REFUSALS } from '../../contract/errors';
import {
  courseParam,
  componentParams,
  EVER_PUBLISHED,
  loadCourse,
  toComponent,
  loadComponent,
  prepareData,
} from './shared';

/**
 * A course's components: list, reorder, one, add, edit, remove. Guarded by the router (index.ts);
 * every write records one audit entry in its own batch.
 */
export const componentRoutes = new Hono<AppEnv>()
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
      db
        .update(components)
        .set({ orderIndex: o.newOrder, updatedAt: now })
        .where(and(eq(components.id, o.componentId), eq(components.courseId, course.id))),
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
    return c.json({
      message: 'Components reordered successfully',
      components: (await courseComponents(db, course.id)).map(toComponent),
    });
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

  .put(
    '/:courseId/components/:componentId',
    validate('param', componentParams),
    validate('json', componentUpdateBody),
    async (c) => {
      const body = c.req.valid('json');
      const db = c.var.db;
      const course = await loadCourse(db, c.req.valid('param').courseId);
      const existing = await loadComponent(db, course.id, c.req.valid('param').componentId);
      if (body.type && body.type !== existing.type) {
        throw new ApiError('CONFLICT', REFUSALS['component.typeChange']);
      }
      const prepared = body.data
        ? await prepareData(db, existing.type, body.data)
        : { data: existing.data, materialId: existing.materialId };
      const [[row]] = await db.batch([
        db
          .update(components)
          .set({
            data: prepared.data,
            materialId: prepared.materialId,
            required: body.required ?? existing.required,
            updatedAt: new Date().toISOString(),
          })
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
    },
  )

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
