/**
 * A directory connection's Groups (SCIM, issue 32) are books: a group's members are the connection's
 * people who hold the book, so adding a member gives them the book (and the training of the
 * requirements it brings), removing one takes the book away. A create links the book of the same
 * name, else makes a new empty book; a delete ends the link only. Every check runs before the one
 * batch that writes the change with its audit entries (the connection as the actor): a refused
 * request changes nothing. Decisions: docs/decisions/2026-11-28-scim.md.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { chunk } from '../contract/common';
import { SCIM_SCHEMA } from '../contract/scim';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { insertChunks, selectInChunks } from '../db/in-list';
import { domains, scimGroups, userDomains, users } from '../db/schema';
import { auditInsert, auditInsertPerUser, type AuditActor } from './audit';
import { forgetPeopleCaches } from './people-caches';
import { afterPeopleChanged } from './requirement-audience';
import { scimActor, type ScimConnection } from './scim-connections';
import { invalidValue, ScimError, scimNotFound } from './scim-errors';
import type { ScimGroupDraft } from './scim-group-resource';
import { scimPage } from './scim-users';
import { fullName } from './users';

export type ScimGroupRow = typeof scimGroups.$inferSelect;
interface Member {
  id: string;
  display: string;
}

/** Ids per audit statement (one bound parameter each, with the entry's own), under D1's limit of 100. */
const AUDIT_CHUNK = 80;

/** A group of this connection, or a SCIM 404 (another connection's groups do not exist for it). */
export async function scopedGroup(db: Db, connection: ScimConnection, id: string): Promise<ScimGroupRow> {
  const row = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.id, id), eq(scimGroups.connectionId, connection.id)))
    .get();
  if (!row) throw scimNotFound(`Group ${id} not found`);
  return row;
}

/** The members of each book as this connection sees them: its own people who hold the book. */
export async function membersOf(db: Db, connection: ScimConnection, domainIds: string[]) {
  const rows = await selectInChunks(domainIds, (part) =>
    db
      .select({
        domainId: userDomains.domainId,
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(userDomains)
      .innerJoin(users, and(eq(users.id, userDomains.userId), eq(users.scimConnectionId, connection.id)))
      .where(inArray(userDomains.domainId, part))
      .orderBy(users.createdAt, users.id),
  );
  const map = new Map<string, Member[]>();
  for (const row of rows)
    map.set(row.domainId, [...(map.get(row.domainId) ?? []), { id: row.id, display: fullName(row) }]);
  return map;
}

/** Every member named is one of the connection's people, or a 400 that names the first one who is not. */
async function assertOwnPeople(db: Db, connection: ScimConnection, ids: string[]) {
  const found = await selectInChunks(ids, (part) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, part), eq(users.scimConnectionId, connection.id))),
  );
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw invalidValue(`members: no user of this connection has the id ${unknown}`);
}

/** The same name as another group of this connection: SCIM's uniqueness conflict. */
async function assertNameFree(db: Db, connection: ScimConnection, name: string, exceptId?: string) {
  const clash = await db
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(eq(scimGroups.connectionId, connection.id), sql`lower(${scimGroups.displayName}) = ${name.toLowerCase()}`),
    )
    .get();
  if (clash && clash.id !== exceptId)
    throw new ScimError(409, 'A group with this displayName already exists', 'uniqueness');
}

const reasonOf = (connection: ScimConnection, group: string) =>
  `Group "${group}" of the directory (${connection.name})`;

/**
 * The statements that give `added` the book and take it from `removed`, each person with their own
 * audit entry written first (while "holds the book" still reads the state before the change).
 */
