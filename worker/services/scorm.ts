import { and, eq, sql } from 'drizzle-orm';
import { scormOutcome, sessionSeconds } from '../contract/rules/scorm';
import {
  SCORM_MESSAGES,
  type ScormCommitBody,
  type ScormCommitResponse,
  type ScormRuntimeSummary,
} from '../contract/scorm';
import type { Db } from '../db/client';
import { componentProgress, materials, scormPackages, scormRuntime } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import {
  assertUnlocked,
  componentContext,
  learningActivityUpsert,
  recomputeCourseProgress,
  type ComponentContext,
} from './progress';

export type ScormPackageRow = typeof scormPackages.$inferSelect;
export type ScormRuntimeRow = typeof scormRuntime.$inferSelect;

/**
 * A learner's SCORM component, once they may act on it: enrolled in its published course and
 * unlocked (the same answers as any component), and the component a SCORM material's.
 */
export async function scormComponent(
  db: Db,
  user: Pick<AuthUser, 'id' | 'role'>,
  componentId: string,
): Promise<{ ctx: ComponentContext; pkg: ScormPackageRow; materialTitle: string }> {
  const ctx = await componentContext(db, user, componentId);
  assertUnlocked(ctx);
  const materialId = ctx.component.type === 'MATERIAL' ? ctx.component.materialId : null;
  const found = materialId
    ? await db
        .select({ pkg: scormPackages, title: materials.title })
        .from(scormPackages)
        .innerJoin(materials, eq(materials.id, scormPackages.materialId))
        .where(eq(scormPackages.materialId, materialId))
        .get()
    : undefined;
  if (!found) throw new ApiError('BAD_REQUEST', SCORM_MESSAGES.notScorm);
  return { ctx, pkg: found.pkg, materialTitle: found.title };
}

export async function runtimeOf(
  db: Db,
  userId: string,
  componentId: string,
  cycle: number,
): Promise<ScormRuntimeRow | null> {
  return (
    (await db
      .select()
      .from(scormRuntime)
      .where(
        and(eq(scormRuntime.userId, userId), eq(scormRuntime.componentId, componentId), eq(scormRuntime.cycle, cycle)),
      )
      .get()) ?? null
  );
}

export function toRuntimeSummary(
  row: Pick<
    ScormRuntimeRow,
    'status' | 'successStatus' | 'score' | 'totalSeconds' | 'sessionSeconds' | 'completedAt' | 'updatedAt'
  > | null,
): ScormRuntimeSummary {
  if (!row)
    return {
      status: 'not attempted',
      successStatus: null,
      score: null,
      totalSeconds: 0,
      completed: false,
      updatedAt: null,
    };
  return {
    status: row.status,
    successStatus: row.successStatus,
    score: row.score,
    totalSeconds: row.totalSeconds + row.sessionSeconds,
    completed: row.completedAt !== null,
    updatedAt: row.updatedAt,
  };
}

/** The stored data a launch resumes from. */

/**
 * Records a commit of a learner's runtime data (from the player, on commit and finish, or from the
 * page-hide beacon) for the learner's current training cycle, and applies what it means to the
 * component: in progress, or complete once the package reports completion (judged against the
 * package's own mastery score, from the manifest, never from the client). A completed component
 * stays complete within its cycle. The runtime row, the component row and the day's activity are
 * one batch; then the course is recomputed, which unlocks the next component and issues the
 * certificate exactly as after a passed assessment.
 */
export async function commitRuntime(
  db: Db,
  user: Pick<AuthUser, 'id' | 'role'>,
  componentId: string,
  body: ScormCommitBody,
  now = new Date(),
): Promise<ScormCommitResponse> {
  const { ctx, pkg } = await scormComponent(db, user, componentId);
  const cycle = ctx.enrollment.cycle;
  const iso = now.toISOString();
  const existing = await runtimeOf(db, user.id, componentId, cycle);
  const outcome = scormOutcome(pkg.version, body.cmi, pkg.masteryScore);
  const session = sessionSeconds(pkg.version, body.cmi);
  // A new session folds the previous session's time into the total; the same session reports its time so far.
  const sameSession = existing?.sessionId === body.sessionId;
  const totalSeconds = existing ? existing.totalSeconds + (sameSession ? 0 : existing.sessionSeconds) : 0;
  const sessionTime = sameSession ? Math.max(existing?.sessionSeconds ?? 0, session) : session;
  const completedAt = existing?.completedAt ?? (outcome.completed ? iso : null);
  const values = {
    version: pkg.version,
    cmi: body.cmi,
    status: outcome.status,
    successStatus: outcome.successStatus,
    // A completed package keeps the score it completed with unless it reports a better one.
    score:
      existing?.completedAt && existing.score !== null && (outcome.score === null || outcome.score < existing.score)
        ? existing.score
        : outcome.score,
    sessionId: body.sessionId,
    sessionSeconds: sessionTime,
    totalSeconds,
    completedAt,
    updatedAt: iso,
  };
  const completed = completedAt !== null;
  const added = Math.max(0, sessionTime - (sameSession ? (existing?.sessionSeconds ?? 0) : 0));
  await db.batch([
    db
      .insert(scormRuntime)
      .values({
        id: crypto.randomUUID(),
        userId: user.id,
        courseId: ctx.course.id,
        componentId,
        cycle,
        createdAt: iso,
        ...values,
      })
      .onConflictDoUpdate({ target: [scormRuntime.userId, scormRuntime.componentId, scormRuntime.cycle], set: values }),
    db
      .update(componentProgress)
      .set({
        status: completed
          ? 'COMPLETED'
          : sql`CASE WHEN ${componentProgress.status} = 'COMPLETED' THEN 'COMPLETED' ELSE 'IN_PROGRESS' END`,
        progressPercentage: completed ? 100 : sql`max(${componentProgress.progressPercentage}, 0)`,
        ...(values.score !== null ? { score: values.score } : {}),
        timeSpentSeconds: totalSeconds + sessionTime,
        startedAt: sql`coalesce(${componentProgress.startedAt}, ${iso})`,
        completedAt: completed
          ? sql`coalesce(${componentProgress.completedAt}, ${iso})`
          : componentProgress.completedAt,
        lastAccessedAt: iso,
      })
      .where(eq(componentProgress.id, ctx.row.id)),
    learningActivityUpsert(db, user.id, now, added),
  ]);
  await recomputeCourseProgress(db, user.id, ctx.course.id, now, { accessed: true });
  const row = await db.select().from(componentProgress).where(eq(componentProgress.id, ctx.row.id)).get();
  return {
    summary: toRuntimeSummary({ ...values, status: values.status }),
    componentStatus: row?.status ?? 'IN_PROGRESS',
    progressPercentage: row?.progressPercentage ?? 0,
  };
}
