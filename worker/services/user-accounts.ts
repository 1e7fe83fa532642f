import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { USER_MESSAGES } from '../contract/users';
import type { Db } from '../db/client';
import { inListChunks } from '../db/in-list';
import { certificates, users } from '../db/schema';
import { ApiError } from '../errors';
import { auditInsert, type AuditActor } from './audit';
import { encryptText } from './crypto';
import { generatePassword, hashPassword } from './password';

/** Checks and secrets the user routes (routes/users/*) share. */

export type UserRow = typeof users.$inferSelect;

export const byUsername = sql`lower(${users.username})`;

export async function loadUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * Deleting a user cascades to their training records, and a certificate an inspector checks
 * must keep verifying: holders of certificates are refused (409) before anything is written.
 */
export async function assertNoCertificates(db: Db, ids: string[]): Promise<void> {
  for (const part of inListChunks(ids)) {
    const held = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(inArray(certificates.userId, part))
      .limit(1)
      .get();
    if (held) throw new ApiError('CONFLICT', USER_MESSAGES.deleteCertified);
  }
}

/**
 * 409 when another account already uses the username or e-mail (case-insensitive). Usernames and
 * e-mail addresses are one sign-in namespace: neither may equal another account's username or e-mail.
 */
export async function assertUnique(
  db: Db,
  username: string | undefined,
  email: string | undefined,
  exceptId?: string,
): Promise<void> {
  const notSelf = exceptId ? ne(users.id, exceptId) : undefined;
  const usedBy = (value: string) =>
    sql`(lower(${users.username}) = ${value.toLowerCase()} OR lower(${users.email}) = ${value.toLowerCase()})`;
  if (username) {
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(and(usedBy(username), notSelf))
      .get();
    if (taken)
      throw new ApiError('CONFLICT', USER_MESSAGES.usernameTaken, {
        fields: { username: USER_MESSAGES.usernameTaken },
      });
  }
  if (email) {
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(and(usedBy(email), notSelf))
      .get();
    if (taken)
      throw new ApiError('CONFLICT', USER_MESSAGES.emailTaken, { fields: { email: USER_MESSAGES.emailTaken } });
  }
}

export async function newAccountSecrets(secret: string) {
  const password = generatePassword();
  const [passwordHash, tempPasswordEnc] = await Promise.all([hashPassword(password), encryptText(secret, password)]);
  return { password, passwordHash, tempPasswordEnc };
}

interface NewAccount {
  id: string;
  username: string;
  email: string;
  role: UserRow['role'];
  firstName?: string | null;
  lastName?: string | null;
  department?: string | null;
  jobTitle?: string | null;
  language?: UserRow['language'];
  /** Checked by the caller (services/sites.ts: reportingLineRefusal). */
  siteId?: string | null;
  managerId?: string | null;
  /** An administrator made by a site-limited administrator is limited to the same site. */
  adminSiteId?: string | null;
}

/**
 * Creating one account with an admin-generated password (the user must change it): the insert
 * and its audit entry, for the caller's batch.
 */
export function newAccountStatements(
  db: Db,
  actor: AuditActor,
  account: NewAccount,
  secrets: { passwordHash: string; tempPasswordEnc: string },
  at: Date,
) {
  const now = at.toISOString();
  const profile = {
    username: account.username,
    email: account.email,
    role: account.role,
    firstName: account.firstName ?? null,
    lastName: account.lastName ?? null,
    department: account.department ?? null,
    jobTitle: account.jobTitle ?? null,
    siteId: account.siteId ?? null,
    managerId: account.managerId ?? null,
  };
  return [
    db
      .insert(users)
      .values({
        ...profile,
        id: account.id,
        language: account.language ?? null,
        adminSiteId: account.role === 'ADMIN' ? (account.adminSiteId ?? null) : null,
        ...secrets,
        mustChangePassword: true,
        passwordCreatedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    auditInsert(db, {
      actor,
      action: 'USER_CREATED',
      target: { id: account.id, username: account.username },
      entityType: 'USER',
      entityId: account.id,
      after: profile,
      at,
    }),
  ] as const;
}

/** Existing lower-cased values of a column among `values`, in parameter-safe chunks. */
export async function existingValues(db: Db, column: 'username' | 'email', values: string[]): Promise<Set<string>> {
  const col = column === 'username' ? users.username : users.email;
  const found = new Set<string>();
  for (const part of inListChunks(values)) {
    const rows = await db
      .select({ value: sql<string>`lower(${col})` })
      .from(users)
      .where(
        sql`lower(${col}) IN (${sql.join(
          part.map((value) => sql`${value}`),
          sql`, `,
        )})`,
      );
    for (const row of rows) found.add(row.value);
  }
  return found;
}

/** What an audit entry keeps of an account: who it is and what it may do, never a secret. */
export function userAuditView(row: UserRow) {
  return {
    username: row.username,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    department: row.department,
    jobTitle: row.jobTitle,
    siteId: row.siteId,
    managerId: row.managerId,
    adminSiteId: row.adminSiteId,
    permissions: row.permissions ?? null,
  };
}
