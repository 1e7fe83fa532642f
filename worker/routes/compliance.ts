import { Hono } from 'hono';
import { complianceQuery, userIdParam, type ComplianceResponse } from '../contract/compliance';
import type { TrainingRecordResponse } from '../contract/training-record';
import { lapseQuery, type LapseListResponse } from '../contract/compliance-lapses';
import type { AppEnv } from '../env';
import { inFirstBatch, requireAdmin, sessionInFirstBatch } from '../middleware/auth';
import { snapshotPageQueries } from '../services/compliance-snapshot';
import { complianceCsvStream, coverageFilterOf, lapseList } from '../services/compliance-export';
import { validate } from '../validate';
import type { MailLogResponse } from '../contract/outbox';
import { mailLogOf } from '../services/mail-log';
import { trainingRecord } from '../services/training-record';
import { trainingRecordPdfResponse } from '../services/training-record-download';
import { matrixAnswer } from '../services/compliance-matrix';
import { assertPersonInSite } from '../services/sites';

// The compliance matrix and people's training records, for administrators with Report Generation.

export const complianceRoutes = new Hono<AppEnv>()
  // The summary and the people order come from the filter's stored snapshot, read with the page's
  // people in one batch; the page's cells are computed fresh, so a change shows on the person at once.
  .get('/', inFirstBatch(requireAdmin('reportGeneration')), validate('query', complianceQuery), async (c) => {
    const query = c.req.valid('query');
    const db = c.var.db;
    const now = new Date();
    const filter = coverageFilterOf(query);
    const { result: first } = await sessionInFirstBatch(c, (db) =>
      db.batch(snapshotPageQueries(db, filter, query.status, query.page, query.size, now)),
    );
    // A site-limited administrator's matrix is their site's: read again with that scope once the
    // session is judged (the unscoped first read is never shown to them).
    const scoped = c.var.user.siteLimit ? { ...filter, siteId: c.var.user.siteLimit } : filter;
    const read =
      scoped === filter
        ? first
        : await db.batch(snapshotPageQueries(db, scoped, query.status, query.page, query.size, now));
    return c.json<ComplianceResponse>(await matrixAnswer(db, scoped, query, now, read));
  })

  // Who lapses within a forecast bucket (30, 60 or 90 days), soonest first, one page.
  .get('/lapses', requireAdmin('reportGeneration'), validate('query', lapseQuery), async (c) =>
    c.json<LapseListResponse>(
      await lapseList(c.var.db, c.req.valid('query'), new Date(), { siteId: c.var.user.siteLimit }),
    ),
  )

  // Every person and required course, one line per cell (services/compliance-export.ts).
  .get('/export.csv', requireAdmin('reportGeneration'), validate('query', complianceQuery), async (c) => {
    const now = new Date();
    const scope = { siteId: c.var.user.siteLimit };
    return new Response(await complianceCsvStream(c.var.db, c.req.valid('query'), now, scope), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="compliance-${now.toISOString().slice(0, 10)}.csv"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  });

// A site-limited administrator reads the records of their site's people only (an unknown id stays a 404).
export const adminUserRecordRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('reportGeneration'))
  .get('/:id/training-record', validate('param', userIdParam), async (c) => {
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('param').id);
    return c.json<TrainingRecordResponse>(await trainingRecord(c.var.db, c.req.valid('param').id));
  })
  // The person's reminders and other mail, newest first (what was sent, when, its status).
  .get('/:id/mail-log', validate('param', userIdParam), async (c) => {
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('param').id);
    return c.json<MailLogResponse>(await mailLogOf(c.var.db, c.req.valid('param').id));
  })
  .get('/:id/training-record.pdf', validate('param', userIdParam), async (c) => {
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('param').id);
    return trainingRecordPdfResponse(c, await trainingRecord(c.var.db, c.req.valid('param').id));
  });
