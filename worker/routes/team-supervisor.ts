import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../contract/common';
import { userIdParam } from '../contract/compliance';
import type { TrainingRecordResponse } from '../contract/training-record';
import { lapseQuery, type LapseListResponse } from '../contract/compliance-lapses';
import {
  adminCredentialQuery,
  credentialRejectBody,
  type AdminCredentialListResponse,
  type AdminCredentialResponse,
} from '../contract/credentials';
import type { SendRemindersResponse } from '../contract/outbox';
import { REFUSALS } from '../contract/errors';
import { teamReminderBody, type TeamSessionDto, type TeamSessionsResponse } from '../contract/team';
import { credentials } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireLearner } from '../middleware/auth';
import { lapseList } from '../services/compliance-export';
import { sendManualReminders } from '../services/manual-reminders';
import { assertInTeam, inTeamOf, isInTeam, teamCte } from '../services/sites';
import { trainingRecordPdfResponse } from '../services/training-record-download';
import { validate } from '../validate';
import { trainingRecord } from '../services/training-record';
import { credentialQueue, reviewCredential } from '../services/credential-review';

/*
 * /api/v2/team (issue 30), what a supervisor does for their direct and indirect reports: read a
 * member's training record (and its PDF), the team's lapse forecast and upcoming sessions, review the
 * team's credentials (the administrators' rules and audit rows, the supervisor as actor) and remind a
 * member. Every route reaches people only through the caller's reporting lines (teamCte); a person
 * outside them answers 404, as a record that is not the caller's does elsewhere.
 */

type TeamSessionRow = Omit<TeamSessionDto, 'people'> & {
  userId: string;
  name: string;
  status: TeamSessionDto['people'][number]['status'];
  present: number | null;
};

/** Sessions listed at most: a crew's next weeks, not a year of the calendar. */
const SESSION_ROWS = 500;

const name = sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`;

export const teamSupervisorRoutes = new Hono<AppEnv>()
  // A member's training record, read-only (the administrator's record, the same answer).
  .get('/members/:id/training-record', requireLearner, validate('param', userIdParam), async (c) => {
    const { id } = c.req.valid('param');
    await assertInTeam(c.var.db, c.var.user.id, id);
    return c.json<TrainingRecordResponse>(await trainingRecord(c.var.db, id));
  })
  .get('/members/:id/training-record.pdf', requireLearner, validate('param', userIdParam), async (c) => {
    const { id } = c.req.valid('param');
    await assertInTeam(c.var.db, c.var.user.id, id);
    return trainingRecordPdfResponse(c, await trainingRecord(c.var.db, id));
  })

  // Who in the team lapses within 30, 60 or 90 days (the admin forecast's list, the team only).
  .get('/lapses', requireLearner, validate('query', lapseQuery), async (c) =>
    c.json<LapseListResponse>(await lapseList(c.var.db, c.req.valid('query'), new Date(), { teamOf: c.var.user.id })),
  )

  // Classroom sessions not yet over that the team's people are invited to, soonest first.
  .get('/sessions', requireLearner, async (c) => {
    const rows = await c.var.db.all<TeamSessionRow>(sql`${teamCte(c.var.user.id)}
      SELECT s.id AS id, s.title AS title, s.location AS location, st.name AS siteName, s.starts_at AS startsAt,
        s.ends_at AS endsAt, u.id AS userId, ${name} AS name, i.status AS status, a.present AS present
      FROM (SELECT DISTINCT id FROM team) t
      JOIN users u ON u.id = t.id AND u.deactivated_at IS NULL
      JOIN session_invitations i ON i.user_id = u.id
      JOIN classroom_sessions s ON s.id = i.session_id
      LEFT JOIN sites st ON st.id = s.site_id
      LEFT JOIN session_attendance a ON a.session_id = s.id AND a.user_id = u.id
      WHERE s.status = 'SCHEDULED' AND s.ends_at >= ${new Date().toISOString()}
      ORDER BY s.starts_at, s.id, lower(name), u.id LIMIT ${SESSION_ROWS}`);
    const sessions = new Map<string, TeamSessionDto>();
    for (const row of rows) {
      const session = sessions.get(row.id) ?? {
        id: row.id,
        title: row.title,
        location: row.location,
        siteName: row.siteName,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        people: [],
      };
      session.people.push({
        id: row.userId,
        name: row.name,
        status: row.status,
        present: row.present === null ? null : Boolean(row.present),
      });
      sessions.set(row.id, session);
    }
    return c.json<TeamSessionsResponse>({ sessions: [...sessions.values()] });
  })

  // The team's credentials of a status (PENDING: waiting for a decision), as the admin queue lists them.
  .get('/credentials', requireLearner, validate('query', adminCredentialQuery), async (c) =>
    c.json<AdminCredentialListResponse>(
      await credentialQueue(c, c.req.valid('query'), inTeamOf(c.var.user.id, sql`${credentials.userId}`)),
    ),
  )
  .post('/credentials/:id/approve', requireLearner, validate('param', idParam), async (c) =>
    c.json<AdminCredentialResponse>(await reviewCredential(c, c.req.valid('param').id, null, holderInTeam(c))),
  )
  .post(
    '/credentials/:id/reject',
    requireLearner,
    validate('param', idParam),
    validate('json', credentialRejectBody),
    async (c) =>
      c.json<AdminCredentialResponse>(
        await reviewCredential(c, c.req.valid('param').id, c.req.valid('json').reason, holderInTeam(c)),
      ),
  )

  // One tap: everything a member has not done, by e-mail, at most once a day (the matrix's reminder).
  .post('/reminders', requireLearner, validate('json', teamReminderBody), async (c) => {
    const { userId } = c.req.valid('json');
    await assertInTeam(c.var.db, c.var.user.id, userId);
    const deps = { config: c.var.config, email: c.env.EMAIL };
    return c.json<SendRemindersResponse>(await sendManualReminders(deps, c.var.db, c.var.user, { userIds: [userId] }));
  });

/** A credential of someone outside the team is "not found" to the supervisor (nothing is judged or written). */
const holderInTeam = (c: { var: AppEnv['Variables'] }) => async (holderId: string) => {
  if (!(await isInTeam(c.var.db, c.var.user.id, holderId)))
    throw new ApiError('NOT_FOUND', REFUSALS['credential.notFound']);
};
