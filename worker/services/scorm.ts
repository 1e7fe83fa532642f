import { and, eq, min, sql, type SQL } from 'drizzle-orm';
import { scoreProblem, scormMinimumSeconds, scormOutcome, sessionSeconds } from '../contract/rules/scorm';
import {
  SCORM_MESSAGES,
  type ScormCommitBody,
  type ScormCommitResponse,
  type ScormRuntimeSummary,
} from '../contract/scorm';
import type { Db } from '../db/client';
import { componentProgress, materials, scormLaunches, scormPackages, scormRuntime } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { scormSessionSignature } from './material-links';
import {
  assertUnlocked,
  componentContext,
  componentContextQueries,
  courseAfterStep,
  settleCourseAfterStep,
  courseOfComponent,
  learningActivityUpsert,
  stepCertificateQuery,
  type ComponentContext,
  type ContextRows,
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
  const [c0, c1, c2, c3, c4, c5, packages] = await db.batch([
    ...componentContextQueries(db, user.id, componentId),
    scormPackageQuery(db, componentId),
  ]);
  return scormComponentOf(db, user, componentId, [c0, c1, c2, c3, c4, c5], packages);
}

/** The package of a component's material (none for another component), batch-safe. */
const scormPackageQuery = (db: Db, componentId: string) =>
  db
    .select({ pkg: scormPackages, title: materials.title })
    .from(scormPackages)
    .innerJoin(materials, eq(materials.id, scormPackages.materialId))
    .where(
      eq(
        scormPackages.materialId,
        sql`(SELECT cc.material_id FROM course_components cc WHERE cc.id = ${componentId} AND cc.type = 'MATERIAL')`,
      ),
    )
    .limit(1);

async function scormComponentOf(
  db: Db,
  user: Pick<AuthUser, 'id' | 'role'>,
  componentId: string,
  rows: ContextRows,
  packages: Awaited<ReturnType<typeof scormPackageQuery>>,
) {
  const ctx = await componentContext(db, user, componentId, rows);
  assertUnlocked(ctx);
  const [found] = packages;
  if (!found) throw new ApiError('BAD_REQUEST', SCORM_MESSAGES.notScorm);
  return { ctx, pkg: found.pkg, materialTitle: found.title };
}

