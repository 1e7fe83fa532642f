import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  attemptsQuery,
  auditLogQuery,
  canIntervene,
  interventionBody,
  INTERVENTION_MESSAGES,
  markPassedQuery,
  type AssessmentSummary,
  type AttemptRow,
  type AttemptsPage,
  type AuditEntry,
  type AuditLogPage,
} from '../contract/admin-people';
import { MAX_ATTEMPTS } from '../contract/course';
import { idString } from '../contract/common';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { containsText, paginate, zeroBasedPage } from '../db/paginate';
import { attempts, auditLog, componentProgress } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { currentCycleOf, inCurrentCycle } from '../services/assessments';
import { auditInsert } from '../services/audit';
import { recomputeCourseProgress } from '../services/progress';
import { validate } from '../validate';

const interventionParams = v.object({ componentId: idString, userId: idString });

interface RawRow {
  id: string;
  userId: string;
  username: string;
  email: string;
  componentId: string;
  componentTitle: string | null;
  courseId: string;
  courseTitle: string;
  domainId: string;
  domainName: string;
  used: number;
  maxAttempts: number | null;
  score: number | null;
  passed: number;
  adminPassed: number;
  startedAt: string;
  submittedAt: string | null;
  progressStatus: AttemptRow['progressStatus'];
  progressScore: number | null;
}

/**
 * One row per learner and assessment with at least one submitted attempt: the latest attempt, how
 * many of the learner's own attempts are used, and whether any attempt passed. An administrator's
 * Mark as Passed is stored as an attempt with submit_reason ADMIN and does not count as used.
 */
const BASE = sql`
  WITH agg AS (
    SELECT a.user_id AS userId, a.component_id AS componentId,
      sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
      max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
      max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS adminPassed,
      (SELECT x.id FROM assessment_attempts x
        WHERE x.user_id = a.user_id AND x.component_id = a.component_id AND x.cycle = a.cycle AND x.submitted_at IS NOT NULL
        ORDER BY x.attempt_number DESC LIMIT 1) AS latestId
    FROM assessment_attempts a
    WHERE a.submitted_at IS NOT NULL
      AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
    GROUP BY a.user_id, a.component_id
  )
  SELECT l.id AS id, agg.userId AS userId, u.username AS username, u.email AS email,
    agg.componentId AS componentId, json_extract(cc.data, '$.title') AS componentTitle,
    c.id AS courseId, c.title AS courseTitle, d.id AS domainId, d.name AS domainName,
    agg.used AS used, json_extract(cc.data, '$.maxAttempts') AS maxAttempts,
    l.score AS score, agg.passed AS passed, agg.adminPassed AS adminPassed,
    l.started_at AS startedAt, l.submitted_at AS submittedAt,
    cp.status AS progressStatus, cp.score AS progressScore
  FROM agg
  JOIN assessment_attempts l ON l.id = agg.latestId
  JOIN users u ON u.id = agg.userId
  JOIN course_components cc ON cc.id = agg.componentId
  JOIN courses c ON c.id = cc.course_id
  JOIN domains d ON d.id = c.domain_id
  LEFT JOIN component_progress cp ON cp.user_id = agg.userId AND cp.component_id = agg.componentId`;

const MAX = sql`coalesce(json_extract(cc.data, '$.maxAttempts'), ${MAX_ATTEMPTS})`;

function toRow(raw: RawRow): AttemptRow {
  const maxAttempts = Number(raw.maxAttempts) || MAX_ATTEMPTS;
  const used = Number(raw.used);
  const base = {
    id: raw.id,
    userId: raw.userId,
    username: raw.username,
    email: raw.email,
    componentId: raw.componentId,
    componentTitle: raw.componentTitle ?? 'Assessment',
    courseId: raw.courseId,
    courseTitle: raw.courseTitle,
    domainId: raw.domainId,
    domainName: raw.domainName,
    attemptNumber: used,
    maxAttempts,
    score: raw.score,
    passed: raw.passed === 1,
    startedAt: raw.startedAt,
    submittedAt: raw.submittedAt,
    progressStatus: raw.progressStatus ?? null,
    progressScore: raw.progressScore,
    remainingAttempts: Math.max(0, maxAttempts - used),
    markedByAdmin: raw.adminPassed === 1,
  };
  return { ...base, canAdminIntervene: canIntervene(base) };
}

