import { eq, inArray } from 'drizzle-orm';
import { type UserDetailDto, type UserDto } from '../contract/admin-people';
import { selectInChunks } from '../db/in-list';
import type { AdminPermissions, DomainRef, SessionUser } from '../contract/auth';
import { ADMIN_PERMISSION_KEYS } from '../contract/auth';
import type { Db } from '../db/client';
import { domains, userDomains, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

export function fullName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ').trim();
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
    db.select({ userId: userDomains.userId, id: domains.id, name: domains.name }).from(userDomains).innerJoin(domains, eq(domains.id, userDomains.domainId));
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
    passwordCreatedAt: row.passwordCreatedAt,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt,
  };
}

export function toUserDetail(row: UserRow, userDomainList: DomainRef[]): UserDetailDto {
  return { ...toUserDto(row, userDomainList), permissions: permissionsOf(row), lastLogin: row.lastLoginAt };
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
    profileImage: user.profileImage,
    mustChangePassword: user.mustChangePassword,
    permissions: permissionsOf(user),
    lastLogin: user.lastLoginAt,
  };
}

export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const map = await domainsByUser(db, [user.id]);
  return toSessionUser(user, map.get(user.id) ?? []);
}
