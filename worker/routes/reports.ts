import { Hono } from 'hono';
import type { ReportSummaryMetrics, UserReport } from '../contract/reports';
import type { AppEnv } from '../env';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { buildUserReport } from '../services/reports';

/** Mounted at /api/v2/user/reports: the signed-in user's own report. */
export const reports = new Hono<AppEnv>()
  // The report's first batch carries the session check (one D1 round trip fewer).
  .get('/', inFirstBatch(requireLearner), async (c) =>
    c.json<UserReport>((await sessionInFirstBatch(c, buildUserReport)).result),
  )
  // Only the summary figures of the same report.
  .get('/summary', requireLearner, async (c) =>
    c.json<ReportSummaryMetrics>((await buildUserReport(c.var.db, c.var.user.id)).summaryMetrics),
  );
