import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { LearnerClassroomData, LearnerMaterialData } from '../contract/courses';
import type { DeliveryLanguage } from '../contract/delivery-language';
import type { ComponentProgressLike } from '../contract/rules/progress';
import { isComponentLocked, overallProgress } from '../contract/rules/progress';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import { componentProgress, components, courseProgress, learningActivity } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { cycleCertificateQuery, issueCertificate } from './certificates';
import {
  type CourseRow,
  courseWithDomainQuery,
  type DomainInfo,
  enrollmentQuery,
  toCourseWithDomain,
  userBookQuery,
} from './course-access';
import { REFUSALS } from '../contract/errors';

export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type ComponentProgressRow = typeof componentProgress.$inferSelect;
export type ComponentRow = typeof components.$inferSelect;

/** The course's components in learning order. */
export const courseComponentsQuery = (db: Db, courseId: string) =>
  db
    .select()
    .from(components)
    .where(eq(components.courseId, courseId))
    .orderBy(asc(components.orderIndex), asc(components.createdAt));

export async function courseComponents(db: Db, courseId: string): Promise<ComponentRow[]> {
  return courseComponentsQuery(db, courseId);
}

export async function componentProgressMap(
  db: Db,
  userId: string,
  courseId: string,
): Promise<Map<string, ComponentProgressRow>> {
  const rows = await db
    .select()
    .from(componentProgress)
    .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, courseId)));
  return new Map(rows.map((row) => [row.componentId, row]));
}

/**
 * Recomputes a learner's course progress from the component progress rows and stores it:
 * overall percentage by the documented weights, status ENROLLED / IN_PROGRESS / COMPLETED
 * (COMPLETED exactly at 100, with completedAt), and the certificate once the course is completed.
 *
 * It always reflects the present state: after an admin resets an assessment, a completed course
 * no longer reads COMPLETED (an already issued certificate stays; it states what was once earned).
 * Returns null when the learner is not enrolled.
 */
export async function recomputeCourseProgress(
  db: Db,
  userId: string,
  courseId: string,
  now = new Date(),
  /** True when the learner caused it: lastAccessedAt moves. An admin action or the cron leaves it. */
  options: { accessed?: boolean } = {},
): Promise<CourseProgressRow | null> {
  // One batch for the three reads.
  const [[current], list, rows] = await db.batch([
    enrollmentQuery(db, userId, courseId),
    courseComponentsQuery(db, courseId),
    db
      .select()
      .from(componentProgress)
      .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, courseId))),
  ]);
  if (!current) return null;
  const progressRows = new Map(rows.map((row) => [row.componentId, row]));
  const next = nextCourseProgress(current, list, progressRows, now, options);
  const updated =
    (await db.update(courseProgress).set(next).where(eq(courseProgress.id, current.id)).returning().get()) ?? current;

  // Idempotent: issues once, and heals a completion whose certificate issue failed earlier.
  if (next.status === 'COMPLETED') await issueCertificate(db, userId, courseId, now, updated.cycle);
  return updated;
}

/** What a learner's step does to its component row's fields the course percentage is computed from. */
export type StepEffect = (
  row: ComponentProgressRow,
) => Pick<ComponentProgressRow, 'status' | 'progressPercentage' | 'timeSpentSeconds'>;

/**
 * The course-progress write that follows a learner's step on a component, for the step's own write
 * batch: computed from the rows the step read (its context) with the step's effect on its row, so
 * the step needs no second read. `completes` asks the caller to issue the certificate (issueCertificate).
 */
export function courseAfterStep(
  db: Db,
  ctx: Pick<ComponentContext, 'enrollment' | 'components' | 'progress' | 'row'>,
  effect: StepEffect,
  now: Date,
) {
  const rows = new Map(ctx.progress);
  rows.set(ctx.row.componentId, { ...ctx.row, ...effect(ctx.row) });
  const next = nextCourseProgress(ctx.enrollment, ctx.components, rows, now, { accessed: true });
  const { userId, courseId } = ctx.enrollment;
  const marks = [...rows.values()].map(
    (row) => `${row.componentId}:${row.status}:${row.progressPercentage}:${row.timeSpentSeconds > 0 ? 1 : 0}`,
  );
  // Written only while the course's component rows are what this was computed from (the step's own
  // change included): a step between this step's read and its write (a second tab, a page report
  // still in flight) makes it write nothing, and the caller recomputes from the rows as they are
  // then (settleCourseAfterStep): never a completed course put back to in progress.
  const unchanged = sql`(SELECT count(*) FROM component_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseId}) = ${marks.length}
    AND NOT EXISTS (SELECT 1 FROM component_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseId}
      AND (cp.component_id || ':' || cp.status || ':' || cp.progress_percentage || ':' || (cp.time_spent_seconds > 0))
        NOT IN (SELECT value FROM json_each(${JSON.stringify(marks)})))`;
  return {
    statement: db
      .update(courseProgress)
      .set(next)
      .where(and(eq(courseProgress.id, ctx.enrollment.id), unchanged))
      .returning({ id: courseProgress.id }),
    completes: next.status === 'COMPLETED',
  };
}

