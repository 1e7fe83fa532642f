/**
 * Task qualifications (issue 30): reading tasks with their named pieces, and judging a supervisor's
 * team against one task on a day. The pieces are read with the compliance matrix's own SQL
 * (evidence.ts: piecesTermsSql, heldPiecesSql, latestCertificateSql, over task_evidence instead of
 * requirement_evidence) and judged with the one task rule (contract/rules/task-qualification.ts),
 * which judges each piece with the compliance rule's pieceState.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import type { TaskDto, TeamQualifiedPerson, TeamQualifiedResponse, TeamTaskDto } from '../contract/tasks';
import { dayRange, lapsesWithin, taskQualification } from '../contract/rules/task-qualification';
import type { Db } from '../db/client';
import { taskEvidence, tasks } from '../db/schema';
import { ApiError } from '../errors';
import { evidenceDto, termEvidence } from './compliance';
import { evidenceFacts, heldPiecesSql, piecesTermsSql, TASK_PIECES, type EvidenceRow } from './evidence';
import { teamCte } from './sites';

const selectTasks = (db: Db) =>
  db
    .select({
      id: tasks.id,
      name: tasks.name,
      description: tasks.description,
      siteId: tasks.siteId,
      siteName: sql<string | null>`(SELECT s.name FROM sites s WHERE s.id = ${tasks.siteId})`,
      evidence: piecesTermsSql(TASK_PIECES, sql`${tasks.id}`),
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
      retiredAt: tasks.retiredAt,
    })
    .from(tasks);

type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];
const toTask = (row: TaskRow): TaskDto => ({ ...row, evidence: termEvidence(row).map(evidenceDto) });

/** Active tasks by name (retired ones after them when asked). */
export async function listTasks(db: Db, includeRetired: boolean): Promise<TaskDto[]> {
  const rows = await selectTasks(db)
    .where(includeRetired ? undefined : sql`${tasks.retiredAt} IS NULL`)
    .orderBy(sql`${tasks.retiredAt} IS NOT NULL`, sql`lower(${tasks.name})`, tasks.createdAt);
  return rows.map(toTask);
}

/** Active tasks by name, as a supervisor picks one (`GET /api/v2/team/tasks`): no pieces, no people. */
export async function teamTaskList(db: Db): Promise<TeamTaskDto[]> {
  return db
    .select({
      id: tasks.id,
      name: tasks.name,
      siteId: tasks.siteId,
      siteName: sql<string | null>`(SELECT s.name FROM sites s WHERE s.id = ${tasks.siteId})`,
    })
    .from(tasks)
    .where(isNull(tasks.retiredAt))
    .orderBy(sql`lower(${tasks.name})`, tasks.id);
}

export async function taskOr404(db: Db, id: string): Promise<TaskDto> {
  const row = await selectTasks(db).where(eq(tasks.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['task.notFound']);
  return toTask(row);
}

/** The statements that replace a task's pieces (for the write's batch). */
export const replaceTaskEvidence = (db: Db, taskId: string, rows: readonly EvidenceRow[]) =>
  [
    db.delete(taskEvidence).where(eq(taskEvidence.taskId, taskId)),
    db
      .insert(taskEvidence)
      .values(rows.map((row) => ({ taskId, kind: row.kind, refId: row.refId, everyDays: row.everyDays ?? null }))),
  ] as const;

const name = sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`;

/**
 * The caller's team (direct and indirect reports, active, never the caller) judged against `task` on
 * `day`: one query reads every person's pieces as of that day. A task at a site asks only the team's
 * people of that site; `siteId` (the supervisor's choice) narrows the team to one site as well.
 */
export async function teamQualified(
  db: Db,
  supervisorId: string,
  task: TaskDto,
  day: string,
  siteId?: string,
): Promise<TeamQualifiedResponse> {
  const dayEnd = new Date(dayRange(day).end).toISOString();
  const rows = await db.all<{ id: string; name: string; username: string; siteName: string | null; held: string }>(
    sql`${teamCte(supervisorId)}
      SELECT u.id AS id, ${name} AS name, u.username AS username, s.name AS siteName,
        ${heldPiecesSql(TASK_PIECES, sql`${task.id}`, { dayEnd })} AS held
      FROM (SELECT DISTINCT id FROM team) t JOIN users u ON u.id = t.id LEFT JOIN sites s ON s.id = u.site_id
      WHERE u.deactivated_at IS NULL AND u.id <> ${supervisorId}
        ${task.siteId ? sql`AND u.site_id = ${task.siteId}` : sql``}
        ${siteId ? sql`AND u.site_id = ${siteId}` : sql``}
      ORDER BY lower(name), u.id`,
  );
  const terms = task.evidence.map((piece) => ({
    kind: piece.kind,
    refId:
      piece.kind === 'course'
        ? piece.courseId
        : piece.kind === 'evaluation'
          ? piece.templateId
          : piece.kind === 'talk'
            ? piece.topicId
            : piece.credentialTypeId,
    name: piece.name,
    everyDays: piece.kind === 'talk' ? piece.everyDays : null,
  }));
  const answer: TeamQualifiedResponse = {
    task: { id: task.id, name: task.name, siteId: task.siteId, siteName: task.siteName },
    date: day,
    qualified: [],
    lapsingWithin7Days: [],
    lapsingWithin30Days: [],
    notQualified: [],
  };
  for (const row of rows) {
    const result = taskQualification(evidenceFacts(terms, null, null, row.held), day);
    const person: TeamQualifiedPerson = {
      id: row.id,
      name: row.name,
      username: row.username,
      siteName: row.siteName,
      status: result.status,
      validUntil: result.validUntil,
      missing: result.missing.map(({ kind, name, status }) => ({ kind, name, status })),
      expiring: result.expiring.map(({ kind, name, status, validUntil }) => ({ kind, name, status, validUntil })),
    };
    if (result.status === 'NOT_QUALIFIED') {
      answer.notQualified.push(person);
      continue;
    }
    answer.qualified.push(person);
    if (lapsesWithin(result, day, 7)) answer.lapsingWithin7Days.push(person);
    if (lapsesWithin(result, day, 30)) answer.lapsingWithin30Days.push(person);
  }
  return answer;
}
