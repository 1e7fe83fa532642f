/**
 * The field check behind a badge (issue 30): everything GET /api/v2/badges/{signedId}/status
 * answers, read in ONE D1 round trip (a batch): the holder with their site, whether the holder is on
 * the caller's team, the requirements' terms and facts of the compliance matrix for that one person,
 * and every active task that applies to them (no site, or theirs) with what they hold of each piece
 * as of today. The caller's relation is judged after the batch, so a caller who may not see the
 * status costs the same one round trip and is answered 403 with nothing of what was read.
 * docs/decisions/2026-11-28-badge-page.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BadgeRequirementStatus, BadgeTaskStatus } from '../contract/badges';
import { dayRange, taskQualification, type TaskStatus } from '../contract/rules/task-qualification';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import { users } from '../db/schema';
import type { AuthUser } from '../env';
import { badgeHolderQuery, relationOf } from './badge-holder';
import { cellsByUser } from './compliance-status';
import { columnKeyOf, coverageFactsQueries, termEvidence, toFacts } from './compliance';
import { evidenceFacts, heldPiecesSql, piecesTermsSql, TASK_PIECES } from './evidence';
import { inTeamOf } from './sites';
import { factsGate } from './task-search-kept';

/**
 * Every active task that applies to `userId` (no site, or theirs), with its pieces and what they hold
 * of each on `day`; behind the team-tasks counter's gate (task-search-kept.ts): no rows at all while
 * the counter stands at `known` (the statuses kept for this person and day still hold), else a first
 * row carrying the counter (and no task when none applies) and one row per task.
 */
export const personTasksQuery = (db: Db, userId: string, day: string, known: number | null = null) =>
  personTasksAsOf(db, userId, new Date(dayRange(day).end).toISOString(), known);

/** personTasksQuery as of `dayEnd` (template-safe: the values are only handed to drizzle). */
function personTasksAsOf(db: Db, userId: string, dayEnd: string, known: number | null) {
  // A raw FROM with its own aliases (t, u: the held-pieces SQL reads `u.id`), as the task search's.
  return db
    .select({
      facts: sql<number | null>`gate.fv`,
      id: sql<string | null>`t.id`,
      name: sql<string>`t.name`,
      siteName: sql<string | null>`(SELECT s.name FROM sites s WHERE s.id = t.site_id)`,
      evidence: piecesTermsSql(TASK_PIECES, sql`t.id`),
      held: heldPiecesSql(TASK_PIECES, sql`t.id`, { dayEnd }),
    })
    .from(
      sql`${factsGate(known)} LEFT JOIN (tasks t JOIN users u ON u.id = ${userId}
        AND t.retired_at IS NULL AND (t.site_id IS NULL OR t.site_id = u.site_id)) ON 1`,
    )
    .orderBy(sql`t.id IS NOT NULL, lower(t.name), t.id`);
}

type TaskRow = Awaited<ReturnType<typeof personTasksQuery>>[number];

const TASK_ORDER: Record<TaskStatus, number> = { NOT_QUALIFIED: 0, EXPIRING: 1, QUALIFIED: 2 };

/** The task rule over each row: not qualified first, then expiring, then qualified (each by name, as read). */
export function taskStatusesOf(rows: readonly TaskRow[], day: string): BadgeTaskStatus[] {
  return rows
    .filter((row): row is TaskRow & { id: string } => row.id !== null)
    .map((row) => {
      const result = taskQualification(evidenceFacts(termEvidence(row), null, null, row.held), day);
      return {
        taskId: row.id,
        name: row.name,
        siteName: row.siteName,
        status: result.status,
        validUntil: result.validUntil,
        missing: result.missing.map(({ kind, name, status }) => ({ kind, name, status })),
        expiring: result.expiring.map(({ kind, name, status, validUntil }) => ({ kind, name, status, validUntil })),
      };
    })
    .sort((a, b) => TASK_ORDER[a.status] - TASK_ORDER[b.status]);
}