function membershipWrites(
  db: Db,
  actor: AuditActor,
  domainId: string,
  change: { added: string[]; removed: string[]; reason: string; at: Date },
) {
  const holds = sql`EXISTS (SELECT 1 FROM user_domains h WHERE h.user_id = ${users.id} AND h.domain_id = ${domainId})`;
  const record = { actor, entityType: 'USER' as const, reason: change.reason, at: change.at };
  return [
    ...chunk(change.added, AUDIT_CHUNK).map((part) =>
      auditInsertPerUser(
        db,
        { ...record, action: 'USER_BOOKS_ASSIGNED', after: { addedDomainIds: [domainId] } },
        and(inArray(users.id, part), sql`NOT ${holds}`)!,
      ),
    ),
    ...insertChunks(
      change.added.map((userId) => ({ userId, domainId })),
      2,
    ).map((part) => db.insert(userDomains).values(part).onConflictDoNothing()),
    ...chunk(change.removed, AUDIT_CHUNK).map((part) =>
      auditInsertPerUser(
        db,
        { ...record, action: 'USER_BOOKS_REMOVED', before: { removedDomainIds: [domainId] } },
        and(inArray(users.id, part), holds)!,
      ),
    ),
    ...chunk(change.removed, AUDIT_CHUNK).map((part) =>
      db.delete(userDomains).where(and(eq(userDomains.domainId, domainId), inArray(userDomains.userId, part))),
    ),
  ];
}

type Statement = ReturnType<typeof forgetPeopleCaches>[number] | ReturnType<typeof membershipWrites>[number];

/** Runs a group's batch; a name taken meanwhile is the same 409 as the check before it. */
async function run(db: Db, statements: unknown[]) {
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ScimError(409, 'A group with this displayName already exists', 'uniqueness');
    throw error;
  }
}

/**
 * POST /Groups: links the book whose name is the group's (any case, as book names are unique), else
 * makes a new empty book of that name; the members named get the book. A book this connection
 * already has a group for is a 409.
 */
export async function createScimGroup(
  db: Db,
  connection: ScimConnection,
  draft: ScimGroupDraft,
): Promise<ScimGroupRow> {
  const members = [...draft.members];
  await assertOwnPeople(db, connection, members);
  await assertNameFree(db, connection, draft.displayName);
  const book = await db
    .select({ id: domains.id, name: domains.name })
    .from(domains)
    .where(sql`lower(${domains.name}) = ${draft.displayName.toLowerCase()}`)
    .get();
  if (book) {
    const linked = await db
      .select({ id: scimGroups.id })
      .from(scimGroups)
      .where(and(eq(scimGroups.connectionId, connection.id), eq(scimGroups.domainId, book.id)))
      .get();
    if (linked) throw new ScimError(409, 'A group of this connection already stands for this book', 'uniqueness');
  }
  const actor = scimActor(connection);
  const at = new Date();
  const now = at.toISOString();
  const domainId = book?.id ?? crypto.randomUUID();
  const row: ScimGroupRow = {
    id: crypto.randomUUID(),
    connectionId: connection.id,
    domainId,
    displayName: draft.displayName,
    externalId: draft.externalId,
    createdAt: now,
    updatedAt: now,
  };
  const newBook = book
    ? []
    : [
        db.insert(domains).values({ id: domainId, name: draft.displayName, description: null }),
        auditInsert(db, {
          actor,
          action: 'BOOK_CREATED',
          entityType: 'BOOK',
          entityId: domainId,
          after: { id: domainId, name: draft.displayName, description: null },
          at,
        }),
      ];
  await run(db, [
    ...newBook,
    db.insert(scimGroups).values(row),
    auditInsert(db, {
      actor,
      action: 'SCIM_GROUP_LINKED',
      entityType: 'BOOK',
      entityId: domainId,
      after: { group: row.id, displayName: row.displayName, externalId: row.externalId, newBook: !book },
      at,
    }),
    ...membershipWrites(db, actor, domainId, {
      added: members,
      removed: [],
      reason: reasonOf(connection, row.displayName),
      at,
    }),
    ...forgetPeopleCaches(db),
  ]);
  // The book may put them in a requirement's audience (one naming no department or job title).
  if (members.length > 0) await afterPeopleChanged(db, actor, members);
  return row;
}

/**
 * PUT and PATCH /Groups/{id}: the group becomes `draft` (name, externalId, members). The directory's
 * name changes on the link only: the book keeps the name its administrators gave it.
 */
