import type { AdminPermissions, DomainRef, SessionUser } from '../contract/auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
type UserRow = typeof users.$inferSelect;
export declare function fullName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string;
export declare function permissionsOf(user: Pick<UserRow, 'role' | 'permissions'>): AdminPermissions | null;
/** Domains (books) per user id, in one query. */
export declare function domainsByUser(db: Db, userIds: string[]): Promise<Map<string, DomainRef[]>>;
/** The session view of a user: never carries a hash or a stored password. */
export declare function toSessionUser(user: UserRow, userDomainList: DomainRef[]): SessionUser;
export declare function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null>;
export {};
