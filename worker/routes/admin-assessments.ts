import { and, eq, sql, type SQL } from 'drizzle-orm';
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
} from '../contract/admin-assessments';
import { MAX_ATTEMPTS } from '../contract/course';
import { attemptsLeft } from '../contract/assessments';
import { idString } from '../contract/common';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { containsText, paginate, zeroBasedPage } from '../db/paginate';
import { attempts, componentProgress } from '../db/schema';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/auth';
import { ApiError } from '../errors';
import { canRetrySql, currentCycleOf, inCurrentCycle } from '../services/assessments';
import { forgetAdminSnapshots, readSnapshot, siteSnapshotKey, SNAPSHOT_TTL } from '../services/admin-snapshots';
import { type AuditActor, type AuditRecord, auditInsert } from '../services/audit';
import { auditLogQueries } from '../services/audit-log';
import { assertPersonInSite, personInSite } from '../services/sites';
import { courseLanguageOf, recomputeCourseProgress } from '../services/progress';
import { userSearch } from '../services/users';
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
 * One row per learner and assessment with at least one submitted attempt in the current cycle: the
 * latest attempt, how many of the learner's own attempts are used, and whether any attempt passed.
 * An administrator's Mark as Passed is stored as an attempt with submit_reason ADMIN and does not
 * count as used. The per-pair figures live in assessment_outcomes (kept by triggers, migration
 * 0005), so a page reads an index in submission order and joins only its own rows.
 */
const BASE = sql`
  SELECT l.id AS id, o.user_id AS userId, u.username AS username, u.email AS email,
    o.component_id AS componentId, json_extract(cc.data, '$.title') AS componentTitle,
    c.id AS courseId, c.title AS courseTitle, d.id AS domainId, d.name AS domainName,
    o.used AS used, json_extract(cc.data, '$.maxAttempts') AS maxAttempts,
    l.score AS score, o.passed AS passed, o.admin_passed AS adminPassed,
    l.started_at AS startedAt, l.submitted_at AS submittedAt,
    cp.status AS progressStatus, cp.score AS progressScore
  FROM assessment_outcomes o
  JOIN assessment_attempts l ON l.id = o.latest_attempt_id
  JOIN users u ON u.id = o.user_id
  JOIN course_components cc ON cc.id = o.component_id
  JOIN courses c ON c.id = cc.course_id
  JOIN domains d ON d.id = c.domain_id
  LEFT JOIN component_progress cp ON cp.user_id = o.user_id AND cp.component_id = o.component_id`;

const MAX = sql`(SELECT coalesce(json_extract(m.data, '$.maxAttempts'), ${MAX_ATTEMPTS}) FROM course_components m WHERE m.id = o.component_id)`;

/** The oversight page's filters (the query string) and the caller's site limit. */
interface AttemptFilters {
  status?: string;
  domainId?: string;
  courseId?: string;
  userId?: string;
  search?: string;
  siteLimit?: string | null;
}

/**
 * The oversight filters as conditions on assessment_outcomes alone, so the count never joins:
 * book, course and learner by index; the search matches learners (users search), assessment titles
 * and course titles, each a small id set.
 */
export function attemptConditions(q: AttemptFilters): SQL[] {
  const conditions: SQL[] = [];
  // A site-limited administrator's learners only (a condition of the count too, so pages agree).
  const inSite = personInSite(q, sql`o.user_id`);
  if (inSite) conditions.push(inSite);
  if (q.status === 'PASSED') conditions.push(sql`o.passed = 1`);
  // "Failed (Max Attempts)": never passed, and the attempt limit allows no other.
  if (q.status === 'FAILED') {
    const canRetry = canRetrySql({ passed: sql`o.passed`, maxAttempts: MAX, usedAttempts: sql`o.used` });
    conditions.push(sql`o.passed = 0 AND NOT ${canRetry}`);
  }
  if (q.domainId) conditions.push(sql`o.course_id IN (SELECT k.id FROM courses k WHERE k.domain_id = ${q.domainId})`);
  if (q.courseId) conditions.push(sql`o.course_id = ${q.courseId}`);
  if (q.userId) conditions.push(sql`o.user_id = ${q.userId}`);
  const people = userSearch(q.search);
  if (people) {
    const components = containsText(q.search, [sql`json_extract(k.data, '$.title')`]);
    const titles = containsText(q.search, [sql`k.title`]);
    // A union of three indexed reads (by learner, by the assessment's course, by course), not an
    // OR, which SQLite answers by reading every outcome.
    conditions.push(sql`o.rowid IN (
      SELECT so.rowid FROM assessment_outcomes so WHERE so.user_id IN (SELECT users.id FROM users WHERE ${people})
      UNION SELECT so.rowid FROM course_components k CROSS JOIN assessment_outcomes so ON so.course_id = k.course_id AND so.component_id = k.id
        WHERE k.type IN ('PRE_ASSESSMENT', 'POST_ASSESSMENT') AND ${components}
      UNION SELECT so.rowid FROM assessment_outcomes so WHERE so.course_id IN (SELECT k.id FROM courses k WHERE ${titles}))`);
  }
  return conditions;
}