/**
 * After a step's batch: where its course write applied, what it computed stands and a completion
 * issues the certificate (once; `certified` when the cycle already holds it); where another step got
 * in between, the course is recomputed from the rows as they are now (which issues it too).
 */
export async function settleCourseAfterStep(
  db: Db,
  course: { completes: boolean },
  applied: readonly unknown[],
  step: { userId: string; courseId: string; cycle: number; certified: boolean },
  now: Date,
): Promise<void> {
  if (applied.length === 0) {
    await recomputeCourseProgress(db, step.userId, step.courseId, now, { accessed: true });
    return;
  }
  // Issues once, and heals a completion whose certificate issue failed earlier.
  if (course.completes && !step.certified) await issueCertificate(db, step.userId, step.courseId, now, step.cycle);
}

/**
 * The course-progress values that follow from the component rows (the documented weights; COMPLETED
 * exactly at 100, with completedAt): what recomputeCourseProgress stores, computed from rows the
 * caller already holds.
 */
export function nextCourseProgress(
  current: CourseProgressRow,
  list: readonly Pick<ComponentRow, 'id' | 'type' | 'orderIndex'>[],
  progressRows: ReadonlyMap<string, Pick<ComponentProgressRow, 'status' | 'progressPercentage' | 'timeSpentSeconds'>>,
  now: Date,
  options: { accessed?: boolean } = {},
) {
  const map = new Map<string, ComponentProgressLike>();
  for (const [componentId, row] of progressRows)
    map.set(componentId, { status: row.status, progressPercentage: row.progressPercentage });
  const overall = overallProgress(
    list.map((c) => ({ id: c.id, type: c.type, orderIndex: c.orderIndex })),
    map,
  );
  const anyActivity = [...progressRows.values()].some(
    (row) => row.status !== 'NOT_STARTED' || row.progressPercentage > 0 || row.timeSpentSeconds > 0,
  );
  const status: CourseProgressRow['status'] =
    overall >= 100 ? 'COMPLETED' : overall > 0 || anyActivity ? 'IN_PROGRESS' : 'ENROLLED';
  const iso = now.toISOString();
  const completedAt = status === 'COMPLETED' ? (current.completedAt ?? iso) : null;
  const startedAt = current.startedAt ?? (status !== 'ENROLLED' ? iso : null);
  return {
    overallProgress: overall,
    status,
    completedAt,
    startedAt,
    ...(options.accessed ? { lastAccessedAt: iso } : {}),
  };
}

/**
 * The course-progress write of a learner step that cannot change the percentage (starting an
 * assessment): an enrolled course is now in progress, and it was accessed. Equal to what
 * recomputeCourseProgress would store after that step, without its three reads. `iso` is only handed to
 * drizzle (a start's write template: db/prepared.ts).
 */
export function courseStartedUpdateAt(db: Db, enrollmentId: string, iso: string) {
  return db
    .update(courseProgress)
    .set({
      status: sql`CASE WHEN ${courseProgress.status} = 'ENROLLED' THEN 'IN_PROGRESS' ELSE ${courseProgress.status} END`,
      startedAt: sql`coalesce(${courseProgress.startedAt}, ${iso})`,
      lastAccessedAt: iso,
    })
    .where(eq(courseProgress.id, enrollmentId));
}

/** What a component's progress row holds before the learner opens it (at enroll, and again for a new cycle). */
export const NOT_STARTED_PROGRESS = {
  status: 'NOT_STARTED',
  progressPercentage: 0,
  score: null,
  attempts: 0,
  timeSpentSeconds: 0,
  mediaSeconds: null,
  startedAt: null,
  completedAt: null,
  lastAccessedAt: null,
} as const satisfies Partial<ComponentProgressRow>;

