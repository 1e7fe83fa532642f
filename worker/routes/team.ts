import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { complianceQuery } from '../contract/compliance';
import { teamMembersQuery, type TeamComplianceResponse, type TeamMembersResponse } from '../contract/sites';
import { containsText } from '../db/paginate';
import type { AppEnv } from '../env';
import { requireLearner } from '../middleware/auth';
import { complianceCsvStream, coverageFilterOf } from '../services/compliance-export';
import { matrixAnswer } from '../services/compliance-matrix';
import { snapshotPageQueries } from '../services/compliance-snapshot';
import { teamCte } from '../services/sites';
import { validate } from '../validate';

/*
 * /api/v2/team (issue 30): a supervisor's view of their direct and indirect reports, read-only.
 * Every route reads people only through the caller's reporting lines (teamCte / CoverageFilter.teamOf),
 * never through a filter the caller sends, so nobody outside the team can be asked for. Anyone
 * signed in may call them: a person with no reports has an empty team.
 */

const name = sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`;

export const teamRoutes = new Hono<AppEnv>()
  // The team's active people, nearest first (direct reports), then by name; `q` searches within it.
  .get('/members', requireLearner, validate('query', teamMembersQuery), async (c) => {
    const { q } = c.req.valid('query');
    const search = containsText(q, [
      sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`,
      sql`u.username`,
      sql`u.email`,
    ]);
    const rows = await c.var.db.all<TeamMembersResponse['members'][number]>(sql`${teamCte(c.var.user.id)}
      SELECT u.id AS id, ${name} AS name, u.username AS username, u.department AS department, u.job_title AS jobTitle,
        u.site_id AS siteId, s.name AS siteName, u.manager_id AS managerId, min(t.depth) AS depth
      FROM team t JOIN users u ON u.id = t.id LEFT JOIN sites s ON s.id = u.site_id
      WHERE u.deactivated_at IS NULL AND u.id <> ${c.var.user.id} ${search ? sql`AND ${search}` : sql``}
      GROUP BY u.id ORDER BY depth, lower(name), u.id LIMIT 1000`);
    return c.json<TeamMembersResponse>({ members: rows.map((row) => ({ ...row, depth: Number(row.depth) })) });
  })
  // The admin matrix's shape (GET /api/v2/admin/compliance), limited to the caller's team.
  .get('/compliance', requireLearner, validate('query', complianceQuery), async (c) => {
    const query = c.req.valid('query');
    const db = c.var.db;
    const now = new Date();
    const filter = { ...coverageFilterOf(query), teamOf: c.var.user.id };
    const first = await db.batch(snapshotPageQueries(db, filter, query.status, query.page, query.size, now));
    return c.json<TeamComplianceResponse>(await matrixAnswer(db, filter, query, now, first));
  })
  // The team's matrix as the admin CSV writes it (one line per person and requirement), the team only.
  .get('/compliance/export.csv', requireLearner, validate('query', complianceQuery), async (c) => {
    const now = new Date();
    const stream = await complianceCsvStream(c.var.db, c.req.valid('query'), now, { teamOf: c.var.user.id });
    return new Response(stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="team-compliance-${now.toISOString().slice(0, 10)}.csv"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  });
