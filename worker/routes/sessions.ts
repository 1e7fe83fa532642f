import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  attendanceBody,
  checkInBody,
  inviteBody,
  sessionBody,
  sessionPeopleQuery,
  sessionUserParam,
  signOffBody,
  type CheckInCodeResponse,
  type MySessionsResponse,
  type SessionListResponse,
  type SessionPeopleResponse,
  type SessionSitesResponse,
  type SessionResponse,
} from '../contract/sessions';
import { classroomSessions, sessionInvitations, sites } from '../db/schema';
import { searchOthers } from '../services/people-search';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireAdmin, requireLearner, type Guard } from '../middleware/auth';
import { checkIn, markAttendance, signOff } from '../services/session-attendance';
import { trainedSessions } from '../services/session-trainers';
import { mySessions, waitlistRank } from '../services/my-sessions';
import { checkInCode, codeWindowOf, windowEnd } from '../services/session-code';
import { sessionCalendarFile } from '../services/session-ics';
import { accept, decline, invite, notCompliantOf } from '../services/session-invitations';
import {
  assertRunsSession,
  createSession,
  findSession,
  SESSION_FLAG,
  sessionDetail,
  sessionInSite,
  summaries,
} from '../services/sessions';
import { assertAllInSite, assertPersonInSite, siteScope } from '../services/sites';
import { validate } from '../validate';

/**
 * Classroom sessions (issue 29). Administration under /api/v2/admin/sessions (Module Management);
 * the same roster, attendance, sign-off and sheet under /api/v2/sessions/{id} for the session's
 * own trainers (or an administrator with Module Management), who need not be administrators.
 */

const mailDeps = (c: Context<AppEnv>) => ({ config: c.var.config, email: c.env.EMAIL });

/** The session, once the caller is known to run it (trainer or flagged administrator). */
async function runSession(c: Context<AppEnv>, id: string) {
  const session = await findSession(c.var.db, id);
  await assertRunsSession(c.var.db, c.var.user, session);
  return session;
}

const detail = async (c: Context<AppEnv>, id: string) =>
  c.json<SessionResponse>({ session: await sessionDetail(c.var.db, await findSession(c.var.db, id)) });

/** The routes a session's runner uses, mounted twice (admin path with its flag, trainer path). */
function runnerRoutes(guard: Guard): Hono<AppEnv> {
  return (
    new Hono<AppEnv>()
      .get('/:id', guard, validate('param', idParam), async (c) => {
        const { id } = c.req.valid('param');
        await runSession(c, id);
        return detail(c, id);
      })
      // Walk-ins are found by search: anyone active but the runner themselves may be marked present.
      .get('/:id/people', guard, validate('param', idParam), validate('query', sessionPeopleQuery), async (c) => {
        await runSession(c, c.req.valid('param').id);
        const people = await searchOthers(c.var.db, c.var.user, c.req.valid('query').query);
        return c.json<SessionPeopleResponse>({ people });
      })
      .put(
        '/:id/attendance/:userId',
        guard,
        validate('param', sessionUserParam),
        validate('json', attendanceBody),
        async (c) => {
          const { id, userId } = c.req.valid('param');
          const session = await runSession(c, id);
          // A site-limited administrator marks their site's people only, walk-ins included.
          await assertPersonInSite(c.var.db, c.var.user, userId);
          await markAttendance(c.var.db, c.var.user, session, userId, c.req.valid('json'));
          return detail(c, id);
        },
      )
      .post('/:id/sign-off', guard, validate('param', idParam), validate('json', signOffBody), async (c) => {
        const { id } = c.req.valid('param');
        const session = await runSession(c, id);
        await signOff(c.var.db, c.var.user, session, c.req.valid('json'));
        return detail(c, id);
      })
      .get('/:id/attendance-sheet.pdf', guard, validate('param', idParam), async (c) => {
        const session = await runSession(c, c.req.valid('param').id);
        // pdf-lib and the QR code load on first use, not at the Worker's start (lazy-worker-modules test).
        const { attendanceSheet } = await import('../services/session-sheet');
        const bytes = await attendanceSheet(c, session);
        return new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `inline; filename="attendance-${session.id}.pdf"`,
            'Cache-Control': 'no-store',
          },
        });
      })
  );
}