function where(conditions: SQL[]): SQL {
  return conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

async function loadRow(db: Db, componentId: string, userId: string): Promise<AttemptRow | null> {
  const rows = await db.all<RawRow>(sql`${BASE}${where([sql`agg.componentId = ${componentId}`, sql`agg.userId = ${userId}`])}`);
  return rows[0] ? toRow(rows[0]) : null;
}

async function attemptsOf(db: Db, componentId: string, userId: string) {
  return db
    .select({ attemptNumber: attempts.attemptNumber, score: attempts.score, passed: attempts.passed, submittedAt: attempts.submittedAt, submitReason: attempts.submitReason })
    .from(attempts)
    .where(and(eq(attempts.componentId, componentId), eq(attempts.userId, userId), inCurrentCycle))
    .orderBy(attempts.attemptNumber);
}

async function progressOf(db: Db, componentId: string, userId: string) {
  return db
    .select({ status: componentProgress.status, score: componentProgress.score, attempts: componentProgress.attempts, progressPercentage: componentProgress.progressPercentage })
    .from(componentProgress)
    .where(and(eq(componentProgress.componentId, componentId), eq(componentProgress.userId, userId)))
    .get();
}

/** The row an intervention acts on: 404 when there is none, 409 when the rules do not allow one. */
async function interventionTarget(db: Db, componentId: string, userId: string): Promise<AttemptRow> {
  const row = await loadRow(db, componentId, userId);
  if (!row) throw new ApiError('NOT_FOUND', INTERVENTION_MESSAGES.notFound);
  if (!row.canAdminIntervene) throw new ApiError('CONFLICT', INTERVENTION_MESSAGES.notAllowed);
  return row;
}


// Admin only: guarded by prefix in app.ts.
export const adminAssessments = new Hono<AppEnv>()
  .get('/attempts', validate('query', attemptsQuery), async (c) => {
    const q = c.req.valid('query');
    const conditions: SQL[] = [];
    if (q.status === 'PASSED') conditions.push(sql`agg.passed = 1`);
    // "Failed (Max Attempts)": never passed and every allowed attempt used.
    if (q.status === 'FAILED') conditions.push(sql`agg.passed = 0 AND agg.used >= ${MAX}`);
    if (q.domainId) conditions.push(sql`d.id = ${q.domainId}`);
    if (q.courseId) conditions.push(sql`c.id = ${q.courseId}`);
    if (q.userId) conditions.push(sql`u.id = ${q.userId}`);
    const matches = containsText(q.search, [sql`u.username`, sql`u.email`, sql`json_extract(cc.data, '$.title')`, sql`c.title`]);
    if (matches) conditions.push(matches);
    const filtered = sql`${BASE}${where(conditions)}`;
    const db = c.var.db;
    const [countRows, rows] = await Promise.all([
      db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${filtered})`),
      db.all<RawRow>(sql`${filtered} ORDER BY l.submitted_at DESC, l.id LIMIT ${q.size} OFFSET ${q.page * q.size}`),
    ]);
    return c.json({ attempts: rows.map(toRow), ...zeroBasedPage(q.page, q.size, Number(countRows[0]?.n ?? 0)) } satisfies AttemptsPage);
  })

  .get('/summary', async (c) => {
    const db = c.var.db;
    const learnerAttempt = sql`a.submitted_at IS NOT NULL AND coalesce(a.submit_reason, '') <> 'ADMIN'`;
    const [totals, failing] = await Promise.all([
      db.all<{ total: number; passed: number }>(
        sql`SELECT count(*) AS total, coalesce(sum(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END), 0) AS passed FROM assessment_attempts a WHERE ${learnerAttempt}`,
      ),
      db.all<{ componentId: string; componentTitle: string | null; courseTitle: string; failedAttempts: number }>(sql`
        SELECT a.component_id AS componentId, json_extract(cc.data, '$.title') AS componentTitle, c.title AS courseTitle, count(*) AS failedAttempts
        FROM assessment_attempts a
        JOIN course_components cc ON cc.id = a.component_id
        JOIN courses c ON c.id = cc.course_id
        WHERE ${learnerAttempt} AND coalesce(a.passed, 0) = 0
        GROUP BY a.component_id
        ORDER BY failedAttempts DESC, componentTitle
        LIMIT 5`),
    ]);
    const total = Number(totals[0]?.total ?? 0);
    const passed = Number(totals[0]?.passed ?? 0);
    return c.json({
      totalAttempts: total,
      passedAttempts: passed,
      failedAttempts: total - passed,
      topFailingComponents: failing.map((f) => ({ ...f, componentTitle: f.componentTitle ?? 'Assessment', failedAttempts: Number(f.failedAttempts) })),
    } satisfies AssessmentSummary);
  })

  .get('/audit-log', validate('query', auditLogQuery), async (c) => {
    const { page, size, search } = c.req.valid('query');
    const db = c.var.db;
    const where = containsText(search, [auditLog.action, auditLog.actorUsername, auditLog.targetUsername, auditLog.reason]);
    const { items, pagination } = await paginate(
      db,
      { page: page + 1, limit: size },
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(size).offset(page * size),
      db.select({ n: count() }).from(auditLog).where(where),
    );
    return c.json({
      entries: items.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null }) satisfies AuditEntry),
      ...zeroBasedPage(page, size, pagination.totalItems),
    } satisfies AuditLogPage);
  })

  .post('/:componentId/users/:userId/reset', validate('param', interventionParams), validate('json', interventionBody), async (c) => {
    const { componentId, userId } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const db = c.var.db;
    const row = await interventionTarget(db, componentId, userId);
    const [beforeAttempts, beforeProgress] = await Promise.all([attemptsOf(db, componentId, userId), progressOf(db, componentId, userId)]);
    const now = new Date();
    const iso = now.toISOString();
    // The change and its audit record in one transaction.
    await db.batch([
      // Only the current cycle's attempts: earlier cycles are the learner's training history.
      db.delete(attempts).where(and(eq(attempts.componentId, componentId), eq(attempts.userId, userId), inCurrentCycle)),
      db
        .update(componentProgress)
        .set({ status: 'NOT_STARTED', attempts: 0, score: null, progressPercentage: 0, completedAt: null, lastAccessedAt: iso })
        .where(and(eq(componentProgress.componentId, componentId), eq(componentProgress.userId, userId))),
      auditInsert(db, {
        actor: c.var.user,
        action: 'ASSESSMENT_RESET',
        target: { id: userId, username: row.username },
        entityType: 'COMPONENT',
        entityId: componentId,
        reason,
        before: { attempts: beforeAttempts, progress: beforeProgress ?? null },
        after: { attempts: [], progress: { status: 'NOT_STARTED', score: null, attempts: 0, progressPercentage: 0 } },
        at: now,
      }),
    ]);
    await recomputeCourseProgress(db, userId, row.courseId, now);
    return c.json({ message: INTERVENTION_MESSAGES.resetDone });
  })

  .post('/:componentId/users/:userId/pass', validate('param', interventionParams), validate('query', markPassedQuery), validate('json', interventionBody), async (c) => {
    const { componentId, userId } = c.req.valid('param');
    const { score } = c.req.valid('query');
    const { reason } = c.req.valid('json');
    const db = c.var.db;
    const row = await interventionTarget(db, componentId, userId);
    const [beforeAttempts, beforeProgress] = await Promise.all([attemptsOf(db, componentId, userId), progressOf(db, componentId, userId)]);
    const nextNumber = Math.max(0, ...beforeAttempts.map((a) => a.attemptNumber)) + 1;
    const now = new Date();
    const iso = now.toISOString();
    // The learner's own attempts stay as they were; the pass is a separate attempt marked ADMIN,
    // so every view (attempt history, latest attempt, reports) sees the same passing result.
    try {
      await db.batch([
        db.insert(attempts).values({
          id: crypto.randomUUID(),
          userId,
          courseId: row.courseId,
          componentId,
          attemptNumber: nextNumber,
          cycle: currentCycleOf(userId, row.courseId),
          startedAt: iso,
          submittedAt: iso,
          submitReason: 'ADMIN',
          score,
          passed: true,
        }),
        db
          .insert(componentProgress)
          .values({ id: crypto.randomUUID(), userId, courseId: row.courseId, componentId, status: 'COMPLETED', progressPercentage: 100, score, attempts: beforeProgress?.attempts ?? row.attemptNumber, startedAt: iso, completedAt: iso, lastAccessedAt: iso })
          .onConflictDoUpdate({
            target: [componentProgress.userId, componentProgress.componentId],
            set: { status: 'COMPLETED', progressPercentage: 100, score, completedAt: iso, lastAccessedAt: iso },
          }),
        auditInsert(db, {
          actor: c.var.user,
          action: 'ASSESSMENT_MARK_PASSED',
          target: { id: userId, username: row.username },
          entityType: 'COMPONENT',
          entityId: componentId,
          reason,
          before: { attempts: beforeAttempts, progress: beforeProgress ?? null },
          after: { score, passed: true, attemptNumber: nextNumber, progress: { status: 'COMPLETED', score, progressPercentage: 100 } },
          at: now,
        }),
      ]);
    } catch (error) {
      // Two admins at once: the attempt number is taken, and nothing of this request was written.
      if (isUniqueViolation(error)) throw new ApiError('CONFLICT', INTERVENTION_MESSAGES.notAllowed);
      throw error;
    }
    await recomputeCourseProgress(db, userId, row.courseId, now);
    return c.json({ message: INTERVENTION_MESSAGES.passedDone });
  });