export async function updateScimGroup(
  db: Db,
  connection: ScimConnection,
  row: ScimGroupRow,
  current: Set<string>,
  draft: ScimGroupDraft,
): Promise<ScimGroupRow> {
  const added = [...draft.members].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !draft.members.has(id));
  await assertOwnPeople(db, connection, added);
  const renamed = draft.displayName !== row.displayName || draft.externalId !== row.externalId;
  if (renamed) await assertNameFree(db, connection, draft.displayName, row.id);
  if (!renamed && added.length === 0 && removed.length === 0) return row;
  const actor = scimActor(connection);
  const at = new Date();
  const updated = { ...row, displayName: draft.displayName, externalId: draft.externalId, updatedAt: at.toISOString() };
  await run(db, [
    ...(renamed
      ? [
          db
            .update(scimGroups)
            .set({ displayName: updated.displayName, externalId: updated.externalId, updatedAt: updated.updatedAt })
            .where(eq(scimGroups.id, row.id)),
          auditInsert(db, {
            actor,
            action: 'SCIM_GROUP_UPDATED',
            entityType: 'BOOK',
            entityId: row.domainId,
            before: { group: row.id, displayName: row.displayName, externalId: row.externalId },
            after: { group: row.id, displayName: updated.displayName, externalId: updated.externalId },
            at,
          }),
        ]
      : []),
    ...membershipWrites(db, actor, row.domainId, {
      added,
      removed,
      reason: reasonOf(connection, updated.displayName),
      at,
    }),
    ...forgetPeopleCaches(db),
  ]);
  // A book given may bring a requirement's training; one taken may come back through a requirement.
  if (added.length > 0 || removed.length > 0) await afterPeopleChanged(db, actor, [...added, ...removed]);
  return updated;
}

/**
 * DELETE /Groups/{id}: the link ends. The book, its courses and records stay, and so do the members'
 * books: a group deleted or taken out of scope in the directory takes no one's training away (an
 * administrator does that, on purpose). Assigned again, the group's create links the same book.
 */
export async function deleteScimGroup(db: Db, connection: ScimConnection, row: ScimGroupRow): Promise<void> {
  await run(db, [
    db.delete(scimGroups).where(eq(scimGroups.id, row.id)),
    auditInsert(db, {
      actor: scimActor(connection),
      action: 'SCIM_GROUP_UNLINKED',
      entityType: 'BOOK',
      entityId: row.domainId,
      before: { group: row.id, displayName: row.displayName, externalId: row.externalId },
    }),
  ]);
}

/** A group list filter: `displayName eq "x"` (Entra ID's look-up before a create), `externalId`, `id`. */
export function groupFilter(filter: string | undefined): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = filter.match(/^\s*(\w+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i);
  if (!match) throw new ScimError(400, `Unsupported filter: ${filter}`, 'invalidFilter');
  const value = match[2]!.replace(/\\(.)/g, '$1');
  switch (match[1]!.toLowerCase()) {
    case 'displayname':
      return sql`lower(${scimGroups.displayName}) = ${value.toLowerCase()}`;
    case 'externalid':
      return eq(scimGroups.externalId, value);
    case 'id':
      return eq(scimGroups.id, value);
    default:
      throw new ScimError(400, `Unsupported filter attribute: ${match[1]}`, 'invalidFilter');
  }
}

/** One page of the connection's groups, in the order they were created. */
export function listScimGroups(
  db: Db,
  connection: ScimConnection,
  where: SQL | undefined,
  page: { startIndex: number; count: number },
) {
  const scope = and(eq(scimGroups.connectionId, connection.id), where);
  return scimPage(
    page,
    (limit, offset) =>
      db
        .select()
        .from(scimGroups)
        .where(scope)
        .orderBy(scimGroups.createdAt, scimGroups.id)
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(scimGroups).where(scope).get(),
  );
}

/** The Group resource as every answer shows it; without `members` when the directory excluded them. */
export function toScimGroup(row: ScimGroupRow, members: Member[] | undefined, base: string) {
  return {
    schemas: [SCIM_SCHEMA.group],
    id: row.id,
    externalId: row.externalId ?? undefined,
    displayName: row.displayName,
    members: members?.map((m) => ({ value: m.id, display: m.display, $ref: `${base}/Users/${m.id}` })),
    meta: {
      resourceType: 'Group',
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${base}/Groups/${row.id}`,
    },
  };
}
