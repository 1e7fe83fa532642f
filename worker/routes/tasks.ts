import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import { dayOf } from '../services/qualification';
import {
  qualifiedQuery,
  taskBody,
  tasksQuery,
  type TaskBody,
  type TaskDto,
  type TaskEvidenceOptionsResponse,
  type TaskResponse,
  type TasksResponse,
  type TeamTasksResponse,
} from '../contract/tasks';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { tasks } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { inFirstBatch, requireAdmin, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import { resolveEvidence, taskEvidenceOptions, type EvidenceRow } from '../services/evidence';
import { activeSite, assertInSite } from '../services/sites';
import { teamQualifiedKept } from '../services/task-search';
import { listTasks, replaceTaskEvidence, taskOr404, teamTaskList } from '../services/tasks';
import { validate } from '../validate';

/*
 * /api/v2/admin/tasks (issue 30): the tasks people are assigned to and the evidence each needs.
 * Administrators who manage people keep them (requirements are theirs too); a site-limited
 * administrator reads every task and writes only tasks of their own site. Tasks are retired, never
 * deleted. /api/v2/team/tasks/{id}/qualified: who of the caller's team is qualified on a day.
 */

const PROBLEM_MESSAGES = {
  course: REFUSALS['course.notFound'],
  template: REFUSALS['requirement.templateNotFound'],
  credentialType: REFUSALS['requirement.credentialTypeNotFound'],
  talkTopic: REFUSALS['talk.topicNotFound'],
} as const;

/** The site is active and every piece names something usable; returns the rows to store. */
async function checkTask(db: Db, body: TaskBody): Promise<EvidenceRow[]> {
  const [resolved] = await Promise.all([
    resolveEvidence(db, body.evidence),
    body.siteId ? activeSite(db, body.siteId) : null,
  ]);
  if ('problem' in resolved) {
    const message = PROBLEM_MESSAGES[resolved.problem];
    throw new ApiError('VALIDATION_FAILED', message, { fields: { evidence: message } });
  }
  return resolved.rows;
}

const nameTaken = () =>
  new ApiError('CONFLICT', REFUSALS['task.nameTaken'], { fields: { name: REFUSALS['task.nameTaken'] } });

/** What the audit log keeps of a task: its columns and its pieces (kind and id). */
const auditView = (task: Pick<TaskDto, 'name' | 'description' | 'siteId'>, evidence: readonly EvidenceRow[]) => ({
  name: task.name,
  description: task.description,
  siteId: task.siteId,
  evidence: evidence.map(({ kind, refId, everyDays }) =>
    kind === 'talk' ? { kind, refId, everyDays } : { kind, refId },
  ),
});

const rowsOf = (task: TaskDto): EvidenceRow[] =>
  task.evidence.map((piece) =>
    piece.kind === 'course'
      ? { kind: 'course', refId: piece.courseId }
      : piece.kind === 'evaluation'
        ? { kind: 'evaluation', refId: piece.templateId }
        : piece.kind === 'talk'
          ? { kind: 'talk', refId: piece.topicId, everyDays: piece.everyDays }
          : { kind: 'credential', refId: piece.credentialTypeId },
  );

async function activeTask(db: Db, id: string): Promise<TaskDto> {
  const task = await taskOr404(db, id);
  if (task.retiredAt) throw new ApiError('CONFLICT', REFUSALS['task.retired']);
  return task;
}

export const adminTaskRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('userManagement'))
  .get('/', validate('query', tasksQuery), async (c) => {
    const { includeRetired } = c.req.valid('query');
    return c.json<TasksResponse>({ tasks: await listTasks(c.var.db, includeRetired) });
  })
  .post('/', validate('json', taskBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    assertInSite(c.var.user, body);
    const evidence = await checkTask(db, body);
    const id = crypto.randomUUID();
    try {
      await db.batch([
        db.insert(tasks).values({ id, name: body.name, description: body.description, siteId: body.siteId }),
        ...replaceTaskEvidence(db, id, evidence),
        auditInsert(db, {
          actor: c.var.user,
          action: 'TASK_CREATED',
          entityType: 'TASK',
          entityId: id,
          after: auditView(body, evidence),
        }),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return c.json<TaskResponse>({ task: await taskOr404(db, id) }, 201);
  })
  // The picker's choices (before /:id, which would take the name for an id).
  .get('/evidence-options', async (c) => c.json<TaskEvidenceOptionsResponse>(await taskEvidenceOptions(c.var.db)))
  .get('/:id', validate('param', idParam), async (c) => {
    return c.json<TaskResponse>({ task: await taskOr404(c.var.db, c.req.valid('param').id) });
  })
  .put('/:id', validate('param', idParam), validate('json', taskBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const before = await activeTask(db, id);
    assertInSite(c.var.user, before);
    assertInSite(c.var.user, body);
    const evidence = await checkTask(db, body);
    try {
      await db.batch([
        db
          .update(tasks)
          .set({
            name: body.name,
            description: body.description,
            siteId: body.siteId,
            updatedAt: new Date().toISOString(),
          })
          .where(and(eq(tasks.id, id), isNull(tasks.retiredAt))),
        ...replaceTaskEvidence(db, id, evidence),
        auditInsert(db, {
          actor: c.var.user,
          action: 'TASK_UPDATED',
          entityType: 'TASK',
          entityId: id,
          before: auditView(before, rowsOf(before)),
          after: auditView(body, evidence),
        }),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return c.json<TaskResponse>({ task: await taskOr404(db, id) });
  })
  // Retired: no longer listed or asked about; its pieces and audit history stay.
  .post('/:id/retire', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const before = await taskOr404(db, id);
    if (before.retiredAt) throw new ApiError('CONFLICT', REFUSALS['task.alreadyRetired']);
    assertInSite(c.var.user, before);
    const at = new Date().toISOString();
    const [updated] = await db.batch([
      db
        .update(tasks)
        .set({ retiredAt: at, updatedAt: at })
        .where(and(eq(tasks.id, id), isNull(tasks.retiredAt)))
        .returning({ id: tasks.id }),
      auditInsert(db, {
        actor: c.var.user,
        action: 'TASK_RETIRED',
        entityType: 'TASK',
        entityId: id,
        before: auditView(before, rowsOf(before)),
        after: { retiredAt: at },
      }),
    ]);
    if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['task.alreadyRetired']);
    return c.json<TaskResponse>({ task: await taskOr404(db, id) });
  });

export const teamTaskRoutes = new Hono<AppEnv>()
  // Anyone signed in: the active tasks to ask about (names and sites only, nobody's standing).
  .get('/', requireLearner, async (c) => c.json<TeamTasksResponse>({ tasks: await teamTaskList(c.var.db) }))
  // Anyone signed in: the answer names only the caller's direct and indirect reports. One D1 round
  // trip: the session rides in the batch with the task and the answer, or with the counter alone when
  // the isolate keeps this caller's answer (services/task-search.ts, task-search-kept.ts).
  .get(
    '/:id/qualified',
    inFirstBatch(requireLearner),
    validate('param', idParam),
    validate('query', qualifiedQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const { date, siteId, list, page } = c.req.valid('query');
      const day = date ?? dayOf(new Date());
      const { result } = await sessionInFirstBatch(c, (db, supervisorId) =>
        teamQualifiedKept(db, { supervisorId, taskId: id, day, siteId, list, page }),
      );
      // The same JSON as c.json, written once for an answer the isolate keeps and serves again.
      return c.body(result.body(), 200, { 'content-type': 'application/json' });
    },
  );
