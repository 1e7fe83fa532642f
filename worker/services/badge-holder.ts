import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import { authorisations, certificates, sites, users } from '../db/schema';
import type { AuthUser } from '../env';
import { inTeamOf } from './sites';

/**
 * Whose badge a caller may open beyond the public view (issue 30): the person themselves (card
 * only), an administrator with User Management within their site limit, or a supervisor above the
 * person in the reporting lines (direct or indirect, the team scope of /api/v2/team).
 * docs/decisions/2026-11-28-badge-page.md.
 */
export type BadgeRelation = 'self' | 'admin' | 'supervisor' | null;

export async function badgeRelation(
  db: Db,
  caller: AuthUser,
  person: { id: string; siteId: string | null },
): Promise<BadgeRelation> {
  const inTeam = async () =>
    Boolean(await db.get<{ ok: number }>(sql`SELECT 1 AS ok WHERE ${inTeamOf(caller.id, sql`${person.id}`)}`));
  return relationOf(caller, person, inTeam);
}

/** The relation, given whether the person is on the caller's team (asked only when it matters, or already read). */
export async function relationOf(
  caller: AuthUser,
  person: { id: string; siteId: string | null },
  inTeam: () => boolean | Promise<boolean>,
): Promise<BadgeRelation> {
  if (caller.id === person.id) return 'self';
  if (
    isAdminUser(caller) &&
    caller.permissions?.userManagement !== false &&
    (!caller.siteLimit || caller.siteLimit === person.siteId)
  )
    return 'admin';
  return (await inTeam()) ? 'supervisor' : null;
}

export const displayName = (u: { firstName: string | null; lastName: string | null; username: string }) =>
  [u.firstName, u.lastName].filter((part) => part?.trim()).join(' ') || u.username;

/** The badge page's statements (a template: see db/prepared.ts; values are placeholders). */
const buildBadgePage = (db: Db, { userId, iso }: { userId: string; iso: string }) =>
  [
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt))),
    db
      .select({
        number: certificates.certificateNumber,
        courseId: certificates.courseId,
        title: certificates.courseName,
        expiresAt: certificates.expiresAt,
      })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt), gt(certificates.expiresAt, iso)))
      .orderBy(desc(certificates.issuedAt)),
    db
      .select({
        number: authorisations.number,
        familyId: authorisations.familyId,
        title: authorisations.title,
        expiresAt: authorisations.expiresAt,
      })
      .from(authorisations)
      .where(
        and(eq(authorisations.userId, userId), isNull(authorisations.revokedAt), gt(authorisations.expiresAt, iso)),
      )
      .orderBy(desc(authorisations.issuedAt)),
  ] as const;

/**
 * What the public badge page shows, in ONE D1 round trip (a batch): the active holder with their
 * site, the certificates valid now and the authorisations valid now (what their verification pages
 * would call valid; never training history, progress or job title).
 */
export async function badgePageData(db: Db, userId: string, now: Date) {
  const [people, certs, auths] = await db.batch(
    preparedReads(db, 'badge page', {}, { userId, iso: now.toISOString() }, buildBadgePage),
  );
  const person = people[0];
  if (!person) return null;
  // The newest valid one per course / evaluation family: a renewal does not list the same thing twice.
  const newest = <T>(rows: T[], key: (row: T) => string) => {
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(key(row)) && seen.add(key(row)));
  };
  return {
    name: displayName(person),
    certificates: newest(certs, (c) => c.courseId).map(({ number, title, expiresAt }) => ({
      number,
      title,
      expiresAt,
    })),
    authorisations: newest(auths, (a) => a.familyId).map(({ number, title, expiresAt }) => ({
      number,
      title,
      expiresAt,
    })),
  };
}

/** The holder of a badge with their site's name (a query: the status route reads it in its batch). */
export const badgeHolderQuery = (db: Db, userId: string) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      jobTitle: users.jobTitle,
      siteId: users.siteId,
      siteName: sites.name,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .leftJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));

export async function badgeHolder(db: Db, userId: string) {
  return (await badgeHolderQuery(db, userId).get()) ?? null;
}
