import { assertAllInSite, assertPersonInSite, personInSite } from '../services/sites';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  MAIL_STATUS_FILTERS,
  mailIdParam,
  outboxQuery,
  sendRemindersBody,
  type MailDto,
  type MailStatus,
  type OutboxResponse,
  type SendRemindersResponse,
} from '../contract/outbox';
import { mailOutbox } from '../db/schema';
import type { AppEnv } from '../env';
import { refusal } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditInsertWhen } from '../services/audit';
import { retryFailedMail } from '../services/mail';
import { MAIL_COLUMNS } from '../services/mail-log';
import { sendManualReminders } from '../services/manual-reminders';
import { validate } from '../validate';

// Reminders sent from the compliance matrix (Report Generation, as the matrix), and the mail outbox
// (System Configuration: every message of the platform, not only reminders).

/** The columns a screen shows: never the body (a password-reset link may be in it). */

const mailDeps = (c: { var: AppEnv['Variables']; env: AppEnv['Bindings'] }) => ({
  config: c.var.config,
  email: c.env.EMAIL,
});

export const reminderRoutes = new Hono<AppEnv>().post(
  '/',
  requireAdmin('reportGeneration'),
  validate('json', sendRemindersBody),
  async (c) => {
    const body = c.req.valid('json');
    // A site-limited administrator reminds their site's people only (decision 2026-11-28-site-limited-admins).
    if (body.userIds?.length) await assertAllInSite(c.var.db, c.var.user, body.userIds);
    const result = await sendManualReminders(mailDeps(c), c.var.db, c.var.user, {
      userIds: body.userIds,
      filter: body.filter && { ...body.filter, siteId: c.var.user.siteLimit },
    });
    return c.json<SendRemindersResponse>(result);
  },
);

export const outboxRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('systemConfiguration'))
  .get('/', validate('query', outboxQuery), async (c) => {
    const { status, page, limit } = c.req.valid('query');
    const db = c.var.db;
    // A site-limited administrator sees the messages about no person and about their site's people
    // (as in the audit log); the counts by status are of the same messages, so pages agree.
    const inSite = personInSite(c.var.user, mailOutbox.userId);
    const scope = inSite && or(isNull(mailOutbox.userId), inSite);
    const where = and(status ? eq(mailOutbox.status, status) : undefined, scope);
    const [rows, totals] = await db.batch([
      db
        .select(MAIL_COLUMNS)
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).where(scope).groupBy(mailOutbox.status),
    ]);
    const counts = Object.fromEntries(MAIL_STATUS_FILTERS.map((s) => [s, 0])) as Record<MailStatus, number>;
    for (const t of totals) counts[t.status] = t.n;
    const totalItems = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0);
    return c.json<OutboxResponse>({
      messages: rows as MailDto[],
      counts,
      pagination: {
        page,
        itemsPerPage: limit,
        totalItems,
        totalPages: Math.max(1, Math.ceil(totalItems / limit)),
      },
    });
  })
  .post('/:id/retry', validate('param', mailIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const about = await db.select({ userId: mailOutbox.userId }).from(mailOutbox).where(eq(mailOutbox.id, id)).get();
    if (about?.userId) await assertPersonInSite(db, c.var.user, about.userId);
    const failed = and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'FAILED'))!;
    const retried = await retryFailedMail(
      mailDeps(c),
      db,
      id,
      auditInsertWhen(
        db,
        { actor: c.var.user, action: 'MAIL_RETRIED', entityType: 'MAIL', entityId: id },
        mailOutbox,
        failed,
      ),
    );
    if (!retried) {
      const exists = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id)).get();
      throw exists ? refusal('CONFLICT', 'outbox.notFailed') : refusal('NOT_FOUND', 'outbox.notFound');
    }
    const row = await db.select(MAIL_COLUMNS).from(mailOutbox).where(eq(mailOutbox.id, id)).get();
    return c.json<{ message: MailDto }>({ message: row as MailDto });
  });
