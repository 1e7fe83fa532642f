/**
 * Task qualifications (issue 30): reading tasks with their named pieces (the compliance matrix's own
 * SQL, evidence.ts's piecesTermsSql over task_evidence instead of requirement_evidence). Judging a
 * supervisor's team against a task on a day: task-search.ts.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import type { TaskDto, TeamTaskDto } from '../contract/tasks';
import type { Db } from '../db/client';
import { taskEvidence, tasks } from '../db/schema';
import { ApiError } from '../errors';
import { evidenceDto, termEvidence } from './compliance';
import { piecesTermsSql, TASK_PIECES, type EvidenceRow } from './evidence';

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
export const toTask = (row: TaskRow): TaskDto => ({ ...row, evidence: termEvidence(row).map(evidenceDto) });

/** One task with its named pieces (retired or not), as a query for a batch (the task search's). */
export const taskByIdQuery = (db: Db, id: string) => selectTasks(db).where(eq(tasks.id, id));

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
  const [row] = await taskByIdQuery(db, id);
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