/** The key a learner's SCORM rows are read by (runtime data, launches): one component in one training cycle. */
function learnerStepInCycle(
  table: typeof scormRuntime | typeof scormLaunches,
  userId: string,
  componentId: string,
  cycle: number | SQL,
) {
  return and(eq(table.userId, userId), eq(table.componentId, componentId), eq(table.cycle, cycle));
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
      .where(learnerStepInCycle(scormRuntime, userId, componentId, cycle))
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

/** The minimum time of a component's package: from the manifest, else the component's setting (rules/scorm.ts). */
export const minimumOf = (pkg: ScormPackageRow, ctx: ComponentContext) =>
  scormMinimumSeconds(pkg.typicalLearningSeconds, (ctx.component.data as Record<string, unknown>).scormMinimumSeconds);

/**
 * Records a launch: the server's start time and the training cycle, under a session id that carries
 * its own signature (random part + HMAC of learner, component, cycle and random part), so a session
 * id the Worker did not issue is refused before any lookup.
 */
export async function recordLaunch(
  db: Db,
  secret: string,
  launch: { userId: string; componentId: string; cycle: number },
  now = new Date(),
): Promise<string> {
  const random = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  const signature = await scormSessionSignature(secret, [
    launch.userId,
    launch.componentId,
    String(launch.cycle),
    random,
  ]);
  const id = `${random}-${launch.cycle}-${signature}`;
  await db.insert(scormLaunches).values({ id, ...launch, startedAt: now.toISOString() });
  return id;
}

/** Whether the Worker issued this session id for this learner and component (its signature; no lookup). */
async function issuedSession(secret: string, sessionId: string, userId: string, componentId: string) {
  const match = /^([0-9a-f]{16})-(\d{1,7})-([A-Za-z0-9-]{32})$/.exec(sessionId);
  if (!match) return false;
  const expected = await scormSessionSignature(secret, [userId, componentId, match[2], match[1]]);
  return expected === match[3];
}

/**
 * Every read a commit needs, for one batch (the session's, under the learner's guard): the
 * component's context, its package, the launch behind the session id, the current cycle's runtime
 * row and the cycle's first launch. A commit is two round trips: this and its write batch.
 */
export function commitReads(db: Db, userId: string, componentId: string, sessionId: string) {
  const cycle = sql`(SELECT cp.cycle FROM course_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseOfComponent(componentId)})`;
  return db.batch([
    ...componentContextQueries(db, userId, componentId),
    scormPackageQuery(db, componentId),
    db.select().from(scormLaunches).where(eq(scormLaunches.id, sessionId)).limit(1),
    db
      .select()
      .from(scormRuntime)
      .where(learnerStepInCycle(scormRuntime, userId, componentId, cycle))
      .limit(1),
    db
      .select({ at: min(scormLaunches.startedAt) })
      .from(scormLaunches)
      .where(learnerStepInCycle(scormLaunches, userId, componentId, cycle)),
    stepCertificateQuery(db, userId, componentId),
  ]);
}

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
  secret: string,
  user: Pick<AuthUser, 'id' | 'role'>,
  componentId: string,
  body: ScormCommitBody,
  reads: Awaited<ReturnType<typeof commitReads>>,
  now = new Date(),
): Promise<ScormCommitResponse> {
  const [c0, c1, c2, c3, c4, c5, packages, [launchRow], [runtimeRow], [first], [certificate]] = reads;
  const { ctx, pkg } = await scormComponentOf(db, user, componentId, [c0, c1, c2, c3, c4, c5], packages);
  const cycle = ctx.enrollment.cycle;
  const issued = await issuedSession(secret, body.sessionId, user.id, componentId);
  const launch =
    issued && launchRow && launchRow.userId === user.id && launchRow.componentId === componentId ? launchRow : null;
  if (!launch) throw new ApiError('CONFLICT', SCORM_MESSAGES.unknownSession);
  // A player left open from an earlier cycle (or a replayed beacon) must not complete the new one.
  if (launch.cycle !== cycle || (body.cycle !== undefined && body.cycle !== cycle))
    throw new ApiError('CONFLICT', SCORM_MESSAGES.staleCycle);
  const reported = sessionSeconds(pkg.version, body.cmi);
  if (reported === null) throw new ApiError('VALIDATION_FAILED', SCORM_MESSAGES.badDuration);
  const problem = scoreProblem(pkg.version, body.cmi);
  if (problem)
    throw new ApiError(
      'VALIDATION_FAILED',
      problem === 'range' ? SCORM_MESSAGES.scoreRange : SCORM_MESSAGES.scoreInteractions,
    );
  const iso = now.toISOString();
  // The session cannot have lasted longer than the wall clock since its launch.
  const elapsed = Math.max(0, Math.floor((now.getTime() - Date.parse(launch.startedAt)) / 1000));
  const session = Math.min(reported, elapsed);
  const existing = runtimeRow;
  const outcome = scormOutcome(pkg.version, body.cmi, pkg.masteryScore);
  // A new session folds the previous session's time into the total; the same session reports its time so far.
  const sameSession = existing?.sessionId === body.sessionId;
  const totalSeconds = existing ? existing.totalSeconds + (sameSession ? 0 : existing.sessionSeconds) : 0;
  const sessionTime = sameSession ? Math.max(existing?.sessionSeconds ?? 0, session) : session;
  if (outcome.completed && !existing?.completedAt) {
    // Earlier sessions count too (a resumed lesson), but never more than the wall clock since the
    // cycle's first launch: parallel launches cannot add up to more time than has passed.
    const sinceFirst = Math.floor((now.getTime() - Date.parse(first?.at ?? launch.startedAt)) / 1000);
    const credited = Math.min(totalSeconds + elapsed, sinceFirst);
    const minimum = minimumOf(pkg, ctx);
    if (credited < minimum) throw new ApiError('CONFLICT', SCORM_MESSAGES.tooSoon(credited, minimum));
  }
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
  const course = courseAfterStep(
    db,
    ctx,
    (row) => ({
      ...row,
      status: completed || row.status === 'COMPLETED' ? 'COMPLETED' : 'IN_PROGRESS',
      progressPercentage: completed ? 100 : Math.max(row.progressPercentage, 0),
      timeSpentSeconds: totalSeconds + sessionTime,
    }),
    now,
  );
  const written = await db.batch([
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
    course.statement,
    db.select().from(componentProgress).where(eq(componentProgress.id, ctx.row.id)),
  ]);
  const step = { userId: user.id, courseId: ctx.course.id, cycle, certified: !!certificate };
  await settleCourseAfterStep(db, course, written[3], step, now);
  const [row] = written[4];
  return {
    summary: toRuntimeSummary({ ...values, status: values.status }),
    componentStatus: row?.status ?? 'IN_PROGRESS',
    progressPercentage: row?.progressPercentage ?? 0,
  };
}
