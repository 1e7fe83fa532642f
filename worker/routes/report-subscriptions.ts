import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { REFUSALS } from '../contract/errors';
import {
  canonicalFilter,
  MAX_REPORT_SUBSCRIPTIONS,
  reportFileParam,
  reportSubscriptionBody,
  reportSubscriptionIdParam,
  type ReportSubscriptionDto,
  type ReportSubscriptionsResponse,
} from '../contract/report-subscriptions';
import { holdsAdminPermission } from '../contract/rules/roles';
import { originFor } from '../config';
import { isUniqueViolation } from '../db/errors';
import { reportSubscriptions, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { publicRoute, requireLearner } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import {
  deleteReportFiles,
  reportFileKey,
  reportOfFileName,
  toReportSubscriptionDto,
} from '../services/report-subscriptions';
import { validate } from '../validate';

/*
 * /api/v2/report-subscriptions (issue 30): the caller's own scheduled compliance reports. A `team`
 * report is of the caller's reporting lines (anyone with reports); a `matrix` report is the admin
 * matrix's filter and needs Report Generation (judged again at every send, with the site limit the
 * owner has then). Nobody sees or cancels another person's subscriptions.
 */

const notFound = () => new ApiError('NOT_FOUND', REFUSALS['report.notFound']);

export const reportSubscriptionRoutes = new Hono<AppEnv>()
  .get('/', requireLearner, async (c) => {
    const rows = await c.var.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.ownerId, c.var.user.id))
      .orderBy(desc(reportSubscriptions.createdAt));
    return c.json<ReportSubscriptionsResponse>({ subscriptions: rows.map(toReportSubscriptionDto) });
  })

  .post('/', requireLearner, validate('json', reportSubscriptionBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    const user = c.var.user;
    if (body.scope === 'matrix' && !holdsAdminPermission(user, 'reportGeneration'))
      throw new ApiError('FORBIDDEN', REFUSALS['report.matrixAdminOnly']);
    const [reports, held] = await db.batch([
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.managerId, user.id), isNull(users.deactivatedAt)))
        .limit(1),
      db.select({ n: count() }).from(reportSubscriptions).where(eq(reportSubscriptions.ownerId, user.id)),
    ]);
    if (body.scope === 'team' && reports.length === 0)
      throw new ApiError('VALIDATION_FAILED', REFUSALS['report.noTeam'], {
        fields: { scope: REFUSALS['report.noTeam'] },
      });
    if ((held[0]?.n ?? 0) >= MAX_REPORT_SUBSCRIPTIONS) throw new ApiError('CONFLICT', REFUSALS['report.tooMany']);
    const filter = body.filter ?? { bookId: '', department: '', jobTitle: '', q: '', status: null };
    const row = {
      id: crypto.randomUUID(),
      ownerId: user.id,
      scope: body.scope,
      cadence: body.cadence,
      filter: canonicalFilter(filter),
      // The e-mail's links lead back to where it was asked for (unless PUBLIC_URL names the origin).
      origin: originFor(c.var.config, c.req.url),
      createdAt: new Date().toISOString(),
    };
    try {
      await db.batch([
        db.insert(reportSubscriptions).values(row),
        auditInsert(db, {
          actor: user,
          action: 'REPORT_SUBSCRIBED',
          entityType: 'REPORT_SUBSCRIPTION',
          entityId: row.id,
          after: { scope: row.scope, cadence: row.cadence, filter },
        }),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('CONFLICT', REFUSALS['report.duplicate']);
      throw error;
    }
    const subscription = toReportSubscriptionDto({ ...row, lastPeriod: null, lastSentAt: null });
    return c.json<{ subscription: ReportSubscriptionDto }>({ subscription }, 201);
  })

  .delete('/:id', requireLearner, validate('param', reportSubscriptionIdParam), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const mine = and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.ownerId, c.var.user.id));
    const row = await db.select().from(reportSubscriptions).where(mine).get();
    if (!row) throw notFound();
    const [, removed] = await db.batch([
      auditInsert(db, {
        actor: c.var.user,
        action: 'REPORT_UNSUBSCRIBED',
        entityType: 'REPORT_SUBSCRIPTION',
        entityId: id,
        before: { scope: row.scope, cadence: row.cadence, filter: JSON.parse(row.filter) },
      }),
      db.delete(reportSubscriptions).where(mine).returning({ id: reportSubscriptions.id }),
    ]);
    if (removed.length === 0) throw notFound();
    // The last report's files go with it: its links stop working.
    await deleteReportFiles(c.var.storage, id, row.lastPeriod);
    return c.json({ ok: true });
  });

/**
 * GET /api/v2/report-files/{file}: a report's CSV or PDF from the link in its e-mail. The link is
 * signed (no sign-in: it opens from a mail client) and lives while it is the subscription's latest
 * report and the owner is active; cancelling the subscription ends it.
 */
export const reportFileRoutes = new Hono<AppEnv>().get(
  '/:file',
  publicRoute,
  validate('param', reportFileParam),
  async (c) => {
    const invalid = () => new ApiError('NOT_FOUND', REFUSALS['report.linkInvalid']);
    const named = await reportOfFileName(c.env.JWT_SECRET, c.req.valid('param').file);
    if (!named) throw invalid();
    const row = await c.var.db
      .select({ lastPeriod: reportSubscriptions.lastPeriod, deactivatedAt: users.deactivatedAt })
      .from(reportSubscriptions)
      .innerJoin(users, eq(users.id, reportSubscriptions.ownerId))
      .where(eq(reportSubscriptions.id, named.id))
      .get();
    if (!row || row.deactivatedAt || row.lastPeriod !== named.period) throw invalid();
    const stored = await c.var.storage.get(reportFileKey(named.id, named.period, named.kind));
    if (!stored) throw invalid();
    const name = `compliance-report-${named.period}.${named.kind}`;
    return new Response(stored.body, {
      headers: {
        'Content-Type': named.kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
        'Content-Length': String(stored.size),
        'Content-Disposition': `attachment; filename="${name}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      },
    });
  },
);
