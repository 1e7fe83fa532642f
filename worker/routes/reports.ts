import { Hono } from 'hono';
import type { ReportSummaryMetrics, UserReport } from '../contract/reports';
import type { AppEnv } from '../env';
import { buildUserReport } from '../services/reports';

/** Mounted at /api/v2/user/reports; a session is required (guarded by prefix in app.ts). */
export const reports = new Hono<AppEnv>()
  .get('/', async (c) => c.json<UserReport>(await buildUserReport(c.var.db, c.var.user.id)))
  // Only the summary figures of the same report.
  .get('/summary', async (c) => c.json<ReportSummaryMetrics>((await buildUserReport(c.var.db, c.var.user.id)).summaryMetrics));
