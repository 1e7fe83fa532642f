import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
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
  componentContextQueries,
  componentOpened,
  componentOpenedSet,
  stepCertificateQuery,
  type StepEffect,
  courseComponents,
  courseComponentsQuery,
  learningActivityUpsert,
  courseAfterStep,
  settleCourseAfterStep,
  type ComponentContext,
} from '../services/progress';
import {
  courseWithDomainQuery,
  findCourseWithDomain,
  findEnrollment,
  inUserBooks,
  toCourseWithDomain,
  userBookQuery,
} from '../services/course-access';
import { isAdminUser } from '../contract/rules/roles';
import {
  courseProgressQuery,
  progressListReads,
  toComponentProgress,
  toCourseProgressDtos,
  toProgressList,
} from '../services/progress-dtos';
import { componentMaterialQuery, viewingSubject } from '../services/materials';
import { recertificationReads, startRecertification } from '../services/recertification';
import { enrollStatements, requiredForLearner } from '../services/course-start';
import { courseProgressReads, toCourseProgressDetail } from '../services/learner-courses';
import { validate } from '../validate';
import { REFUSALS } from '../contract/errors';

const NOT_ENROLLED = 'Course progress not found';

/** Seconds since the learner opened the component (0 before it was opened), on the server's clock. */
const viewedSeconds = (ctx: ComponentContext, now: Date) =>
  ctx.row.startedAt ? (now.getTime() - Date.parse(ctx.row.startedAt)) / 1000 : 0;

/**
 * The component named by the path, once the learner may act on it: enrolled in its published
 * course, of a type the step allows (`onlyMaterials`), and unlocked. Carries the step's clock.
 * Its reads (the component's context, material and current certificate) are the session's batch:
 * a step is two round trips, that batch and recordStep's (the step that completes the course also
 * issues its certificate).
 */
async function componentStep(
  c: Context<AppEnv>,
  id: string,
  onlyMaterials?: { code: 'BAD_REQUEST' | 'FORBIDDEN'; message: string },
) {
  const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
    db.batch([
      ...componentContextQueries(db, userId, id),
      componentMaterialQuery(db, id),
      stepCertificateQuery(db, userId, id),
    ]),
  );
  const [c0, c1, c2, c3, c4, c5, [material], [certificate]] = result;
  const db = c.var.db;
  const ctx = await componentContext(db, user, id, [c0, c1, c2, c3, c4, c5]);
  // Only the trainer's signed-off attendance completes a classroom session (services/classroom-completion.ts):
  // the learner can neither complete it nor report progress or time on it.
  if (ctx.component.type === 'CLASSROOM') throw refusal('FORBIDDEN', 'progress.classroomByTrainer');
  if (onlyMaterials && ctx.component.type !== 'MATERIAL') throw new ApiError(onlyMaterials.code, onlyMaterials.message);
  assertUnlocked(ctx);
  const now = new Date();
  // A PDF's page count, when this step counted it first, is stored by the step's write batch.
  let remember: BatchItem<'sqlite'> | null = null;
  const record = (
    set: SQLiteUpdateSetSource<typeof componentProgress>,
    effect: StepEffect,
    message: string,
    activitySeconds = 0,
  ) => recordStep(db, ctx, user.id, now, { set, effect, remember, certified: !!certificate }, message, activitySeconds);
  const subject = async (mediaSeconds: number | null) => {
    const found = await viewingSubject(
      db,
      c.var.storage,
      ctx.component.materialId ? material : undefined,
      mediaSeconds,
    );
    remember = found.remember;
    return found.subject;
  };
  return { ctx, now, iso: now.toISOString(), record, subjectOf: subject };
}

/**
 * One learner step on a component, in one batch: its progress row, the day's learning activity,
 * the course progress that follows (computed from the rows the step read, with the step's effect
 * on this row), and the row read back for the answer {message, progress}. A step that completes
 * the course then issues its certificate (once).
 */
async function recordStep(
  db: Db,
  ctx: ComponentContext,
  userId: string,
  now: Date,
  step: {
    set: SQLiteUpdateSetSource<typeof componentProgress>;
    effect: StepEffect;
    remember: BatchItem<'sqlite'> | null;
    /** The current cycle already holds its certificate. */
    certified: boolean;
  },
  message: string,
  activitySeconds = 0,
): Promise<ComponentProgressResponse> {
  const course = courseAfterStep(db, ctx, step.effect, now);
  const written = await db.batch([
    db.update(componentProgress).set(step.set).where(eq(componentProgress.id, ctx.row.id)),
    learningActivityUpsert(db, userId, now, activitySeconds),
    course.statement,
    db.select().from(componentProgress).where(eq(componentProgress.id, ctx.row.id)),
    ...(step.remember ? [step.remember] : []),
  ]);
  const settle = { userId, courseId: ctx.course.id, cycle: ctx.enrollment.cycle, certified: step.certified };
  await settleCourseAfterStep(db, course, written[2], settle, now);
  const [row] = written[3];
  return { message, progress: toComponentProgress(row ?? ctx.row, ctx.component) };
}