export const adminSessionRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin(SESSION_FLAG), async (c) => {
    const rows = await c.var.db
      .select()
      .from(classroomSessions)
      .where(siteScope(c.var.user, classroomSessions.siteId))
      .orderBy(desc(classroomSessions.startsAt))
      .limit(200);
    return c.json<SessionListResponse>({ sessions: await summaries(c.var.db, rows) });
  })
  // The schedule form's trainer and invitation search (the administrator may train the session too).
  .get('/people', requireAdmin(SESSION_FLAG), validate('query', sessionPeopleQuery), async (c) => {
    const people = await searchOthers(
      c.var.db,
      { id: '', siteLimit: c.var.user.siteLimit },
      c.req.valid('query').query,
    );
    return c.json<SessionPeopleResponse>({ people });
  })
  // The schedule form's site choices: the active sites, for an administrator who may schedule
  // sessions but not manage people (the sites list itself needs userManagement).
  .get('/sites', requireAdmin(SESSION_FLAG), async (c) => {
    const rows = await c.var.db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(and(isNull(sites.retiredAt), siteScope(c.var.user, sites.id)))
      .orderBy(sql`lower(${sites.name})`);
    return c.json<SessionSitesResponse>({ sites: rows });
  })
  .post('/', requireAdmin(SESSION_FLAG), validate('json', sessionBody), async (c) => {
    const id = await createSession(c.var.db, c.var.user, c.req.valid('json'));
    const session = await findSession(c.var.db, id);
    return c.json<SessionResponse>({ session: await sessionDetail(c.var.db, session) }, 201);
  })
  .post(
    '/:id/invite',
    requireAdmin(SESSION_FLAG),
    validate('param', idParam),
    validate('json', inviteBody),
    async (c) => {
      const body = c.req.valid('json');
      if (!body.userIds === !body.requirementId)
        throw new ApiError('VALIDATION_FAILED', REFUSALS['session.inviteWhom']);
      const session = await findSession(c.var.db, c.req.valid('param').id);
      // A site-limited administrator invites to their site's sessions, and only their site's people.
      if (!sessionInSite(c.var.user, session)) throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit']);
      if (body.userIds) await assertAllInSite(c.var.db, c.var.user, body.userIds);
      const userIds =
        body.userIds ??
        (await notCompliantOf(c.var.db, body.requirementId as string, new Date(), c.var.user.siteLimit));
      const result = userIds.length
        ? await invite(c.var.db, mailDeps(c), c.var.user, session, userIds, { requirementId: body.requirementId })
        : { invited: 0, alreadyInvited: 0 };
      return c.json({ ...result, session: await sessionDetail(c.var.db, session) });
    },
  )
  .route('/', runnerRoutes(requireAdmin(SESSION_FLAG)));

export const trainerSessionRoutes = new Hono<AppEnv>()
  // "Sessions I teach": the sessions the caller is a trainer of, administrator or not.
  .get('/', requireLearner, async (c) =>
    c.json<SessionListResponse>({
      sessions: await summaries(c.var.db, await trainedSessions(c.var.db, c.var.user.id)),
    }),
  )
  .get('/:id/check-in-code', requireLearner, validate('param', idParam), async (c) => {
    const session = await runSession(c, c.req.valid('param').id);
    const window = codeWindowOf(new Date());
    return c.json<CheckInCodeResponse>({
      code: await checkInCode(c.env.JWT_SECRET, session.id, window),
      expiresAt: windowEnd(window).toISOString(),
    });
  })
  .route('/', runnerRoutes(requireLearner));

export const userSessionRoutes = new Hono<AppEnv>()
  .get('/', requireLearner, async (c) => {
    // The same reads as the Worker-rendered dashboard's (services/my-sessions.ts).
    return c.json<MySessionsResponse>(await mySessions(c.var.db, c.var.user.id));
  })
  .post('/:id/accept', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    await accept(c.var.db, c.var.user, await findSession(c.var.db, id));
    return myInvitation(c, id);
  })
  .post('/:id/decline', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    await decline(c.var.db, c.var.user, await findSession(c.var.db, id));
    return myInvitation(c, id);
  })
  .get('/:id/calendar.ics', requireLearner, validate('param', idParam), async (c) => {
    const session = await findSession(c.var.db, c.req.valid('param').id);
    const row = await c.var.db
      .select({ status: sessionInvitations.status })
      .from(sessionInvitations)
      .where(and(eq(sessionInvitations.sessionId, session.id), eq(sessionInvitations.userId, c.var.user.id)))
      .get();
    if (!row) throw new ApiError('FORBIDDEN', REFUSALS['session.notInvited']);
    return new Response(sessionCalendarFile(session), {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="session-${session.id}.ics"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  .post('/:id/check-in', requireLearner, validate('param', idParam), validate('json', checkInBody), async (c) => {
    const session = await findSession(c.var.db, c.req.valid('param').id);
    const result = await checkIn(c.var.db, c.env.JWT_SECRET, c.var.user, session, c.req.valid('json').code);
    return c.json({ checkedIn: true, already: result.kind === 'already' }, result.kind === 'stored' ? 201 : 200);
  });

async function myInvitation(c: Context<AppEnv>, id: string) {
  const row = await c.var.db
    .select({ status: sessionInvitations.status, waitlistRank: waitlistRank() })
    .from(sessionInvitations)
    .where(and(eq(sessionInvitations.sessionId, id), eq(sessionInvitations.userId, c.var.user.id)))
    .get();
  return c.json({ invitation: row?.status ?? null, waitlistPosition: row?.waitlistRank ?? null });
}
