/**
 * The field check behind a badge (issue 30): everything GET /api/v2/badges/{signedId}/status
 * answers, read in ONE D1 round trip (a batch): the holder with their site, whether the holder is on
 * the caller's team, the requirements' terms and facts of the compliance matrix for that one person,
 * and every active task that applies to them (no site, or theirs) with what they hold of each piece
 * as of today. The caller's relation is judged after the batch, so a caller who may not see the
 * status costs the same one round trip and is answered 403 with nothing of what was read.
 * docs/decisions/2026-11-28-badge-page.md.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { BadgeRequirementStatus, BadgeTaskStatus } from '../contract/badges';
import { dayRange, taskQualification, type TaskStatus } from '../contract/rules/task-qualification';
import type { Db } from '../db/client';
import { tasks, users } from '../db/schema';
import type { AuthUser } from '../env';
import { badgeHolderQuery, relationOf } from './badge-holder';
import { cellsByUser } from './compliance-status';
import { columnKeyOf, coverageFactsQueries, termEvidence, toFacts } from './compliance';
import { evidenceFacts, heldPiecesSql, piecesTermsSql, TASK_PIECES } from './evidence';
import { inTeamOf } from './sites';

/** The person as `u`: the held-pieces SQL reads `u.id`. */
const person = alias(users, 'u');

/** Every active task that applies to `userId` (no site, or theirs), with its pieces and what they hold of each on `day`. */
export function personTasksQuery(db: Db, userId: string, day: string) {
  const dayEnd = new Date(dayRange(day).end).toISOString();
  return db
    .select({
      id: tasks.id,
      name: tasks.name,
      siteName: sql<string | null>`(SELECT s.name FROM sites s WHERE s.id = ${tasks.siteId})`,
      evidence: piecesTermsSql(TASK_PIECES, sql`${tasks.id}`),
      held: heldPiecesSql(TASK_PIECES, sql`${tasks.id}`, { dayEnd }),
    })
    .from(tasks)
    .innerJoin(person, eq(person.id, userId))
    .where(and(isNull(tasks.retiredAt), or(isNull(tasks.siteId), eq(tasks.siteId, person.siteId))))
    .orderBy(sql`lower(${tasks.name})`, tasks.id);
}

type TaskRow = Awaited<ReturnType<typeof personTasksQuery>>[number];

const TASK_ORDER: Record<TaskStatus, number> = { NOT_QUALIFIED: 0, EXPIRING: 1, QUALIFIED: 2 };

/** The task rule over each row: not qualified first, then expiring, then qualified (each by name, as read). */
export function taskStatusesOf(rows: readonly TaskRow[], day: string): BadgeTaskStatus[] {
  return rows
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
 * The badge holder, whether they are on the caller's team, and their requirements and tasks today:
 * one batch (the request's first: the caller's session rides in it, so `callerId` is the token's
 * until the batch is judged). Null when no such person exists. Nothing of it is shown before
 * `badgeStatusFor` has judged the caller's relation.
 */
export async function readBadgeStatus(db: Db, callerId: string, userId: string, now: Date) {
  const day = now.toISOString().slice(0, 10);
  const [holders, team, terms, facts, taskRows] = await db.batch([
    badgeHolderQuery(db, userId),
    db
      .select({ ok: sql<number>`1` })
      .from(users)
      .where(and(eq(users.id, userId), inTeamOf(callerId, sql`${users.id}`))),
    ...coverageFactsQueries(db, { userId }, now),
    personTasksQuery(db, userId, day),
  ]);
  const holder = holders[0];
  return holder ? { holder, inTeam: team.length > 0, terms, facts, taskRows, userId, day, now } : null;
}

/**
 * The caller's relation to the holder, and (only for a supervisor or an administrator of theirs) the
 * requirements and tasks judged by the rules; nothing is judged for anyone else.
 */
export async function badgeStatusFor(
  caller: AuthUser,
  {
    holder,
    inTeam,
    terms,
    facts,
    taskRows,
    userId,
    day,
    now,
  }: NonNullable<Awaited<ReturnType<typeof readBadgeStatus>>>,
) {
  const relation = await relationOf(caller, holder, () => inTeam);
  const full = relation === 'admin' || relation === 'supervisor';
  return {
    holder,
    relation,
    day,
    requirements: full ? requirementStatusFrom([terms, facts], userId, now) : [],
    tasks: full ? taskStatusesOf(taskRows, day) : [],
  };
}
