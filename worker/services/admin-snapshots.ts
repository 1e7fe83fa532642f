import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSnapshots } from '../db/schema';

/**
 * Admin figures that read whole big tables (dashboard counts and leaders, assessment totals), kept
 * in `admin_snapshots` for `ttlSeconds` after they are computed. Writes that change them through an
 * admin route forget them at once (the service that writes, see `forgetPeopleCaches`); learners' own progress only
 * moves the leaders and totals, which may be that many seconds behind.
 */
export async function readSnapshot<T>(
  db: Db,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  const kept = await db
    .select({ body: adminSnapshots.body })
    .from(adminSnapshots)
    .where(and(eq(adminSnapshots.key, key), gt(adminSnapshots.expiresAt, now.toISOString())))
    .get();
  if (kept) return kept.body as T;
  const body = await compute();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  await db
    .insert(adminSnapshots)
    .values({ key, expiresAt, body })
    .onConflictDoUpdate({ target: adminSnapshots.key, set: { expiresAt, body } });
  return body;
}

/** A snapshot's key for the caller: a site-limited administrator's figures are their site's own. */
export const siteSnapshotKey = (key: string, user: { siteLimit?: string | null }) =>
  user.siteLimit ? `${key}:site:${user.siteLimit}` : key;

/** Forgets every admin snapshot: after a write to people, books, courses or assessment results. */
export const forgetAdminSnapshots = (db: Db) => db.delete(adminSnapshots);

/** How long each snapshot may be kept, in seconds. */
export const SNAPSHOT_TTL = {
  /** People, books and courses change only through admin routes, which forget it. */
  dashboardStats: 300,
  /** Moves with learners' completions: at most a minute behind. */
  topPerformers: 60,
  /** Moves with learners' submissions: at most a minute behind. */
  assessmentSummary: 60,
} as const;
