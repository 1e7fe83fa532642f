/**
 * Sites, reporting lines and the scopes they make (issue 30): the site a person works at, whom they
 * report to, the people a site-limited administrator may read and change, and a supervisor's team
 * (their direct and indirect reports). docs/decisions/2026-11-28-site-limited-admins.md.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { REFUSALS } from '../contract/errors';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { sites, users } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';

/** Reporting lines deeper than this are not walked (a real organisation is a dozen levels at most). */
export const TEAM_MAX_DEPTH = 50;

/**
 * The ids of everyone who reports to `managerId`, directly or through others, with their depth
 * (1: direct). UNION and the depth cap stop the walk even if stored data ever held a loop.
 */
export const teamCte = (managerId: string) =>
  sql`WITH RECURSIVE team(id, depth) AS (
    SELECT m.id, 1 FROM users m WHERE m.manager_id = ${managerId}
    UNION SELECT r.id, t.depth + 1 FROM users r JOIN team t ON r.manager_id = t.id WHERE t.depth < ${TEAM_MAX_DEPTH}
  )`;

/** `u.id` (the alias of the query that uses it) is one of `managerId`'s direct or indirect reports. */
export const inTeamOf = (managerId: string, column: SQL = sql`u.id`) =>
  sql`${column} IN (${teamCte(managerId)} SELECT id FROM team)`;

/** Is `personId` one of `managerId`'s direct or indirect reports (a leaver included: their record stays theirs)? */
export async function isInTeam(db: Db, managerId: string, personId: string): Promise<boolean> {
  const row = await db.get<{ one: number }>(
    sql`${teamCte(managerId)} SELECT 1 AS one FROM team WHERE id = ${personId} LIMIT 1`,
  );
  return !!row;
}

/**
 * 404 for anyone outside the caller's team (the spec's "not found or not yours"): the team routes
 * never say whether a person outside it exists.
 */
export async function assertInTeam(db: Db, managerId: string, personId: string): Promise<void> {
  if (!(await isInTeam(db, managerId, personId))) throw new ApiError('NOT_FOUND', REFUSALS['team.notMember']);
}

/**
 * Does `personId` sit above or at `managerId` in the reporting lines, i.e. would making `managerId`
 * the manager of `personId` close a loop? True when `personId` is `managerId` or one of its managers.
 */
export const wouldLoop = (personId: string, managerId: string) =>
  sql`EXISTS (WITH RECURSIVE up(id, depth) AS (
    SELECT ${managerId}, 0
    UNION SELECT x.manager_id, up.depth + 1 FROM users x JOIN up ON x.id = up.id
      WHERE x.manager_id IS NOT NULL AND up.depth < ${TEAM_MAX_DEPTH}
  ) SELECT 1 FROM up WHERE up.id = ${personId})`;

/** The users rows a caller may touch: all of them, or those of their site when they are limited to one. */
export const siteScope = (user: Pick<AuthUser, 'siteLimit'>, column: SQL | SQLiteColumn = users.siteId) =>
  user.siteLimit ? sql`${column} = ${user.siteLimit}` : undefined;

/** 403 when a site-limited administrator reaches for a person of another site (or of none). */
export function assertInSite(user: Pick<AuthUser, 'siteLimit'>, person: { siteId: string | null }): void {
  if (user.siteLimit && person.siteId !== user.siteLimit)
    throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit']);
}

/** The same for many people by id (ids that match nobody are the caller's concern). */
export async function assertAllInSite(db: Db, user: Pick<AuthUser, 'siteLimit'>, ids: readonly string[]) {
  if (!user.siteLimit || ids.length === 0) return;
  const rows = await selectInChunks([...ids], (part) =>
    db.select({ siteId: users.siteId }).from(users).where(inArray(users.id, part)),
  );
  for (const row of rows) assertInSite(user, row);
}

/** 403 unless the person with this id is at the caller's site (an unknown id is the caller's 404 to give). */
export const assertPersonInSite = (db: Db, user: Pick<AuthUser, 'siteLimit'>, id: string) =>
  assertAllInSite(db, user, [id]);

/**
 * A condition that `personId` (a column holding a user id) names someone of the caller's site, for
 * lists whose rows are about people: one condition in the same query, so counts and pages agree.
 */
export const personInSite = (user: Pick<AuthUser, 'siteLimit'>, personId: SQL | SQLiteColumn) =>
  user.siteLimit ? sql`${personId} IN (SELECT su.id FROM users su WHERE su.site_id = ${user.siteLimit})` : undefined;

/**
 * 403 unless at least one of these people is at the caller's site: a record shared by several people
 * (a toolbox talk's sheet) is theirs to read when it is about someone of their site.
 */
export async function assertAnyInSite(db: Db, user: Pick<AuthUser, 'siteLimit'>, ids: readonly string[]) {
  if (!user.siteLimit) return;
  const unique = [...new Set(ids)];
  const rows = await selectInChunks(unique, (part) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, part), eq(users.siteId, user.siteLimit!))),
  );
  if (rows.length === 0) throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit']);
}

/** An active site by id, or a 400 that says the site is unknown. */
export async function activeSite(db: Db, siteId: string) {
  const site = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.id, siteId), isNull(sites.retiredAt)))
    .get();
  if (!site) throw unknownSite();
  return site;
}

export const unknownSite = () =>
  new ApiError('VALIDATION_FAILED', REFUSALS['site.unknown'], { fields: { siteId: REFUSALS['site.unknown'] } });

const managerRefusal = (message: string) =>
  new ApiError('VALIDATION_FAILED', message, { fields: { managerId: message } });

/**
 * Judges a change of a person's site and manager before anything is written: an unknown or retired
 * site, a manager who does not exist or has left, oneself as manager, or a manager who reports to
 * the person (directly or through others) is refused with its own message. `personId` is null for
 * an account not created yet (it can close no loop). A site-limited administrator keeps people on
 * their own site. Absent fields (undefined) are not changes and are not judged.
 */
export async function assertReportingLine(
  db: Db,
  actor: Pick<AuthUser, 'siteLimit'>,
  personId: string | null,
  change: { siteId?: string | null; managerId?: string | null },
): Promise<void> {
  if (change.siteId !== undefined) {
    if (change.siteId !== null) await activeSite(db, change.siteId);
    if (actor.siteLimit && change.siteId !== actor.siteLimit)
      throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit'], {
        fields: { siteId: REFUSALS['site.outsideLimit'] },
      });
  }
  const managerId = change.managerId;
  if (!managerId) return;
  if (managerId === personId) throw managerRefusal(REFUSALS['user.managerSelf']);
  const manager = await db
    .select({
      deactivatedAt: users.deactivatedAt,
      loops: personId ? sql<number>`${wouldLoop(personId, managerId)}` : sql<number>`0`,
    })
    .from(users)
    .where(eq(users.id, managerId))
    .get();
  if (!manager) throw managerRefusal(REFUSALS['user.managerNotFound']);
  if (manager.deactivatedAt) throw managerRefusal(REFUSALS['user.managerLeaver']);
  if (Number(manager.loops)) throw managerRefusal(REFUSALS['user.managerCycle']);
}
