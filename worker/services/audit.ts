import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AuditAction, AuditEntityType } from '../contract/audit';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';

/** Who made the change: the signed-in administrator (`c.var.user`). */
export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target?: { id: string; username: string | null } | null;
  entityType?: AuditEntityType;
  entityId?: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

function rowOf(record: AuditRecord) {
  return {
    id: crypto.randomUUID(),
    actorId: record.actor.id,
    actorUsername: record.actor.username,
    action: record.action,
    targetUserId: record.target?.id ?? null,
    targetUsername: record.target?.username ?? null,
    entityType: record.entityType ?? null,
    entityId: record.entityId ?? null,
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: (record.at ?? new Date()).toISOString(),
  };
}

/**
 * The insert statement for one audit entry, meant to go in the same `db.batch` as the change it
 * records: the change and its record exist together or not at all. The table is append-only;
 * every audit row is written through this module.
 */
export function auditInsert(db: Db, record: AuditRecord) {
  return db.insert(auditLog).values(rowOf(record));
}

/**
 * Entries about one kind of record, for a router that changes only that kind: the entity type is
 * said once; each entry names who acted, the action, the record, and what changed.
 */
export const auditOf =
  (entityType: AuditEntityType) =>
  (db: Db, actor: AuditActor, action: AuditAction, entityId: string, change: Pick<AuditRecord, 'before' | 'after'>) =>
    auditInsert(db, { actor, action, entityType, entityId, ...change });

/**
 * An entry as a SELECT list of bound values, for `INSERT ... SELECT`: `from` names the columns
 * taken from the matched rows instead (a generated id, the target user of each row).
 */
function selectedRow(
  record: AuditRecord,
  from: { id?: SQL; targetUserId?: SQL; targetUsername?: SQL; entityId?: SQL } = {},
) {
  const row = rowOf(record);
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  return {
    id: sql<string>`${from.id ?? row.id}`.as('id'),
    actorId: sql<string>`${row.actorId}`.as('actor_id'),
    actorUsername: sql<string>`${row.actorUsername}`.as('actor_username'),
    action: sql<string>`${row.action}`.as('action'),
    targetUserId: sql<string | null>`${from.targetUserId ?? row.targetUserId}`.as('target_user_id'),
    targetUsername: sql<string | null>`${from.targetUsername ?? row.targetUsername}`.as('target_username'),
    entityType: sql<AuditEntityType | null>`${row.entityType}`.as('entity_type'),
    entityId: sql<string | null>`${from.entityId ?? row.entityId}`.as('entity_id'),
    reason: sql<string | null>`${row.reason}`.as('reason'),
    before: sql<string | null>`${json(row.before)}`.as('before'),
    after: sql<string | null>`${json(row.after)}`.as('after'),
    createdAt: sql<string>`${row.createdAt}`.as('created_at'),
  };
}

/**
 * The same entry, written only if a row of `source` matches `when` at write time. For a change
 * that may lose a race inside its batch (two admins revoking at once): the condition checks that
 * this request's change is the one that landed, so exactly one entry records it.
 */
export function auditInsertWhen(db: Db, record: AuditRecord, source: SQLiteTable, when: SQL) {
  return db.insert(auditLog).select(db.select(selectedRow(record)).from(source).where(when));
}

/**
 * One entry per user row matching `where` (the target is that user), written in the same batch as
 * the change and before it: a bulk change of many users records each of them in one statement,
 * whatever the size of the list.
 */
export function auditInsertPerUser(db: Db, record: Omit<AuditRecord, 'target' | 'entityId'>, where: SQL) {
  const columns = selectedRow(record, {
    id: sql`lower(hex(randomblob(16)))`,
    targetUserId: sql`${users.id}`,
    targetUsername: sql`${users.username}`,
    entityId: sql`${users.id}`,
  });
  return db.insert(auditLog).select(db.select(columns).from(users).where(where));
}
