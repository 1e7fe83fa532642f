/**
 * People provisioned by a directory connection (SCIM, issue 32): created, changed, deactivated
 * and reactivated with the same rules as the admin's user routes (uniqueness, reporting lines,
 * the leaver flow), each change audit-logged with the connection as the actor. A connection reads
 * and changes only its own people. Every check runs before the first write: a refused request
 * changes nothing.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { createUserBody, usernameFitsEmail } from '../contract/users';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { auditInsert, auditInsertWhen } from './audit';
import { forgetPeopleCaches } from './people-caches';
import { afterPeopleChanged, movedAudience } from './requirement-audience';
import { scimActor, type ScimConnection } from './scim-connections';
import { invalidValue, ScimError, scimNotFound } from './scim-errors';
import type { ScimPerson } from './scim-resource';
import { assertReportingLine, wouldLoop } from './sites';
import { assertUnique, loadUser, userAuditView, type UserRow } from './user-accounts';
import { deactivateUsers, reactivateUser, userManagerCount } from './users';

/**
 * The password of a person the directory created: no hash of anything, so no password signs in.
 * They sign in with the company account, or set a password through "Forgot password".
 */
const NO_PASSWORD = '!directory';

/** Nobody sees this as a reason to type: it says who deactivated and why. */
const reasonOf = (connection: ScimConnection, what: string) => `${what} by the directory (${connection.name})`;

/** A person of this connection, or a SCIM 404 (another connection's people do not exist for it). */
export async function scopedUser(db: Db, connection: ScimConnection, id: string): Promise<UserRow> {
  const row = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.scimConnectionId, connection.id)))
    .get();
  if (!row) throw scimNotFound(`User ${id} not found`);
  return row;
}

/** The person's fields after the same validation as `POST /api/users` (normalised, lengths, username rules). */
function validated(person: ScimPerson) {
  const email = person.email ?? (person.userName.includes('@') ? person.userName : null);
  if (!email) throw invalidValue('An e-mail address is required (emails, or a userName that is one)');
  // A userName that is an e-mail address other than the person's (an Entra ID userPrincipalName
  // beside a different mail) cannot be a username here: sign-in would read it as an e-mail address.
  // The username is then the e-mail address; the directory still sees and filters its userName.
  const userName = person.userName.trim();
  const parsed = v.safeParse(createUserBody, {
    username: usernameFitsEmail(userName, email) ? userName : email,
    email,
    role: 'USER',
    firstName: person.givenName,
    lastName: person.familyName,
    department: person.department,
    jobTitle: person.title,
    language: person.language ?? null,
    managerId: person.managerId,
  });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const at = issue.path?.map((p) => String(p.key)).join('.');
    throw invalidValue(at ? `${at}: ${issue.message}` : issue.message);
  }
  const { username, firstName, lastName, department, jobTitle } = parsed.output;
  return {
    username,
    scimUserName: userName,
    email: parsed.output.email,
    firstName,
    lastName,
    department,
    jobTitle,
    managerId: person.managerId,
    scimExternalId: person.externalId,
    employeeNumber: person.employeeNumber?.trim().slice(0, 100) || null,
  };
}

/** A manager is one of the connection's own people (the directory names them by the id we gave). */
async function assertManager(db: Db, connection: ScimConnection, personId: string | null, managerId: string | null) {
  if (!managerId) return;
  const known = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), eq(users.scimConnectionId, connection.id)))
    .get();
  if (!known) throw invalidValue('manager: no user of this connection has that id');
  // The same rules as the admin's edit: not oneself, not a leaver, no reporting-line loop.
  await assertReportingLine(db, { siteLimit: null }, personId, { managerId });
}

/** The admin user routes' conflict answer, in SCIM's words. */
const taken = () => new ScimError(409, 'A user with this userName or e-mail address already exists', 'uniqueness');

/**
 * POST /Users. A userName of an existing learner who belongs to no connection (an account made
 * before the directory was connected) links that person to this connection instead of failing:
 * the directory takes over their details. Administrators and other connections' people are never
 * taken over (409).
 */
