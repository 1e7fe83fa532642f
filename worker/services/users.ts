import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { chunk } from '../contract/common';
import type { UserDetailDto, UserDto, UserStatusFilter } from '../contract/users';
import { selectInChunks } from '../db/in-list';
import type { AdminPermissions, DomainRef, SessionUser } from '../contract/auth';
import { ADMIN_PERMISSION_KEYS } from '../contract/auth';
import type { Db } from '../db/client';
import { domains, userDomains, users } from '../db/schema';
import { auditInsertPerUser } from './audit';
import { forgetPeopleCaches } from './people-caches';

type UserRow = typeof users.$inferSelect;

export function fullName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return name || user.username;
}

export function permissionsOf(user: Pick<UserRow, 'role' | 'permissions'>): AdminPermissions | null {
  if (user.role !== 'ADMIN') return null;
  const stored = user.permissions ?? {};
  // Every permission flag defaults to true until an admin turns it off.
  return Object.fromEntries(ADMIN_PERMISSION_KEYS.map((k) => [k, stored[k] ?? true])) as AdminPermissions;
}

/**
 * Books (domains) per user id, sorted by name: of the given users (in parameter-safe chunks),
 * or of every user when `userIds` is omitted. The one user-to-books lookup.
 */
export async function domainsByUser(db: Db, userIds?: string[]): Promise<Map<string, DomainRef[]>> {
  const map = new Map<string, DomainRef[]>();
  if (userIds && userIds.length === 0) return map;
  const select = () =>
    db
      .select({ userId: userDomains.userId, id: domains.id, name: domains.name })
      .from(userDomains)
      .innerJoin(domains, eq(domains.id, userDomains.domainId));
  const rows = userIds
    ? await selectInChunks(userIds, (ids) => select().where(inArray(userDomains.userId, ids)))
    : await select();
  rows.sort((a, b) => a.name.localeCompare(b.name));
  for (const row of rows) {
    const list = map.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    map.set(row.userId, list);
  }
  return map;
}

/** The admin view of a user: never carries a hash or a stored password. */
export function toUserDto(row: UserRow, userDomainList: DomainRef[]): UserDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    domains: userDomainList,
    department: row.department,
    jobTitle: row.jobTitle,
    language: row.language,
    passwordCreatedAt: row.passwordCreatedAt,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt,
    status: row.deactivatedAt ? 'DEACTIVATED' : 'ACTIVE',
    deactivatedAt: row.deactivatedAt,
    deactivationReason: row.deactivationReason,
    leadsTalks: row.leadsTalks,
    siteId: row.siteId,
    managerId: row.managerId,
  };
}

export function toUserDetail(row: UserRow, userDomainList: DomainRef[]): UserDetailDto {
  return {
    ...toUserDto(row, userDomainList),
    permissions: permissionsOf(row),
    adminSiteId: row.role === 'ADMIN' ? row.adminSiteId : null,
    lastLogin: row.lastLoginAt,
  };
}

/** The session view of a user: never carries a hash or a stored password. */
export function toSessionUser(user: UserRow, userDomainList: DomainRef[]): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullName(user),
    role: user.role,
    roles: [user.role],
    userType: user.role,
    isAdmin: user.role === 'ADMIN',
    domains: userDomainList,
    department: user.department,
    jobTitle: user.jobTitle,
    language: user.language,
    profileImage: user.profileImage,
    mustChangePassword: user.mustChangePassword,
    permissions: permissionsOf(user),
    leadsTalks: user.leadsTalks,
    lastLogin: user.lastLoginAt,
  };
}

export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const map = await domainsByUser(db, [user.id]);
  return toSessionUser(user, map.get(user.id) ?? []);
}

// ---------------------------------------------------------------------------------------------
// Leavers
// ---------------------------------------------------------------------------------------------

/** Active accounts: leavers (deactivated) drop out of lists and counts unless asked for. */
export const activeUser = isNull(users.deactivatedAt);

/**
 * The condition of the user list's status filter. With a search, the search's id set is the
 * smaller side: the unary `+` keeps SQLite from driving the query from the status index instead.
 */
export function userStatusCondition(status: UserStatusFilter, searching = false): SQL | undefined {
  const column = searching ? sql`+${users.deactivatedAt}` : sql`${users.deactivatedAt}`;
  if (status === 'ACTIVE') return searching ? sql`${column} IS NULL` : activeUser;
  if (status === 'DEACTIVATED') return searching ? sql`${column} IS NOT NULL` : isNotNull(users.deactivatedAt);
  return undefined;
}

