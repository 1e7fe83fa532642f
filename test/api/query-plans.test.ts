import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { attemptsPageQueries } from '../../worker/routes/admin-assessments';
import { auditLogQueries } from '../../worker/services/audit-log';
import { recentProgressQuery } from '../../worker/routes/admin-dashboard';
import { userListQueries } from '../../worker/routes/users/admin';
import { exportChunkQuery } from '../../worker/routes/users/export';
import { coverageFactsQueries } from '../../worker/services/compliance';
import { db, env } from './helpers';

/**
 * The hot admin queries, built by the same functions the routes call, must reach the big tables
 * (100,000 people, 1,000,000 component-progress rows, 200,000 attempts...) through an index:
 * `EXPLAIN QUERY PLAN` may walk an index (an ordered page stops after its rows) but never SCAN one
 * of those tables row by row. The test database has no ANALYZE statistics, like a fresh D1, so the
 * plans here are the plans at organisation scale. Dashboard counts and assessment totals read
 * whole tables by design and are kept as snapshots (services/admin-snapshots.ts), so they are not here.
 */
const BIG_TABLES = [
  'users',
  'user_domains',
  'component_progress',
  'course_progress',
  'assessment_attempts',
  'assessment_outcomes',
  'certificates',
  'audit_log',
  'users_search',
];
// The aliases the hand-written queries give those tables.
const BIG_ALIASES = ['u', 'ud', 'cp', 'p', 'a', 'l', 'x', 'o', 'so', 's'];

const dialect = new SQLiteSyncDialect();

async function planOf(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql: text, params } = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/** Plan lines that read a big table row by row: `SCAN t` without an index, or a virtual table without a constraint. */
function fullScans(plan: string[]): string[] {
  return plan.filter((line) => {
    const match = /^SCAN (\w+)(.*)$/.exec(line.trim());
    if (!match) return false;
    const [, name, rest] = match;
    if (!BIG_TABLES.includes(name!) && !BIG_ALIASES.includes(name!)) return false;
    if (/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(rest!)) return false;
    if (/VIRTUAL TABLE INDEX \d+:\w/.test(rest!)) return false;
    return true;
  });
}

const page = { page: 1, limit: 10 };
const CASES: [string, () => SQL | { toSQL(): { sql: string; params: unknown[] } }][] = [
  ['users list page', () => userListQueries(db, { status: 'ACTIVE' }, page).rows],
  ['users list count', () => userListQueries(db, { status: 'ACTIVE' }, page).count],
  ['users search page', () => userListQueries(db, { status: 'ACTIVE', search: 'jordan' }, page).rows],
  ['users search count', () => userListQueries(db, { status: 'ACTIVE', search: 'jordan' }, page).count],
  ['users search, every status', () => userListQueries(db, { status: 'ALL', search: 'jor' }, page).count],
  ['users export chunk', () => exportChunkQuery(db, 'm')],
  ['attempts oversight page', () => attemptsPageQueries({ page: 0, size: 10 }).rows],
  ['attempts oversight count', () => attemptsPageQueries({ page: 0, size: 10 }).count],
  [
    'attempts oversight, course + passed',
    () => attemptsPageQueries({ page: 0, size: 10, courseId: 'c1', status: 'PASSED' }).count,
  ],
  ['attempts oversight, book', () => attemptsPageQueries({ page: 0, size: 10, domainId: 'd1' }).count],
  ['attempts oversight, learner', () => attemptsPageQueries({ page: 0, size: 10, userId: 'u1' }).rows],
  ['attempts oversight, search', () => attemptsPageQueries({ page: 0, size: 10, search: 'jordan' }).count],
  ['audit log page', () => auditLogQueries(db, { page: 0, size: 10 }).rows],
  ['audit log page, site-limited', () => auditLogQueries(db, { page: 0, size: 10, siteLimit: 's1' }).rows],
  ['audit log count, site-limited', () => auditLogQueries(db, { page: 0, size: 10, siteLimit: 's1' }).count],
  ['attempts oversight, site-limited', () => attemptsPageQueries({ page: 0, size: 10, siteLimit: 's1' }).count],
  ['dashboard recent progress', () => recentProgressQuery(db)],
  // The certificate lookup reaches every language version of the requirement's course family.
  ['compliance facts (course families)', () => coverageFactsQueries(db, {}, new Date())[1]],
];

describe('query plans of the hot admin queries', () => {
  it.each(CASES)('%s reads the big tables through an index', async (_name, build) => {
    const plan = await planOf(build());
    expect(fullScans(plan), plan.join('\n')).toEqual([]);
  });

  it('the rule catches a full scan (the check itself can fail)', async () => {
    const plan = await planOf(sql`SELECT count(*) FROM component_progress WHERE time_spent_seconds > 5`);
    expect(fullScans(plan)).toHaveLength(1);
  });
});

/**
 * The audit log (a request once took 61 s): its order is the (created_at, id) index itself, so no
 * temporary B-tree sorts a bulk change's entries (one instant, thousands of rows), and a page's
 * offset is walked in that covering index, not over whole rows.
 */
describe('the audit log page', () => {
  it.each([
    ['first page', 0],
    ['page 5,000', 4_999],
  ])('%s reads its order from audit_log_created_id_idx without sorting', async (_name, pageIndex) => {
    const plan = await planOf(auditLogQueries(db, { page: pageIndex, size: 10 }).rows);
    const text = plan.join('\n');
    expect(text).toMatch(/SCAN audit_log USING COVERING INDEX audit_log_created_id_idx/);
    expect(text).toMatch(/SEARCH audit_log USING INDEX sqlite_autoindex_audit_log_1 \(id=\?\)/);
    // The only sort left is of the page's own rows (outer ORDER BY over `size` ids); the offset walk
    // has none (the old plan sorted the tie group: USE TEMP B-TREE FOR RIGHT PART OF ORDER BY).
    expect(text).not.toMatch(/RIGHT PART OF ORDER BY/);
    expect(plan.filter((line) => /TEMP B-TREE/.test(line))).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
  });
});