/** The requirements that apply to the person today, with the one compliance rule, and what is missing. */
function requirementStatusFrom(
  [terms, factRows]: [Parameters<typeof toFacts>[0], Parameters<typeof toFacts>[1]],
  userId: string,
  now: Date,
): BadgeRequirementStatus[] {
  const cells = cellsByUser(toFacts(terms, factRows), now).get(userId);
  if (!cells) return [];
  const titles = new Map(terms.map((term) => [columnKeyOf(term, termEvidence(term)), term.courseTitle]));
  const order = { overdue: 0, 'due-soon': 1, pending: 2, exempt: 3, compliant: 4 } as const;
  return [...cells.values()]
    .map((cell) => ({
      requirementId: cell.requirementId,
      title: titles.get(cell.key) ?? cell.pieces.map((p) => p.name).join(' + '),
      status: cell.status,
      dueAt: cell.dueAt,
      validUntil: cell.validUntil,
      pieces: cell.pieces,
      missing: cell.status === 'exempt' ? [] : cell.pieces.filter((p) => p.status !== 'compliant').map((p) => p.name),
    }))
    .sort((a, b) => order[a.status] - order[b.status] || a.title.localeCompare(b.title));
}

/**
 * A person's task statuses on a day, kept in this isolate while the team-tasks counter stands (its
 * triggers fire on every write to tasks, their pieces' names, the person's site and every kind of
 * evidence: the same facts the task search keeps its answers by). Bounded.
 */
const keptTasks = new Map<string, { version: number; tasks: BadgeTaskStatus[] }>();
const KEPT_TASKS_MAX = 512;

/**
 * The badge holder, whether they are on the caller's team, and their requirements and tasks today:
 * one batch (the request's first: the caller's session rides in it, so `callerId` is the token's
 * until the batch is judged). The tasks' statement reads nothing while the statuses kept for the
 * holder and day still hold. Null when no such person exists. Nothing of it is shown before
 * `badgeStatusFor` has judged the caller's relation.
 */
export async function readBadgeStatus(db: Db, callerId: string, userId: string, now: Date) {
  const day = now.toISOString().slice(0, 10);
  const taskKey = `${userId} ${day}`;
  const kept = keptTasks.get(taskKey);
  const dayEnd = new Date(dayRange(day).end).toISOString();
  const known = kept?.version ?? null;
  const [holders, team, terms, facts, taskRows] = await db.batch(
    preparedReads(
      db,
      'badge status',
      {},
      { callerId, userId, now: now.toISOString(), dayEnd, known },
      buildBadgeStatus,
    ),
  );
  const holder = holders[0];
  return holder ? { holder, inTeam: team.length > 0, terms, facts, taskRows, kept, taskKey, userId, day, now } : null;
}

/** The badge status's statements (a template: see db/prepared.ts; values are placeholders). */
const buildBadgeStatus = (
  db: Db,
  {
    callerId,
    userId,
    now,
    dayEnd,
    known,
  }: { callerId: string; userId: string; now: string; dayEnd: string; known: number | null },
) =>
  [
    badgeHolderQuery(db, userId),
    db
      .select({ ok: sql<number>`1` })
      .from(users)
      .where(and(eq(users.id, userId), inTeamOf(callerId, sql`${users.id}`))),
    ...coverageFactsQueries(db, { userId }, now),
    personTasksAsOf(db, userId, dayEnd, known),
  ] as const;

/** The task statuses from this batch: the kept ones when the gate answered nothing, else judged now and kept. */
function taskStatusesFrom(read: NonNullable<Awaited<ReturnType<typeof readBadgeStatus>>>): BadgeTaskStatus[] {
  if (read.kept && read.taskRows.length === 0) return read.kept.tasks;
  const statuses = taskStatusesOf(read.taskRows, read.day);
  const version = read.taskRows[0]?.facts;
  if (version !== null && version !== undefined) {
    if (keptTasks.size >= KEPT_TASKS_MAX) keptTasks.clear();
    keptTasks.set(read.taskKey, { version, tasks: statuses });
  }
  return statuses;
}

/**
 * The caller's relation to the holder, and (only for a supervisor or an administrator of theirs) the
 * requirements and tasks judged by the rules; nothing is judged for anyone else.
 */
export async function badgeStatusFor(caller: AuthUser, read: NonNullable<Awaited<ReturnType<typeof readBadgeStatus>>>) {
  const { holder, inTeam, terms, facts, userId, day, now } = read;
  const relation = await relationOf(caller, holder, () => inTeam);
  const full = relation === 'admin' || relation === 'supervisor';
  return {
    holder,
    relation,
    day,
    requirements: full ? requirementStatusFrom([terms, facts], userId, now) : [],
    tasks: full ? taskStatusesFrom(read) : [],
  };
}
