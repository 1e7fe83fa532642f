/**
 * Reminders an administrator sends from the compliance matrix ("Send reminder" on chosen or
 * filtered rows). At most one per person per UTC day: the day's claim is a `reminders` row
 * (course '*', kind MANUAL, due_at = the day), so a second one the same day is skipped and said
 * so, never an error for the others. The claims and their audit entries go in one batch; each
 * claimed person's mail then goes through the outbox like every other message.
 */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { MAX_REMINDER_PEOPLE, type SendRemindersResponse } from '../contract/outbox';
import type { ComplianceStatus } from '../contract/rules/compliance';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { inListChunks, insertChunks, selectInChunks } from '../db/in-list';
import { reminders, users } from '../db/schema';
import { refusal } from '../errors';
import { auditInsertPerUser, type AuditActor } from './audit';
import { cellsByUser, type CellResult } from './compliance-status';
import { coverageFactsOf, coveredUserIds, requiredCourseTitles, type CoverageFilter } from './compliance';
import { sendMail, type MailDeps } from './mail';
import { reminderKind, reminderMail, type ReminderKind } from './reminders';
import { fullName } from './users';

/** Who the matrix's filter lists (status included), refused when more than one batch may take. */
async function peopleOfFilter(
  db: Db,
  filter: CoverageFilter & { status?: ComplianceStatus | null },
  now: Date,
): Promise<string[]> {
  const ids = await coveredUserIds(db, filter, now, '', MAX_REMINDER_PEOPLE + 1);
  if (!filter.status) {
    if (ids.length > MAX_REMINDER_PEOPLE)
      throw refusal('BAD_REQUEST', 'reminder.tooMany', { max: MAX_REMINDER_PEOPLE });
    return ids;
  }
  const cells = cellsByUser(await coverageFactsOf(db, filter, ids, now), now);
  const listed = ids.filter((id) => [...(cells.get(id)?.values() ?? [])].some((c) => c.status === filter.status));
  if (listed.length > MAX_REMINDER_PEOPLE)
    throw refusal('BAD_REQUEST', 'reminder.tooMany', { max: MAX_REMINDER_PEOPLE });
  return listed;
}

/** What a manual reminder lists: every required item not done (overdue first), whatever its distance. */
function openItems(cells: Iterable<CellResult>, now: Date): { cell: CellResult; kind: ReminderKind }[] {
  return [...cells]
    .filter((cell) => cell.status !== 'exempt' && cell.status !== 'compliant')
    .map((cell) => ({ cell, kind: reminderKind(cell, now) ?? ('D30' as const) }))
    .sort((a, b) => Number(b.kind === 'OVERDUE') - Number(a.kind === 'OVERDUE'));
}

export async function sendManualReminders(
  deps: MailDeps & { config: Pick<AppConfig, 'appName' | 'publicUrl'> },
  db: Db,
  actor: AuditActor,
  target: { userIds?: string[]; filter?: CoverageFilter & { status?: ComplianceStatus | null } },
  now = new Date(),
): Promise<SendRemindersResponse> {
  const ids = [
    ...new Set(target.userIds?.length ? target.userIds : await peopleOfFilter(db, target.filter ?? {}, now)),
  ];
  const [people, facts, titles] = await Promise.all([
    selectInChunks(ids, (part) =>
      db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          language: users.language,
          deactivatedAt: users.deactivatedAt,
        })
        .from(users)
        .where(inArray(users.id, part)),
    ),
    coverageFactsOf(db, {}, ids, now),
    requiredCourseTitles(db),
  ]);
  const cells = cellsByUser(facts, now);
  const byId = new Map(people.map((p) => [p.id, p]));
  const result: SendRemindersResponse = { sent: [], skipped: [] };
  const candidates: { person: (typeof people)[number]; items: ReturnType<typeof openItems> }[] = [];
  for (const id of ids) {
    const person = byId.get(id);
    if (!person || person.deactivatedAt) {
      result.skipped.push({ userId: id, name: person ? fullName(person) : id, reason: 'inactive' });
      continue;
    }
    const items = openItems(cells.get(id)?.values() ?? [], now);
    if (items.length === 0) result.skipped.push({ userId: id, name: fullName(person), reason: 'nothingDue' });
    else candidates.push({ person, items });
  }
  if (candidates.length === 0) return result;

  const day = now.toISOString().slice(0, 10);
  const claimOf = (userId: string) => ({
    userId,
    courseId: '*',
    dueAt: day,
    kind: 'MANUAL',
    sentAt: now.toISOString(),
  });
  const notRemindedToday = notExists(
    db
      .select({ one: sql`1` })
      .from(reminders)
      .where(
        and(
          eq(reminders.userId, users.id),
          eq(reminders.courseId, '*'),
          eq(reminders.dueAt, day),
          eq(reminders.kind, 'MANUAL'),
        ),
      ),
  );
  // Per part: the audit entries of the people not yet reminded today, then their claims.
  const statements = inListChunks(candidates.map((c) => c.person.id)).flatMap((part) => [
    auditInsertPerUser(
      db,
      { actor, action: 'REMINDER_SENT', entityType: 'USER', at: now },
      and(inArray(users.id, part), notRemindedToday)!,
    ),
    ...insertChunks(part, 5).map((rows) =>
      db.insert(reminders).values(rows.map(claimOf)).onConflictDoNothing().returning({ userId: reminders.userId }),
    ),
  ]);
  const results = (await db.batch(statements as [(typeof statements)[number], ...typeof statements])) as unknown[];
  const claimed = new Set(
    results.flatMap((r) => (Array.isArray(r) ? (r as { userId?: string }[]).map((row) => row.userId) : [])),
  );

  for (const { person, items } of candidates) {
    const name = fullName(person);
    if (!claimed.has(person.id)) {
      result.skipped.push({ userId: person.id, name, reason: 'alreadyToday' });
      continue;
    }
    const mail = {
      ...reminderMail(deps.config, person, items, titles),
      userId: person.id,
      kind: 'MANUAL_REMINDER' as const,
    };
    await sendMail(deps, db, mail);
    result.sent.push({ userId: person.id, name });
  }
  return result;
}
