import { Hono } from 'hono';
import type { UserReport } from '../contract/reports';
import type { AppEnv } from '../env';
import { buildUserReport } from '../services/reports';

/** Mounted at /api/v2/user/reports (requireAuth applied by the prefix in app.ts). */
export const reports = new Hono<AppEnv>().get('/', async (c) => c.json<UserReport>(await buildUserReport(c.var.db, c.var.user.id)));
