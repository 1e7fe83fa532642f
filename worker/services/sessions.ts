import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import type { RosterEntry, SessionBody, SessionDetail, SessionPerson, SessionSummary } from '../contract/sessions';
import { holdsAdminPermission } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import {
  classroomSessions,
  components,
  materials,
  sessionAmendments,
  sessionAttendance,
  sessionInvitations,
  sessionTrainers,
  sites,
  users,
} from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { auditInsert } from './audit';
import { activeSite, assertAllInSite } from './sites';
import { fullName } from './users';

/** Classroom sessions (issue 29): reading, scheduling and the permission rule shared by every route. */

export type SessionRow = typeof classroomSessions.$inferSelect;

/** The flag that lets an administrator run any session (docs/decisions/2026-11-28-session-check-in.md). */
export const SESSION_FLAG = 'moduleManagement';

export async function findSession(db: Db, id: string): Promise<SessionRow> {
  const row = await db.select().from(classroomSessions).where(eq(classroomSessions.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['session.notFound']);
  return row;
}

export async function isTrainerOf(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: sessionTrainers.userId })
    .from(sessionTrainers)
    .where(and(eq(sessionTrainers.sessionId, sessionId), eq(sessionTrainers.userId, userId)))
    .get();
  return !!row;
}

/**
 * A trainer of the session, or an administrator holding Module Management (a site-limited one for
 * their site's sessions only, 403 site.outsideLimit otherwise); anyone else is refused.
 */
export async function assertRunsSession(db: Db, user: AuthUser, session: SessionRow): Promise<void> {
  const admin = holdsAdminPermission(user, SESSION_FLAG);
  if (admin && sessionInSite(user, session)) return;
  if (await isTrainerOf(db, session.id, user.id)) return;
  throw new ApiError('FORBIDDEN', REFUSALS[admin ? 'site.outsideLimit' : 'session.notTrainer']);
}

/** A session a site-limited administrator may see: one held at their site. */
export const sessionInSite = (user: Pick<AuthUser, 'siteLimit'>, session: Pick<SessionRow, 'siteId'>) =>
  !user.siteLimit || session.siteId === user.siteLimit;

const personOf = (row: typeof users.$inferSelect): SessionPerson => ({
  id: row.id,
  name: fullName(row),
  username: row.username,
  jobTitle: row.jobTitle,
});

async function trainersBySession(db: Db, ids: string[]): Promise<Map<string, SessionPerson[]>> {
  const out = new Map<string, SessionPerson[]>();
  if (ids.length === 0) return out;
  const rows = await selectInChunks(ids, (part) =>
    db
      .select({ sessionId: sessionTrainers.sessionId, user: users })
      .from(sessionTrainers)
      .innerJoin(users, eq(users.id, sessionTrainers.userId))
      .where(inArray(sessionTrainers.sessionId, part))
      .orderBy(asc(users.username)),
  );
  for (const row of rows) out.set(row.sessionId, [...(out.get(row.sessionId) ?? []), personOf(row.user)]);
  return out;
}

async function countsBySession(db: Db, ids: string[]) {
  const out = new Map<string, { accepted: number; waitlisted: number }>();
  if (ids.length === 0) return out;
  const rows = await selectInChunks(ids, (part) =>
    db
      .select({
        sessionId: sessionInvitations.sessionId,
        accepted: sql<number>`sum(${sessionInvitations.status} = 'ACCEPTED')`,
        waitlisted: sql<number>`sum(${sessionInvitations.status} = 'WAITLISTED')`,
      })
      .from(sessionInvitations)
      .where(inArray(sessionInvitations.sessionId, part))
      .groupBy(sessionInvitations.sessionId),
  );
  for (const row of rows)
    out.set(row.sessionId, { accepted: Number(row.accepted ?? 0), waitlisted: Number(row.waitlisted ?? 0) });
  return out;
}

/** Names of the sites the sessions name, retired ones too (the record keeps where it was held). */
async function siteNames(db: Db, rows: SessionRow[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.siteId ? [row.siteId] : [])))];
  const found = await selectInChunks(ids, (part) =>
    db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, part)),
  );
  return new Map(found.map((site) => [site.id, site]));
}

export async function summaries(db: Db, rows: SessionRow[]): Promise<SessionSummary[]> {
  const ids = rows.map((row) => row.id);
  const [trainers, counts, siteOf] = await Promise.all([
    trainersBySession(db, ids),
    countsBySession(db, ids),
    siteNames(db, rows),
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    componentId: row.componentId,
    location: row.location,
    site: (row.siteId && siteOf.get(row.siteId)) || null,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    capacity: row.capacity,
    outline: row.outline,
    material:
      row.materialTitle && row.materialVersion
        ? { id: row.materialId, title: row.materialTitle, version: row.materialVersion }
        : null,
    status: row.status,
    trainers: trainers.get(row.id) ?? [],
    accepted: counts.get(row.id)?.accepted ?? 0,
    waitlisted: counts.get(row.id)?.waitlisted ?? 0,
    signedOff:
      row.signedOffAt && row.signedOffBy
        ? {
            by: row.signedOffBy,
            name: row.signedOffName ?? '',
            at: row.signedOffAt,
            meaning: row.signOffMeaning ?? '',
            method: row.signOffMethod ?? 'password',
            provider: row.signOffProvider,
          }
        : null,
  }));
}

