import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementBody,
  announcementListQuery,
  isExpired,
  type AnnouncementDto,
  type AnnouncementListPage,
  type AnnouncementStats,
} from '../contract/announcements';
import type { AuditAction } from '../contract/audit';
import { idParam } from '../contract/common';
import type { Db } from '../db/client';
import { containsText, offsetOf, paginate } from '../db/paginate';
import { announcements as table } from '../db/schema';
import type { AppEnv } from '../env';
import { inFirstBatch, requireAdmin, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { auditInsert, auditInsertWhen, type AuditActor } from '../services/audit';
import { ApiError } from '../errors';
import { validate } from '../validate';

type Row = typeof table.$inferSelect;

function toDto(row: Row, now = Date.now()): AnnouncementDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    authorName: row.authorName,
    priority: row.priority,
    isActive: row.isActive,
    active: row.isActive,
    expiresAt: row.expiresAt,
    expired: isExpired(row.expiresAt, now),
    createdAt: row.createdAt,
  };
}

const PRIORITY_RANK = sql`CASE ${table.priority} WHEN 'URGENT' THEN 0 WHEN 'HIGH' THEN 1 WHEN 'MEDIUM' THEN 2 ELSE 3 END`;
const liveNow = (iso: string) =>
  sql`${table.isActive} = 1 AND (${table.expiresAt} IS NULL OR ${table.expiresAt} > ${iso})`;

/** The entry of a change to announcement `id`, written only if it exists when the batch runs. */
const announcementAudit = (db: Db, actor: AuditActor, action: AuditAction, id: string, after?: unknown) =>
  auditInsertWhen(db, { actor, action, entityType: 'ANNOUNCEMENT', entityId: id, after }, table, eq(table.id, id));

// /active is for any signed-in user, /admin/* for administrators with System Configuration.
export const announcements = new Hono<AppEnv>()
  .get('/active', inFirstBatch(requireLearner), async (c) => {
    const now = new Date();
    // A batch of one, so the session check rides in it (one round trip).
    const {
      result: [rows],
    } = await sessionInFirstBatch(c, (db) =>
      db.batch([
        db
          .select()
          .from(table)
          .where(liveNow(now.toISOString()))
          // URGENT first, then newest.
          .orderBy(sql`CASE ${table.priority} WHEN 'URGENT' THEN 0 ELSE 1 END`, desc(table.createdAt)),
      ]),
    );
    return c.json(rows.map((r) => toDto(r, now.getTime())));
  })

  // The plain array without `page` (original clients), `{announcements, pagination}` with it.
  .get('/admin/all', requireAdmin('systemConfiguration'), validate('query', announcementListQuery), async (c) => {
    const { page, limit, search, priority } = c.req.valid('query');
    const db = c.var.db;
    const where = and(
      containsText(search, [table.title, table.content, table.authorName]),
      priority ? eq(table.priority, priority) : undefined,
    );
    const order = [desc(table.createdAt), desc(table.id)] as const;
    const now = Date.now();
    if (page === undefined)
      return c.json(
        (
          await db
            .select()
            .from(table)
            .where(where)
            .orderBy(...order)
        ).map((r) => toDto(r, now)),
      );
    const request = { page, limit };
    const { items, pagination } = await paginate(
      db,
      request,
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offsetOf(request)),
      db.select({ n: count() }).from(table).where(where),
    );
    return c.json({ announcements: items.map((r) => toDto(r, now)), pagination } satisfies AnnouncementListPage);
  })

  .get('/admin/stats', requireAdmin('systemConfiguration'), async (c) => {
    const iso = new Date().toISOString();
    const rows = await c.var.db
      .select({ priority: table.priority, n: sql<number>`count(*)` })
      .from(table)
      .where(liveNow(iso))
      .groupBy(table.priority)
      .orderBy(PRIORITY_RANK);
    const count = (p: Row['priority']) => rows.find((r) => r.priority === p)?.n ?? 0;
    return c.json({
      totalActive: rows.reduce((n, r) => n + r.n, 0),
      urgentCount: count('URGENT'),
      highCount: count('HIGH'),
      mediumCount: count('MEDIUM'),
      lowCount: count('LOW'),
    } satisfies AnnouncementStats);
  })

  .post('/admin/create', requireAdmin('systemConfiguration'), validate('json', announcementBody), async (c) => {
    const body = c.req.valid('json');
    const now = new Date().toISOString();
    const db = c.var.db;
    const id = crypto.randomUUID();
    const [[row]] = await db.batch([
      db
        .insert(table)
        .values({ id, ...body, createdBy: c.var.user.id, createdAt: now, updatedAt: now })
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'ANNOUNCEMENT_CREATED',
        entityType: 'ANNOUNCEMENT',
        entityId: id,
        after: { title: body.title },
      }),
    ]);
    return c.json({ message: ANNOUNCEMENT_MESSAGES.created, announcement: toDto(row!) }, 201);
  })

  .put('/admin/:id/toggle', requireAdmin('systemConfiguration'), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    // The entry is written only when the announcement exists, after its flag turned.
    const [[row]] = await db.batch([
      db
        .update(table)
        .set({ isActive: sql`NOT ${table.isActive}`, updatedAt: new Date().toISOString() })
        .where(eq(table.id, id))
        .returning(),
      announcementAudit(db, c.var.user, 'ANNOUNCEMENT_UPDATED', id, { toggled: 'isActive' }),
    ]);
    if (!row) throw new ApiError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
    return c.json({
      message: row.isActive ? 'Announcement activated' : 'Announcement deactivated',
      announcement: toDto(row),
    });
  })

  .put(
    '/admin/:id',
    requireAdmin('systemConfiguration'),
    validate('param', idParam),
    validate('json', announcementBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.var.db;
      const [[row]] = await db.batch([
        db
          .update(table)
          .set({ ...body, updatedAt: new Date().toISOString() })
          .where(eq(table.id, id))
          .returning(),
        announcementAudit(db, c.var.user, 'ANNOUNCEMENT_UPDATED', id, body),
      ]);
      if (!row) throw new ApiError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
      return c.json({ message: ANNOUNCEMENT_MESSAGES.updated, announcement: toDto(row) });
    },
  )

  .delete('/admin/:id', requireAdmin('systemConfiguration'), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    // The entry first, while the row it names is still there to match.
    const [, [row]] = await db.batch([
      announcementAudit(db, c.var.user, 'ANNOUNCEMENT_DELETED', id),
      db.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
    ]);
    if (!row) throw new ApiError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
    return c.json({ message: ANNOUNCEMENT_MESSAGES.deleted });
  });