/**
 * The people search: username or e-mail contains the text, any case. It reads the trigram index
 * `users_search` (migration 0005), which answers a LIKE '%text%' of 3+ characters from the index
 * instead of lower-casing every row. A term with `%`, `_` or `\\` needs ESCAPE, which the trigram
 * index does not serve: still correct, read row by row.
 */
export function userSearch(term: string | null | undefined): SQL | undefined {
  const trimmed = term?.trim().toLowerCase();
  if (!trimmed) return undefined;
  const special = /[\\%_]/.test(trimmed);
  const pattern = `%${trimmed.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const like = special ? sql`s.words LIKE ${pattern} ESCAPE '\\'` : sql`s.words LIKE ${pattern}`;
  return sql`${users}.rowid IN (SELECT s.rowid FROM users_search s WHERE ${like})`;
}

/**
 * An active administrator who can manage users (the flag defaults to on). At least one must
 * remain: nobody else could then reactivate, promote or grant permissions.
 */
const userManager = and(
  eq(users.role, 'ADMIN'),
  activeUser,
  sql`coalesce(json_extract(${users.permissions}, '$.userManagement'), 1) <> 0`,
);

/**
 * Active administrators with User Management, not counting `excluding`. The managers are few, so
 * they are read and the exclusions subtracted here: a long id list never becomes parameters.
 */
export async function userManagerCount(db: Db, excluding: string[] = []): Promise<number> {
  const managers = await db.select({ id: users.id }).from(users).where(userManager);
  const skip = new Set(excluding);
  return managers.filter((row) => !skip.has(row.id)).length;
}

/** The audit entry and the change cost 8 parameters beside the ids: chunks stay below D1's 100. */
const STATUS_CHUNK = 80;

type Actor = { id: string; username: string };

/** The audit entries of a change of status to `to`, one per user `target` matches (read before the change). */
const statusChangeAudit = (
  db: Db,
  actor: Actor,
  to: 'ACTIVE' | 'DEACTIVATED',
  reason: string | null,
  at: Date,
  target: SQL,
) =>
  auditInsertPerUser(
    db,
    {
      actor,
      action: to === 'ACTIVE' ? 'USER_REACTIVATED' : 'USER_DEACTIVATED',
      entityType: 'USER',
      reason,
      before: { status: to === 'ACTIVE' ? 'DEACTIVATED' : 'ACTIVE' },
      after: { status: to },
      at,
    },
    target,
  );

/**
 * Deactivates the active users among `ids`: sign-in is refused and the token version is bumped, so
 * every session ends at once; records and certificates stay. Each user gets an audit entry written
 * in the same batch as the change. Returns how many were deactivated by this call.
 */
export async function deactivateUsers(db: Db, actor: Actor, ids: string[], reason: string): Promise<number> {
  if (ids.length === 0) return 0;
  const at = new Date();
  const now = at.toISOString();
  const statements = chunk(ids, STATUS_CHUNK).flatMap((part) => {
    const target = and(inArray(users.id, part), activeUser)!;
    return [
      statusChangeAudit(db, actor, 'DEACTIVATED', reason, at, target),
      db
        .update(users)
        .set({
          deactivatedAt: now,
          deactivationReason: reason,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: now,
        })
        .where(target)
        .returning({ id: users.id }),
    ];
  });
  const all = [...statements, ...forgetPeopleCaches(db)];
  const results = await db.batch(all as [(typeof all)[number], ...(typeof all)[number][]]);
  // Each chunk is [audit, update]: the updates' returned rows count the users deactivated.
  const updates = results.slice(0, statements.length).filter((_, i) => i % 2 === 1);
  return updates.reduce((n, result) => n + (Array.isArray(result) ? result.length : 0), 0);
}

/** Restores a deactivated user's access (they sign in again; old sessions stay ended). */
export async function reactivateUser(db: Db, actor: Actor, id: string, reason: string | null): Promise<boolean> {
  const at = new Date();
  const target = and(eq(users.id, id), isNotNull(users.deactivatedAt))!;
  const [, updated] = await db.batch([
    statusChangeAudit(db, actor, 'ACTIVE', reason, at, target),
    db
      .update(users)
      .set({ deactivatedAt: null, deactivationReason: null, updatedAt: at.toISOString() })
      .where(target)
      .returning({ id: users.id }),
    ...forgetPeopleCaches(db),
  ]);
  return updated.length > 0;
}