/** The roster: everyone invited or marked, invitations first in answer order, then walk-ins. */
export async function sessionDetail(db: Db, session: SessionRow): Promise<SessionDetail> {
  const [[summary], invited, marked, amendments] = await Promise.all([
    summaries(db, [session]),
    db
      .select({ invitation: sessionInvitations, user: users })
      .from(sessionInvitations)
      .innerJoin(users, eq(users.id, sessionInvitations.userId))
      .where(eq(sessionInvitations.sessionId, session.id))
      .orderBy(asc(sessionInvitations.invitedAt), asc(users.username)),
    db
      .select({ attendance: sessionAttendance, user: users })
      .from(sessionAttendance)
      .innerJoin(users, eq(users.id, sessionAttendance.userId))
      .where(eq(sessionAttendance.sessionId, session.id)),
    db
      .select()
      .from(sessionAmendments)
      .where(eq(sessionAmendments.sessionId, session.id))
      .orderBy(asc(sessionAmendments.at)),
  ]);
  const attendance = new Map(marked.map((row) => [row.user.id, row]));
  const roster: RosterEntry[] = [];
  const entry = (user: typeof users.$inferSelect, invitation?: typeof sessionInvitations.$inferSelect) => {
    const mark = attendance.get(user.id)?.attendance;
    roster.push({
      ...personOf(user),
      invitation: invitation?.status ?? null,
      waitlistPosition: invitation?.waitlistPosition ?? null,
      attendance: mark
        ? { present: mark.present, method: mark.method, at: mark.at, by: mark.by, reason: mark.reason }
        : null,
    });
  };
  for (const row of invited) entry(row.user, row.invitation);
  const invitedIds = new Set(invited.map((row) => row.user.id));
  for (const row of marked) if (!invitedIds.has(row.user.id)) entry(row.user);
  return {
    ...summary,
    roster,
    amendments: amendments.map((row) => ({
      userId: row.userId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      by: row.by,
      at: row.at,
    })),
  };
}

/** Active accounts among `ids`; refused with `reason` when any is missing or has left. */
export async function activePeople(db: Db, ids: readonly string[], reason: keyof typeof REFUSALS) {
  const unique = [...new Set(ids)];
  const rows = await selectInChunks(unique, (part) =>
    db
      .select()
      .from(users)
      .where(and(inArray(users.id, part), isNull(users.deactivatedAt))),
  );
  if (rows.length !== unique.length) throw new ApiError('NOT_FOUND', REFUSALS[reason]);
  return rows;
}

/** Every check before anything is written: a refused schedule stores nothing. */
export async function createSession(db: Db, actor: AuthUser, body: SessionBody, now = new Date()): Promise<string> {
  const starts = Date.parse(body.startsAt);
  const ends = Date.parse(body.endsAt);
  const fields = (field: string, reason: keyof typeof REFUSALS) =>
    new ApiError('VALIDATION_FAILED', REFUSALS[reason], { fields: { [field]: REFUSALS[reason] } });
  const forbidden = (field: string, reason: keyof typeof REFUSALS) =>
    new ApiError('FORBIDDEN', REFUSALS[reason], { fields: { [field]: REFUSALS[reason] } });
  if (starts < now.getTime()) throw fields('startsAt', 'session.inPast');
  if (ends <= starts) throw fields('endsAt', 'session.endBeforeStart');
  if (ends - starts > 24 * 3600 * 1000) throw fields('endsAt', 'session.tooLong');
  if (!body.outline && !body.materialId) throw fields('outline', 'session.outlineRequired');
  await activePeople(db, body.trainerIds, 'session.trainerNotFound');
  // A site-limited administrator schedules at their own site (the default), with their site's trainers.
  const siteId = body.siteId || actor.siteLimit || null;
  if (actor.siteLimit && siteId !== actor.siteLimit) throw forbidden('siteId', 'site.outsideLimit');
  await assertAllInSite(db, actor, body.trainerIds);
  // An unknown or retired site: the sites' own 400 (`site.unknown`, on the siteId field).
  const site = siteId ? await activeSite(db, siteId) : null;
  if (body.componentId) {
    const component = await db
      .select({ id: components.id, type: components.type })
      .from(components)
      .where(eq(components.id, body.componentId))
      .get();
    if (!component) throw fields('componentId', 'session.componentNotFound');
    // Only a classroom component completes at sign-off (services/classroom-completion.ts).
    if (component.type !== 'CLASSROOM') throw fields('componentId', 'session.componentNotClassroom');
  }
  const material = body.materialId
    ? await db.select().from(materials).where(eq(materials.id, body.materialId)).get()
    : undefined;
  if (body.materialId && !material) throw fields('materialId', 'session.materialNotFound');

  const id = crypto.randomUUID();
  const values = {
    id,
    title: body.title,
    componentId: body.componentId ?? null,
    location: body.location,
    siteId: site?.id ?? null,
    startsAt: new Date(starts).toISOString(),
    endsAt: new Date(ends).toISOString(),
    capacity: body.capacity,
    outline: body.outline,
    materialId: material?.id ?? null,
    materialTitle: material?.title ?? null,
    // The material's version is its last update: the record keeps which content was taught.
    materialVersion: material?.updatedAt ?? null,
    createdBy: actor.id,
  };
  const trainerIds = [...new Set(body.trainerIds)];
  await db.batch([
    db.insert(classroomSessions).values(values),
    ...trainerIds.map((userId) => db.insert(sessionTrainers).values({ sessionId: id, userId })),
    auditInsert(db, {
      actor,
      action: 'SESSION_CREATED',
      entityType: 'CLASSROOM_SESSION',
      entityId: id,
      after: { ...values, trainerIds },
      at: now,
    }),
  ]);
  return id;
}