/** The progress-row write of opening a component: not started becomes in progress; the first opening is kept. */
export const componentOpenedSet = (iso: string) =>
  ({
    status: sql`CASE WHEN ${componentProgress.status} = 'NOT_STARTED' THEN 'IN_PROGRESS' ELSE ${componentProgress.status} END`,
    startedAt: sql`coalesce(${componentProgress.startedAt}, ${iso})`,
    lastAccessedAt: iso,
  }) satisfies SQLiteUpdateSetSource<typeof componentProgress>;

/** What opening does to the row, as componentOpenedSet writes it (the course percentage is computed from it). */
export const componentOpened = (row: ComponentProgressRow): ComponentProgressRow => ({
  ...row,
  status: row.status === 'NOT_STARTED' ? 'IN_PROGRESS' : row.status,
});

/** UTC day of a timestamp, the key of learning_activity. */
export const activityDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The statement that records learning activity for today (the reports' streak), to put in a
 * batch with the write it belongs to. `seconds` adds to the day's time.
 */
export const learningActivityUpsert = (db: Db, userId: string, now: Date, seconds = 0) =>
  learningActivityUpsertOn(db, userId, activityDay(now), seconds);

/** learningActivityUpsert on `day` (template-safe: the values are only handed to drizzle). */
export function learningActivityUpsertOn(db: Db, userId: string, day: string, seconds: number) {
  return db
    .insert(learningActivity)
    .values({ userId, day, seconds })
    .onConflictDoUpdate({
      target: [learningActivity.userId, learningActivity.day],
      set: { seconds: sql`${learningActivity.seconds} + ${seconds}` },
    });
}

export interface ComponentContext {
  component: ComponentRow;
  course: CourseRow;
  domain: DomainInfo;
  enrollment: CourseProgressRow;
  components: ComponentRow[];
  progress: Map<string, ComponentProgressRow>;
  /** This component's progress row (created on demand for a component added after enrollment). */
  row: ComponentProgressRow;
}

export const COMPONENT_NOT_FOUND = 'Component not found';
export const ENROLL_FIRST = REFUSALS['progress.enrollFirst'];
export const COURSE_NOT_AVAILABLE = 'Course is not available';
export const COMPONENT_LOCKED_MESSAGE = 'Complete previous components first';

/**
 * Everything a learner's write to a component needs, with the access rules applied once:
 * 404 when the component is not in a course the learner may see, 403 when the course is
 * unpublished or the learner is not enrolled.
 */
export const courseOfComponent = (componentId: string) =>
  sql`(SELECT cc.course_id FROM course_components cc WHERE cc.id = ${componentId})`;

/**
 * The certificate of the learner's current cycle of the component's course (batch-safe): read with
 * a step's context, so a step on a course already certified issues nothing and costs no extra trip.
 */
export function stepCertificateQuery(db: Db, userId: string, componentId: string) {
  const courseId = courseOfComponent(componentId);
  const cycle = sql`(SELECT cp.cycle FROM course_progress cp WHERE cp.user_id = ${userId} AND cp.course_id = ${courseId})`;
  return cycleCertificateQuery(db, userId, courseId, cycle);
}

/**
 * The reads of a component context, keyed by the component id alone, for one batch (with whatever
 * else the caller reads): the component, its course and book, the enrollment, whether the course is
 * in the learner's books, the course's components and the learner's progress rows.
 */
export function componentContextQueries(
  db: Db,
  userId: string,
  componentId: string,
  { listData = true }: { listData?: boolean } = {},
) {
  return preparedReads(db, 'component context', { listData }, { userId, componentId }, buildComponentContext);
}

/** componentContextQueries' statements (a template: see db/prepared.ts; values are placeholders). */
function buildComponentContext(
  db: Db,
  { userId, componentId }: { userId: string; componentId: string },
  { listData }: { listData: boolean },
) {
  const courseId = courseOfComponent(componentId);
  // `listData: false` reads the course's other components without their content (`data` comes back
  // null): enough for the unlock rule, and an assessment start then does not read and parse every
  // question bank of the course on each start (issue 31, item 6).
  const listColumns = listData
    ? getTableColumns(components)
    : { ...getTableColumns(components), data: sql<ComponentRow['data']>`NULL` };
  return [
    db.select().from(components).where(eq(components.id, componentId)).limit(1),
    courseWithDomainQuery(db, courseId),
    db
      .select()
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
      .limit(1),
    userBookQuery(db, userId, sql`(SELECT c.domain_id FROM courses c WHERE c.id = ${courseId})`),
    db
      .select(listColumns)
      .from(components)
      .where(eq(components.courseId, courseId))
      .orderBy(asc(components.orderIndex), asc(components.createdAt)),
    db
      .select()
      .from(componentProgress)
      .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, courseId))),
  ] as const;
}

