import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditRecord {
  actor: { id: string; username: string };
  action: string;
  target?: { id: string; username: string } | null;
  entityType?: string;
  entityId?: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

/**
 * The insert statement for one audit entry, meant to go in the same `db.batch` as the change it
 * records: the change and its record exist together or not at all. The table is append-only.
 */
export function auditInsert(db: Db, record: AuditRecord) {
  return db.insert(auditLog).values({
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
  });
}
