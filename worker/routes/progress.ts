import { and, eq, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { Hono, type Context } from 'hono';
import { idParam } from '../contract/common';
import { COMPLIANCE_MESSAGES, type RecertifyResponse } from '../contract/compliance';
import {
  completeBody,
  progressBody,
  timeBody,
  type ComponentProgressResponse,
  type CourseProgressDetailResponse,
  type CourseProgressListResponse,
  type EnrollResponse,
  type StartCourseResponse,
} from '../contract/progress';
import type { ComponentAccessResponse } from '../contract/assessments';
import { toProgressStep } from '../contract/rules/progress';
import { notViewedMessage, NOT_OPENED_MESSAGE, plausibleProgress, secondsUntilViewed } from '../contract/rules/viewing';
import type { Db } from '../db/client';
import { componentProgress } from '../db/schema';
import type { AppEnv } from '../env';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { ApiError, refusal } from '../errors';
import {
  assertUnlocked,
  COMPONENT_LOCKED_MESSAGE,
  COURSE_NOT_AVAILABLE,
  componentContext,
  componentLocked,
  componentOpenedSet,
  courseComponents,
  courseComponentsQuery,
  findCourseWithDomain,
  findEnrollment,
  inUserBooks,
  learningActivityUpsert,
  NOT_STARTED_PROGRESS,
  recomputeCourseProgress,
  type ComponentContext,
} from '../services/progress';
import {
  courseProgressDtos,
  courseProgressQuery,
  openComponentStatusesQuery,
  openCourseComponentsQuery,
  toComponentProgress,
  toCourseProgressDtos,
  withNextComponents,
} from '../services/progress-dtos';
import { viewingSubject } from '../services/materials';
import { startRecertification } from '../services/recertification';
import { enrollStatements, requiredForLearner } from '../services/course-start';
import { validate } from '../validate';
import { REFUSALS } from '../contract/errors';

const NOT_ENROLLED = 'Course progress not found';

/** Seconds since the learner opened the component (0 before it was opened), on the server's clock. */
const viewedSeconds = (ctx: ComponentContext, now: Date) =>
  ctx.row.startedAt ? (now.getTime() - Date.parse(ctx.row.startedAt)) / 1000 : 0;

/**
 * The component named by the path, once the learner may act on it: enrolled in its published
 * course, of a type the step allows (`onlyMaterials`), and unlocked. Carries the step's clock.
 */
async function componentStep(
  c: Context<AppEnv>,
  id: string,
  onlyMaterials?: { code: 'BAD_REQUEST' | 'FORBIDDEN'; message: string },
) {
  const { db, user } = c.var;
  const ctx = await componentContext(db, user, id);
  // Only the trainer's signed-off attendance completes a classroom session (services/classroom-completion.ts):
  // the learner can neither complete it nor report progress or time on it.
  if (ctx.component.type === 'CLASSROOM') throw refusal('FORBIDDEN', 'progress.classroomByTrainer');
  if (onlyMaterials && ctx.component.type !== 'MATERIAL') throw new ApiError(onlyMaterials.code, onlyMaterials.message);
  assertUnlocked(ctx);
  const now = new Date();
  const record = (set: SQLiteUpdateSetSource<typeof componentProgress>, message: string, activitySeconds = 0) =>
    recordStep(db, ctx, user.id, now, set, message, activitySeconds);
  return { db, ctx, now, iso: now.toISOString(), record };
}

/**
 * One learner step on a component: its progress row and the day's learning activity are written
 * in one batch, the course is recomputed, and the answer is {message, progress} read back.
 */
async function recordStep(
  db: Db,
  ctx: ComponentContext,
  userId: string,
  now: Date,
  set: SQLiteUpdateSetSource<typeof componentProgress>,
  message: string,
  activitySeconds = 0,
): Promise<ComponentProgressResponse> {
  await db.batch([
    db.update(componentProgress).set(set).where(eq(componentProgress.id, ctx.row.id)),
    learningActivityUpsert(db, userId, now, activitySeconds),
  ]);
  await recomputeCourseProgress(db, userId, ctx.course.id, now, { accessed: true });
  const row = await db.select().from(componentProgress).where(eq(componentProgress.id, ctx.row.id)).get();
  return { message, progress: toComponentProgress(row ?? ctx.row, ctx.component) };
}

export const progress = new Hono<AppEnv>()
  .get('/courses', inFirstBatch(requireLearner), async (c) => {
    // One batch (one round trip, with the session check): the list and what each open course continues with.
    const { result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch([
        courseProgressQuery(db, userId),
        openCourseComponentsQuery(db, userId),
        openComponentStatusesQuery(db, userId),
      ]),
    );
    const [rows, openComponents, statuses] = result;
    const progresses = withNextComponents(toCourseProgressDtos(rows), openComponents, statuses);
    return c.json({ progresses, count: progresses.length } satisfies CourseProgressListResponse);
  })

  .get('/courses/:id', inFirstBatch(requireLearner), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch([
        courseProgressQuery(db, userId, id),
        courseComponentsQuery(db, id),
        db
          .select()
          .from(componentProgress)
          .where(and(eq(componentProgress.userId, userId), eq(componentProgress.courseId, id))),
      ]),
    );
    const userId = user.id;
    const [dtoRows, list, rows] = result;
    const [dto] = toCourseProgressDtos(dtoRows);
    if (!dto) throw new ApiError('NOT_FOUND', NOT_ENROLLED);
    const byComponent = new Map(rows.map((r) => [r.componentId, r]));
    const componentProgresses = list.map((component) => {
      const row = byComponent.get(component.id);
      // A component added after enrollment has no row yet: it reads as not started.
      return toComponentProgress(
        row ?? {
          id: `pending-${component.id}`,
          userId,
          courseId: id,
          componentId: component.id,
          ...NOT_STARTED_PROGRESS,
        },
        component,
      );
    });
    return c.json({ courseProgress: dto, componentProgresses } satisfies CourseProgressDetailResponse);
  })

  .post('/courses/:id/enroll', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const user = c.var.user;
    const existing = await findEnrollment(db, user.id, id);
    if (existing) {
      const [dto] = await courseProgressDtos(db, user.id, id);
      return c.json({ message: 'Already enrolled in this course', progress: dto } satisfies EnrollResponse);
    }
    const found = await findCourseWithDomain(db, id);
    if (!found) throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
    const inBooks = await inUserBooks(db, user, found.course.domainId);
    if (!inBooks) throw new ApiError('FORBIDDEN', 'This course is not part of your assigned books');
    if (found.course.status !== 'PUBLISHED') throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
    const list = await courseComponents(db, id);
    await db.batch(enrollStatements(db, user.id, found.course, list, new Date().toISOString()));
    const [dto] = await courseProgressDtos(db, user.id, id);
    return c.json({ message: 'Successfully enrolled in this course', progress: dto } satisfies EnrollResponse);
  })

  // Start a course: a required course (a requirement in force covers the learner) needs no
  // enrolment tap, so the server enrols the learner here when they are not enrolled yet; an
  // optional course keeps its Enroll step. Answers where to go next.
  .post('/courses/:id/start', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const user = c.var.user;
    let enrolled = false;
    if (!(await findEnrollment(db, user.id, id))) {
      const found = await findCourseWithDomain(db, id);
      if (!found || !(await inUserBooks(db, user, found.course.domainId))) {
        throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
      }
      if (found.course.status !== 'PUBLISHED') throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
      if (!(await requiredForLearner(db, user.id, id, new Date()))) {
        throw new ApiError('FORBIDDEN', REFUSALS['progress.enrollFirst']);
      }
      const list = await courseComponents(db, id);
      await db.batch(enrollStatements(db, user.id, found.course, list, new Date().toISOString()));
      enrolled = true;
    }
    const [rows, openComponents, statuses] = await db.batch([
      courseProgressQuery(db, user.id, id),
      openCourseComponentsQuery(db, user.id),
      openComponentStatusesQuery(db, user.id),
    ]);
    const [item] = withNextComponents(toCourseProgressDtos(rows), openComponents, statuses);
    return c.json({ enrolled, progress: item } satisfies StartCourseResponse);
  })

  // A new training cycle when the certificate is due soon, expired, revoked or asked for by an event.
  .post('/courses/:id/recertify', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const cycle = await startRecertification(c.var.db, c.var.user, id);
    return c.json<RecertifyResponse>({ message: COMPLIANCE_MESSAGES.recertified, courseId: id, cycle });
  })

  // May the learner open this component now? Not enrolled, unpublished or locked answer
  // {canAccess: false, reason}; a component the learner may not see at all is 404.
  .get('/components/:id/access', requireLearner, validate('param', idParam), async (c) => {
    let ctx: ComponentContext;
    try {
      ctx = await componentContext(c.var.db, c.var.user, c.req.valid('param').id);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'COURSE_NOT_AVAILABLE')) {
        return c.json({ canAccess: false, reason: error.message } satisfies ComponentAccessResponse);
      }
      throw error;
    }
    const body: ComponentAccessResponse = componentLocked(ctx)
      ? { canAccess: false, reason: COMPONENT_LOCKED_MESSAGE }
      : { canAccess: true };
    return c.json(body);
  })

  .post('/components/:id/start', requireLearner, validate('param', idParam), async (c) => {
    const { iso, record } = await componentStep(c, c.req.valid('param').id);
    return c.json(await record(componentOpenedSet(iso), 'Component started'));
  })

  .put(
    '/components/:id/progress',
    requireLearner,
    validate('param', idParam),
    validate('json', progressBody),
    async (c) => {
      const { progressPercentage, durationSeconds } = c.req.valid('json');
      const { db, ctx, now, iso, record } = await componentStep(c, c.req.valid('param').id, {
        code: 'BAD_REQUEST',
        message: 'Progress can only be reported for materials',
      });
      // Held back to what the time since opening makes plausible; the first reported video length stays.
      const mediaSeconds = ctx.row.mediaSeconds ?? durationSeconds ?? null;
      const subject = await viewingSubject(db, c.var.storage, ctx.component.materialId, mediaSeconds);
      const step = Math.min(toProgressStep(progressPercentage), plausibleProgress(viewedSeconds(ctx, now), subject));
      // Progress never goes backwards (a re-opened video starts at 0); 100 completes the material.
      const next = sql`max(${componentProgress.progressPercentage}, ${step})`;
      return c.json(
        await record(
          {
            progressPercentage: next,
            status: sql`CASE WHEN ${componentProgress.status} = 'COMPLETED' OR ${next} >= 100 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END`,
            startedAt: sql`coalesce(${componentProgress.startedAt}, ${iso})`,
            completedAt: sql`CASE WHEN ${next} >= 100 THEN coalesce(${componentProgress.completedAt}, ${iso}) ELSE ${componentProgress.completedAt} END`,
            mediaSeconds,
            lastAccessedAt: iso,
          },
          'Progress updated',
        ),
      );
    },
  )

  .post(
    '/components/:id/complete',
    requireLearner,
    validate('param', idParam),
    validate('json', completeBody),
    async (c) => {
      const { score } = c.req.valid('json');
      const { db, ctx, now, iso, record } = await componentStep(c, c.req.valid('param').id, {
        code: 'FORBIDDEN',
        message: 'An assessment is completed only by a passing submission',
      });
      if (ctx.row.status !== 'COMPLETED') {
        if (!ctx.row.startedAt) throw new ApiError('NOT_ENOUGH_VIEWING', NOT_OPENED_MESSAGE);
        const subject = await viewingSubject(db, c.var.storage, ctx.component.materialId, ctx.row.mediaSeconds);
        const remaining = secondsUntilViewed(viewedSeconds(ctx, now), subject);
        if (remaining > 0)
          throw new ApiError('NOT_ENOUGH_VIEWING', notViewedMessage(remaining, subject), {
            headers: { 'Retry-After': String(remaining) },
          });
      }
      return c.json(
        await record(
          {
            status: 'COMPLETED',
            progressPercentage: 100,
            ...(score != null ? { score } : {}),
            startedAt: sql`coalesce(${componentProgress.startedAt}, ${iso})`,
            completedAt: sql`coalesce(${componentProgress.completedAt}, ${iso})`,
            lastAccessedAt: iso,
          },
          'Component completed',
        ),
      );
    },
  )

  .put('/components/:id/time', requireLearner, validate('param', idParam), validate('json', timeBody), async (c) => {
    const { additionalSeconds } = c.req.valid('json');
    const { iso, record } = await componentStep(c, c.req.valid('param').id);
    return c.json(
      await record(
        { timeSpentSeconds: sql`${componentProgress.timeSpentSeconds} + ${additionalSeconds}`, lastAccessedAt: iso },
        'Time recorded',
        additionalSeconds,
      ),
    );
  });
