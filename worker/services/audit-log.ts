import { and, count, desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { containsText } from '../db/paginate';
import { auditLog } from '../db/schema';
import type { AuthUser } from '../env';

/**
 * The entries a caller may read: all of them, or for a site-limited administrator the entries
 * about no person (content: courses, templates, topics, sites, sessions scheduled) and those about
 * a person who is at their site now (docs/decisions/2026-11-28-site-limited-admins.md). A person
 * who moved takes their history with them; a deleted person's entries are nobody's site and stay
 * with unlimited administrators.
 */
export const auditScope = (user: Pick<AuthUser, 'siteLimit'>) =>
  user.siteLimit
    ? sql`(${auditLog.targetUserId} IS NULL OR ${auditLog.targetUserId} IN (SELECT su.id FROM users su WHERE su.site_id = ${user.siteLimit}))`
    : undefined;

/**
 * One page of the audit log, newest first, and its count (exported for the query-plan test).
 * The order (created_at DESC, id DESC) is exactly audit_log_created_id_idx (migration 0013), so
 * no sort runs: a bulk change writes one entry per person at the same instant, and ordering that
 * tie by id used to sort the whole group. The page's offset is walked in that index alone (a
 * deferred join: only the page's ids come out of it, then their rows), so page 5,000 no longer reads
 * 50,000 whole rows to throw them away (1.5 s at 120,000 entries). The site scope is a condition of
 * the same query, so the count and the pages agree.
 */
export function auditLogQueries(
  db: Db,
  { page, size, search, siteLimit }: { page: number; size: number; search?: string; siteLimit?: string | null },
) {
  const where = and(
    containsText(search, [auditLog.action, auditLog.actorUsername, auditLog.targetUsername, auditLog.reason]),
    auditScope({ siteLimit }),
  );
  const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];
  const pageIds = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...newestFirst)
    .limit(size)
    .offset(page * size);
  return {
    rows: db
      .select()
      .from(auditLog)
      // A subquery, not a list of values: nothing to chunk.
      .where(sql`${auditLog.id} IN ${pageIds}`)
      .orderBy(...newestFirst),
    count: db.select({ n: count() }).from(auditLog).where(where),
  };
}