/** The oversight page and its count, as the route runs them (exported for the query-plan test). */
export function attemptsPageQueries(
  q: AttemptFilters & {
    page: number;
    size: number;
  },
) {
  const filter = where(attemptConditions(q));
  return {
    rows: sql`${BASE}${filter} ORDER BY o.latest_submitted_at DESC, o.latest_attempt_id DESC LIMIT ${q.size} OFFSET ${q.page * q.size}`,
    count: sql`SELECT count(*) AS n FROM assessment_outcomes o${filter}`,
  };
}

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
    remainingAttempts: attemptsLeft(maxAttempts, used),
    markedByAdmin: raw.adminPassed === 1,
  };
  return { ...base, canAdminIntervene: canIntervene(base) };
}

function where(conditions: SQL[]): SQL {
  return conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

async function loadRow(db: Db, componentId: string, userId: string): Promise<AttemptRow | null> {
  const rows = await db.all<RawRow>(
    sql`${BASE}${where([sql`o.component_id = ${componentId}`, sql`o.user_id = ${userId}`])}`,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * The row an intervention acts on (404 when there is none, 409 when the rules do not allow one),
 * with what the learner's current cycle holds before it: the attempts and the progress row, and
 * the intervention's audit entry, which records them as its "before".
 */
async function interventionTarget(db: Db, componentId: string, userId: string) {
  const row = await loadRow(db, componentId, userId);
  if (!row) throw new ApiError('NOT_FOUND', INTERVENTION_MESSAGES.notFound);
  if (!row.canAdminIntervene) throw new ApiError('CONFLICT', INTERVENTION_MESSAGES.notAllowed);
  const [beforeAttempts, [beforeProgress]] = await db.batch([
    db
      .select({
        attemptNumber: attempts.attemptNumber,
        score: attempts.score,
        passed: attempts.passed,
        submittedAt: attempts.submittedAt,
        submitReason: attempts.submitReason,
      })
      .from(attempts)
      .where(and(eq(attempts.componentId, componentId), eq(attempts.userId, userId), inCurrentCycle))
      .orderBy(attempts.attemptNumber),
    db
      .select({
        status: componentProgress.status,
        score: componentProgress.score,
        attempts: componentProgress.attempts,
        progressPercentage: componentProgress.progressPercentage,
      })
      .from(componentProgress)
      .where(and(eq(componentProgress.componentId, componentId), eq(componentProgress.userId, userId)))
      .limit(1),
  ]);
  const audit = (actor: AuditActor, entry: Pick<AuditRecord, 'action' | 'reason' | 'after' | 'at'>) =>
    auditInsert(db, {
      actor,
      target: { id: userId, username: row.username },
      entityType: 'COMPONENT',
      entityId: componentId,
      before: { attempts: beforeAttempts, progress: beforeProgress ?? null },
      ...entry,
    });
  return { row, beforeAttempts, beforeProgress, audit };
}

async function assessmentSummary(db: Db, user: AppEnv['Variables']['user']): Promise<AssessmentSummary> {
  const learnerAttempt = sql`a.submitted_at IS NOT NULL AND coalesce(a.submit_reason, '') <> 'ADMIN'${
    user.siteLimit ? sql` AND ${personInSite(user, sql`a.user_id`)}` : sql``
  }`;
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
  return {
    totalAttempts: total,
    passedAttempts: passed,
    failedAttempts: total - passed,
    topFailingComponents: failing.map((f) => ({
      ...f,
      componentTitle: f.componentTitle ?? 'Assessment',
      failedAttempts: Number(f.failedAttempts),
    })),
  };
}

// Assessment results and interventions, for administrators with User Management.
export const adminAssessments = new Hono<AppEnv>()
  .use('*', requireAdmin('userManagement'))
  .get('/attempts', validate('query', attemptsQuery), async (c) => {
    const q = c.req.valid('query');
    const { rows: page, count: counted } = attemptsPageQueries({ ...q, siteLimit: c.var.user.siteLimit });
    const db = c.var.db;
    const [countRows, rows] = await Promise.all([db.all<{ n: number }>(counted), db.all<RawRow>(page)]);
    return c.json({
      attempts: rows.map(toRow),
      ...zeroBasedPage(q.page, q.size, Number(countRows[0]?.n ?? 0)),
    } satisfies AttemptsPage);
  })

  // Totals over every attempt: a snapshot (services/admin-snapshots.ts), forgotten by interventions.
  .get('/summary', async (c) =>
    c.json(
      await readSnapshot(
        c.var.db,
        siteSnapshotKey('assessments:summary', c.var.user),
        SNAPSHOT_TTL.assessmentSummary,
        () => assessmentSummary(c.var.db, c.var.user),
      ),
    ),
  )

  .get('/audit-log', validate('query', auditLogQuery), async (c) => {
    const { page, size, search } = c.req.valid('query');
    const db = c.var.db;
    const { rows, count: counted } = auditLogQueries(db, { page, size, search, siteLimit: c.var.user.siteLimit });
    const { items, pagination } = await paginate(db, { page: page + 1, limit: size }, rows, counted);
    return c.json({
      entries: items.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null }) satisfies AuditEntry),
      ...zeroBasedPage(page, size, pagination.totalItems),
    } satisfies AuditLogPage);
  })

  .post(
    '/:componentId/users/:userId/reset',
    validate('param', interventionParams),
    validate('json', interventionBody),
    async (c) => {
      const { componentId, userId } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const db = c.var.db;
      await assertPersonInSite(db, c.var.user, userId);
      const { row, audit } = await interventionTarget(db, componentId, userId);
      const now = new Date();
      const iso = now.toISOString();
      // The change and its audit record in one transaction.
      await db.batch([
        // Only the current cycle's attempts: earlier cycles are the learner's training history.
        db
          .delete(attempts)
          .where(and(eq(attempts.componentId, componentId), eq(attempts.userId, userId), inCurrentCycle)),
        db
          .update(componentProgress)
          .set({
            status: 'NOT_STARTED',
            attempts: 0,
            score: null,
            progressPercentage: 0,
            completedAt: null,
            lastAccessedAt: iso,
          })
          .where(and(eq(componentProgress.componentId, componentId), eq(componentProgress.userId, userId))),
        audit(c.var.user, {
          action: 'ASSESSMENT_RESET',
          reason,
          after: { attempts: [], progress: { status: 'NOT_STARTED', score: null, attempts: 0, progressPercentage: 0 } },
          at: now,
        }),
        forgetAdminSnapshots(db),
      ]);
      await recomputeCourseProgress(db, userId, row.courseId, now);
      return c.json({ message: INTERVENTION_MESSAGES.resetDone });
    },
  )

  .post(
    '/:componentId/users/:userId/pass',
    validate('param', interventionParams),
    validate('query', markPassedQuery),
    validate('json', interventionBody),
    async (c) => {
      const { componentId, userId } = c.req.valid('param');
      const { score } = c.req.valid('query');
      const { reason } = c.req.valid('json');
      const db = c.var.db;
      await assertPersonInSite(db, c.var.user, userId);
      const { row, beforeAttempts, beforeProgress, audit } = await interventionTarget(db, componentId, userId);
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
            language: courseLanguageOf(row.courseId),
            startedAt: iso,
            submittedAt: iso,
            submitReason: 'ADMIN',
            score,
            passed: true,
          }),
          db
            .insert(componentProgress)
            .values({
              id: crypto.randomUUID(),
              userId,
              courseId: row.courseId,
              componentId,
              status: 'COMPLETED',
              progressPercentage: 100,
              score,
              attempts: beforeProgress?.attempts ?? row.attemptNumber,
              startedAt: iso,
              completedAt: iso,
              lastAccessedAt: iso,
            })
            .onConflictDoUpdate({
              target: [componentProgress.userId, componentProgress.componentId],
              set: { status: 'COMPLETED', progressPercentage: 100, score, completedAt: iso, lastAccessedAt: iso },
            }),
          audit(c.var.user, {
            action: 'ASSESSMENT_MARK_PASSED',
            reason,
            after: {
              score,
              passed: true,
              attemptNumber: nextNumber,
              progress: { status: 'COMPLETED', score, progressPercentage: 100 },
            },
            at: now,
          }),
          forgetAdminSnapshots(db),
        ]);
      } catch (error) {
        // Two admins at once: the attempt number is taken, and nothing of this request was written.
        if (isUniqueViolation(error)) throw new ApiError('CONFLICT', INTERVENTION_MESSAGES.notAllowed);
        throw error;
      }
      await recomputeCourseProgress(db, userId, row.courseId, now);
      return c.json({ message: INTERVENTION_MESSAGES.passedDone });
    },
  );