export const progress = new Hono<AppEnv>()
  .get('/courses', inFirstBatch(requireLearner), async (c) => {
    // One batch (one round trip, with the session check): the list and what each open course continues with.
    const { result } = await sessionInFirstBatch(c, (db, userId) => db.batch(progressListReads(db, userId)));
    return c.json(toProgressList(result) satisfies CourseProgressListResponse);
  })

  .get('/courses/:id', inFirstBatch(requireLearner), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch(courseProgressReads(db, userId, id)),
    );
    const body = toCourseProgressDetail(user.id, id, result);
    if (!body) throw new ApiError('NOT_FOUND', NOT_ENROLLED);
    return c.json(body satisfies CourseProgressDetailResponse);
  })

  // Two round trips: every read in the session's batch, then the enrolment with its answer read back.
  .post('/courses/:id/enroll', inFirstBatch(requireLearner), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch([
        courseProgressQuery(db, userId, id),
        courseWithDomainQuery(db, id),
        userBookQuery(db, userId, sql`(SELECT c.domain_id FROM courses c WHERE c.id = ${id})`),
        courseComponentsQuery(db, id),
      ]),
    );
    const [existing, [courseRow], books, list] = result;
    if (existing.length > 0) {
      const [dto] = toCourseProgressDtos(existing);
      return c.json({ message: 'Already enrolled in this course', progress: dto } satisfies EnrollResponse);
    }
    const found = toCourseWithDomain(courseRow);
    if (!found) throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
    if (!(isAdminUser(user) || books.length > 0))
      throw new ApiError('FORBIDDEN', 'This course is not part of your assigned books');
    if (found.course.status !== 'PUBLISHED') throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
    const db = c.var.db;
    const written = await db.batch([
      ...enrollStatements(db, user.id, found.course, list, new Date().toISOString()),
      courseProgressQuery(db, user.id, id),
    ]);
    const [dto] = toCourseProgressDtos(written[written.length - 1] as Awaited<ReturnType<typeof courseProgressQuery>>);
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
    const {
      progresses: [item],
    } = toProgressList(await db.batch(progressListReads(db, user.id, id)));
    return c.json({ enrolled, progress: item } satisfies StartCourseResponse);
  })

  // A new training cycle when the certificate is due soon, expired, revoked or asked for by an event.
  .post('/courses/:id/recertify', inFirstBatch(requireLearner), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const now = new Date();
    // Two round trips: every read in the session's batch, then the new cycle's write batch.
    const { user, result } = await sessionInFirstBatch(c, (db, userId) => recertificationReads(db, userId, id, now));
    const cycle = await startRecertification(c.var.db, user, id, result, now);
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

  .post('/components/:id/start', inFirstBatch(requireLearner), validate('param', idParam), async (c) => {
    const { iso, record } = await componentStep(c, c.req.valid('param').id);
    return c.json(await record(componentOpenedSet(iso), componentOpened, 'Component started'));
  })

  .put(
    '/components/:id/progress',
    inFirstBatch(requireLearner),
    validate('param', idParam),
    validate('json', progressBody),
    async (c) => {
      const { progressPercentage, durationSeconds } = c.req.valid('json');
      const { ctx, now, iso, record, subjectOf } = await componentStep(c, c.req.valid('param').id, {
        code: 'BAD_REQUEST',
        message: 'Progress can only be reported for materials',
      });
      // Held back to what the time since opening makes plausible; the first reported video length stays.
      const mediaSeconds = ctx.row.mediaSeconds ?? durationSeconds ?? null;
      const subject = await subjectOf(mediaSeconds);
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
          (row) => {
            const percentage = Math.max(row.progressPercentage, step);
            const completed = row.status === 'COMPLETED' || percentage >= 100;
            return { ...row, progressPercentage: percentage, status: completed ? 'COMPLETED' : 'IN_PROGRESS' };
          },
          'Progress updated',
        ),
      );
    },
  )

  .post(
    '/components/:id/complete',
    inFirstBatch(requireLearner),
    validate('param', idParam),
    validate('json', completeBody),
    async (c) => {
      const { score } = c.req.valid('json');
      const { ctx, now, iso, record, subjectOf } = await componentStep(c, c.req.valid('param').id, {
        code: 'FORBIDDEN',
        message: 'An assessment is completed only by a passing submission',
      });
      if (ctx.row.status !== 'COMPLETED') {
        if (!ctx.row.startedAt) throw new ApiError('NOT_ENOUGH_VIEWING', NOT_OPENED_MESSAGE);
        const subject = await subjectOf(ctx.row.mediaSeconds);
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
          (row) => ({ ...row, status: 'COMPLETED', progressPercentage: 100 }),
          'Component completed',
        ),
      );
    },
  )

  .put(
    '/components/:id/time',
    inFirstBatch(requireLearner),
    validate('param', idParam),
    validate('json', timeBody),
    async (c) => {
      const { additionalSeconds } = c.req.valid('json');
      const { iso, record } = await componentStep(c, c.req.valid('param').id);
      return c.json(
        await record(
          { timeSpentSeconds: sql`${componentProgress.timeSpentSeconds} + ${additionalSeconds}`, lastAccessedAt: iso },
          (row) => ({ ...row, timeSpentSeconds: row.timeSpentSeconds + additionalSeconds }),
          'Time recorded',
          additionalSeconds,
        ),
      );
    },
  );