export async function createScimUser(db: Db, connection: ScimConnection, person: ScimPerson): Promise<UserRow> {
  const fields = validated(person);
  // The accounts this person may already have, and every account the new one would clash with:
  // usernames and e-mail addresses are one sign-in namespace (the same rule as assertUnique).
  const names = [...new Set([fields.username, fields.scimUserName, fields.email].map((n) => n.toLowerCase()))];
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const existing = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) IN (${list}) OR lower(${users.email}) IN (${list})`)
    .limit(2);
  if (existing.length > 1) throw taken();
  const [found] = existing;
  if (found) {
    if (found.role === 'ADMIN' || found.scimConnectionId !== null) throw taken();
    return updateScimUser(db, connection, found, person, { link: true });
  }
  await assertManager(db, connection, null, fields.managerId);
  const id = crypto.randomUUID();
  const at = new Date();
  const now = at.toISOString();
  const profile = { ...fields, role: 'USER' as const, siteId: null };
  let created: UserRow | undefined;
  try {
    [[created]] = await db.batch([
      db
        .insert(users)
        .values({
          ...fields,
          id,
          role: 'USER',
          language: person.language ?? null,
          passwordHash: NO_PASSWORD,
          mustChangePassword: false,
          passwordCreatedAt: now,
          scimConnectionId: connection.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      auditInsert(db, {
        actor: scimActor(connection),
        action: 'USER_CREATED',
        target: { id, username: fields.username },
        entityType: 'USER',
        entityId: id,
        after: profile,
        at,
      }),
      ...forgetPeopleCaches(db),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  // The training of the requirements whose audience the new person is in (their department / job title).
  await afterPeopleChanged(db, scimActor(connection), [id]);
  if (person.active) return created!;
  await deactivateUsers(db, scimActor(connection), [id], reasonOf(connection, 'Created inactive'));
  return (await loadUser(db, id))!;
}

const CHANGEABLE = [
  'username',
  'scimUserName',
  'email',
  'firstName',
  'lastName',
  'department',
  'jobTitle',
  'managerId',
  'scimExternalId',
  'employeeNumber',
] as const;

/**
 * PUT and PATCH /Users/{id} (and a POST that links an existing learner): the person becomes
 * `person`. Changed fields are written in one batch with their audit entry; then `active` runs the
 * leaver flow (sessions and signed links end at once, records kept) or reactivates.
 */
export async function updateScimUser(
  db: Db,
  connection: ScimConnection,
  row: UserRow,
  person: ScimPerson,
  options: { link?: boolean } = {},
): Promise<UserRow> {
  const fields = validated(person);
  const set: Partial<typeof users.$inferInsert> = {};
  for (const key of CHANGEABLE) if (fields[key] !== row[key]) (set as Record<string, unknown>)[key] = fields[key];
  if (person.language !== undefined && person.language !== row.language) set.language = person.language;
  if (options.link) set.scimConnectionId = connection.id;
  if (set.username !== undefined || set.email !== undefined) await assertUnique(db, set.username, set.email, row.id);
  if (set.managerId) await assertManager(db, connection, row.id, set.managerId);
  const actor = scimActor(connection);
  const deactivating = !person.active && !row.deactivatedAt;
  if (deactivating && row.role === 'ADMIN' && (await userManagerCount(db, [row.id])) === 0)
    throw new ScimError(409, 'This person is the last administrator who manages users: they cannot be deactivated');
  if (Object.keys(set).length > 0) {
    const at = new Date();
    set.updatedAt = at.toISOString();
    const target: SQL = set.managerId
      ? and(eq(users.id, row.id), sql`NOT ${wouldLoop(row.id, set.managerId)}`)!
      : eq(users.id, row.id);
    let changed: { id: string }[];
    try {
      [changed] = await db.batch([
        db.update(users).set(set).where(target).returning({ id: users.id }),
        auditInsertWhen(
          db,
          {
            actor,
            action: 'USER_UPDATED',
            target: { id: row.id, username: fields.username },
            entityType: 'USER',
            entityId: row.id,
            reason: options.link ? reasonOf(connection, 'Linked') : null,
            before: userAuditView(row),
            after: { ...userAuditView({ ...row, ...set } as UserRow), employeeNumber: fields.employeeNumber },
            at,
          },
          users,
          eq(users.id, row.id),
        ),
        ...forgetPeopleCaches(db),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    // Refused by the loop check in the write: someone changed the lines meanwhile.
    if (changed.length === 0) await assertManager(db, connection, row.id, set.managerId ?? null);
    if (movedAudience(row, fields)) await afterPeopleChanged(db, actor, [row.id], [row.id]);
  }
  if (deactivating) await deactivateUsers(db, actor, [row.id], reasonOf(connection, 'Deactivated'));
  if (person.active && row.deactivatedAt) await reactivateUser(db, actor, row.id, reasonOf(connection, 'Reactivated'));
  return (await loadUser(db, row.id))!;
}

/**
 * DELETE /Users/{id}: records are never deleted. The person is deactivated (the leaver flow) and
 * leaves the connection's scope, so the directory sees them gone (404); a later POST of the same
 * userName links them again and can reactivate them.
 */
export async function deleteScimUser(db: Db, connection: ScimConnection, row: UserRow): Promise<void> {
  const actor = scimActor(connection);
  if (!row.deactivatedAt) await deactivateUsers(db, actor, [row.id], reasonOf(connection, 'Deleted'));
  const at = new Date();
  await db.batch([
    db.update(users).set({ scimConnectionId: null, updatedAt: at.toISOString() }).where(eq(users.id, row.id)),
    auditInsert(db, {
      actor,
      action: 'USER_UPDATED',
      target: { id: row.id, username: row.username },
      entityType: 'USER',
      entityId: row.id,
      reason: reasonOf(connection, 'Deleted'),
      before: { directoryConnection: connection.name },
      after: { directoryConnection: null },
      at,
    }),
  ]);
}

/**
 * A list filter (RFC 7644 3.4.2.2) as SQL: the equality filters identity providers send before a
 * create (`userName eq "x"`, `externalId eq "x"`, `emails[type eq "work"].value eq "x"`, `id eq "x"`).
 * Anything else is an `invalidFilter` 400.
 */
export function scimFilter(filter: string | undefined): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = filter.match(/^\s*(\S+(?:\[[^\]]*\])?(?:\.\w+)?)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i);
  if (!match) throw new ScimError(400, `Unsupported filter: ${filter}`, 'invalidFilter');
  const attribute = match[1]!.toLowerCase().replace(/\s+/g, ' ');
  const value = match[2]!.replace(/\\(.)/g, '$1');
  if (attribute === 'username')
    return sql`lower(coalesce(${users.scimUserName}, ${users.username})) = ${value.toLowerCase()}`;
  if (attribute === 'externalid') return eq(users.scimExternalId, value);
  if (attribute === 'id') return eq(users.id, value);
  if (['emails', 'emails.value', 'emails[type eq "work"].value', 'emails[primary eq true].value'].includes(attribute))
    return sql`lower(${users.email}) = ${value.toLowerCase()}`;
  throw new ScimError(400, `Unsupported filter attribute: ${match[1]}`, 'invalidFilter');
}

/**
 * One page of a list (1-based `startIndex`) and the total: `rows` reads `limit` rows from `offset`,
 * `total` counts them all. A `count` of 0 asks for the total alone (RFC 7644 3.4.2.4).
 */
export async function scimPage<T>(
  page: { startIndex: number; count: number },
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: Promise<{ n: number } | undefined>,
) {
  const [list, counted] = await Promise.all([
    page.count === 0 ? Promise.resolve([] as T[]) : rows(page.count, page.startIndex - 1),
    total,
  ]);
  return { rows: list, total: Number(counted?.n ?? 0) };
}

/** One page of the connection's people, in the order they were created. */
export function listScimUsers(
  db: Db,
  connection: ScimConnection,
  where: SQL | undefined,
  page: { startIndex: number; count: number },
) {
  const scope = and(eq(users.scimConnectionId, connection.id), where);
  return scimPage(
    page,
    (limit, offset) =>
      db.select().from(users).where(scope).orderBy(users.createdAt, users.id).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(scope).get(),
  );
}