type Answers<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };
export type ContextRows = Answers<ReturnType<typeof componentContextQueries>>;

/**
 * Everything a learner's write to a component needs, with the access rules applied once:
 * 404 when the component is not in a course the learner may see, 403 when the course is
 * unpublished or the learner is not enrolled. `rows` are the answers of componentContextQueries
 * when the caller read them in its own batch.
 */
export async function componentContext(
  db: Db,
  user: Pick<AuthUser, 'id' | 'role'>,
  componentId: string,
  rows?: ContextRows,
): Promise<ComponentContext> {
  const [[component], [courseRow], [enrollment], bookRows, list, progressRows] =
    rows ?? ((await db.batch([...componentContextQueries(db, user.id, componentId)])) as unknown as ContextRows);
  if (!component) throw new ApiError('NOT_FOUND', COMPONENT_NOT_FOUND);
  const found = toCourseWithDomain(courseRow);
  if (!found) throw new ApiError('NOT_FOUND', COMPONENT_NOT_FOUND);
  if (!enrollment) {
    // A learner enrolled before losing the book keeps their own enrollment; others see nothing.
    if (!(isAdminUser(user) || bookRows.length > 0)) throw new ApiError('NOT_FOUND', COMPONENT_NOT_FOUND);
    if (found.course.status !== 'PUBLISHED') throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
    throw new ApiError('FORBIDDEN', ENROLL_FIRST);
  }
  if (found.course.status !== 'PUBLISHED') throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
  const progress = new Map(progressRows.map((row) => [row.componentId, row]));
  let row = progress.get(componentId);
  if (!row) {
    // A component added after enrollment gets its row on first use.
    await db
      .insert(componentProgress)
      .values({ id: crypto.randomUUID(), userId: user.id, courseId: component.courseId, componentId })
      .onConflictDoNothing();
    row = await db
      .select()
      .from(componentProgress)
      .where(and(eq(componentProgress.userId, user.id), eq(componentProgress.componentId, componentId)))
      .get();
    if (!row) throw new Error(`component progress row missing for ${componentId}`);
    progress.set(componentId, row);
  }
  return { component, course: found.course, domain: found.domain, enrollment, components: list, progress, row };
}

/** Locked until the previous required component is completed (the shared unlock rule). */
export function componentLocked(ctx: Pick<ComponentContext, 'components' | 'progress' | 'component'>): boolean {
  return isComponentLocked(
    ctx.components.map((c) => ({ id: c.id, type: c.type, orderIndex: c.orderIndex })),
    ctx.progress,
    ctx.component.id,
  );
}

/** Sequential unlocking, enforced: 409 COMPONENT_LOCKED. */
export function assertUnlocked(ctx: Pick<ComponentContext, 'components' | 'progress' | 'component'>): void {
  if (componentLocked(ctx)) throw new ApiError('COMPONENT_LOCKED', COMPONENT_LOCKED_MESSAGE);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function componentTitle(component: Pick<ComponentRow, 'data' | 'type'>): string {
  const title = text(component.data?.title);
  if (title) return title;
  return component.type === 'MATERIAL'
    ? 'Material'
    : component.type === 'CLASSROOM'
      ? 'Classroom session'
      : component.type === 'PRE_ASSESSMENT'
        ? 'Pre-assessment'
        : 'Post-assessment';
}

/** What a learner sees of a material component. */
export function learnerMaterialData(component: Pick<ComponentRow, 'data' | 'materialId'>): LearnerMaterialData {
  const data = component.data ?? {};
  const type = data.type === 'PDF' || data.type === 'VIDEO' || data.type === 'PPT' ? data.type : null;
  return {
    title: text(data.title) ?? 'Material',
    description: text(data.description),
    materialId: component.materialId ?? text(data.materialId),
    type,
  };
}

/** What a learner sees of a classroom component, with their next session of it (services/session-next.ts). */
export function learnerClassroomData(
  component: Pick<ComponentRow, 'data'>,
  nextSession: LearnerClassroomData['nextSession'] = null,
): LearnerClassroomData {
  const data = component.data ?? {};
  return { title: text(data.title) ?? 'Classroom session', description: text(data.description), nextSession };
}

/** The delivery language of a course, read inside the statement that records it (no extra round trip). */
export const courseLanguageOf = (courseId: string) =>
  sql<DeliveryLanguage>`(SELECT c.language FROM courses c WHERE c.id = ${courseId})`;
