import { assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ComponentProgress, CourseProgress } from '../worker/contract/progress';
import type { Course, LearnerComponent } from '../worker/contract/courses';
import { isAssessmentType, MAX_ATTEMPTS } from '../worker/contract/course';
import type { CourseVersion } from '../worker/contract/delivery-language';
import {
  availableSections,
  continueTarget,
  isComponentLocked,
  learnerCourseState,
  type ComponentStatus,
  type LearnerCourseState,
} from '../worker/contract/rules/progress';

/**
 * A course and the learner's progress in it: load both (a 404 on progress = not enrolled),
 * expose per-component availability through the shared rules of contract/rules/progress.ts,
 * the continue target, and notice when the course becomes COMPLETED during the session
 * (emits 'course.completed', which opens the certificate dialog).
 */

export const COURSE_MESSAGES = { loadFailed: 'Failed to load course' } as const;

/** `versions`: the other language versions of the course (the course page's "Also available in"). */
export type CourseWithComponents = Course & { components: LearnerComponent[]; versions?: CourseVersion[] };

export interface CourseLoadOutput {
  course: CourseWithComponents;
  /** null when the learner is not enrolled (the progress call answered 404). */
  progress: { courseProgress: CourseProgress; componentProgresses: ComponentProgress[] } | null;
}

export interface CourseProgressContext {
  courseId: string;
  course: CourseWithComponents | null;
  courseProgress: CourseProgress | null;
  componentProgresses: ComponentProgress[];
  /** The course status seen earlier in this session (kept by web/state across page visits). */
  lastSeenStatus: string | null;
  error: string | null;
}

export type CourseProgressEvent = { type: 'course.reload' };
export type CourseProgressEmitted = { type: 'course.completed'; courseId: string; courseTitle: string };

export interface ComponentView {
  component: LearnerComponent;
  title: string;
  status: ComponentStatus;
  progressPercentage: number;
  score: number | null;
  attempts: number;
  timeSpentSeconds: number;
  locked: boolean;
  /** Content is unavailable until enrollment. */
  needsEnrollment: boolean;
  /** Assessment: attempts left after a FAILED result (null for materials and classroom sessions). */
  attemptsLeft: number | null;
  /**
   * A classroom session the learner has reached and not yet attended: the step is theirs to do in
   * person, and only the trainer's signed-off attendance completes it (no button completes it).
   */
  awaitsTrainer: boolean;
}

const progressMap = (list: readonly ComponentProgress[]) =>
  new Map(list.map((p) => [p.componentId, { status: p.status, progressPercentage: p.progressPercentage }]));

/** Per-component view, in course order, for the component list and the stepper. */
export function componentViews(
  context: Pick<CourseProgressContext, 'course' | 'courseProgress' | 'componentProgresses'>,
): ComponentView[] {
  const components = [...(context.course?.components ?? [])].sort((a, b) => a.orderIndex - b.orderIndex);
  const enrolled = context.courseProgress !== null;
  const map = progressMap(context.componentProgresses);
  return components.map((component) => {
    const p = context.componentProgresses.find((x) => x.componentId === component.id);
    const isAssessment = isAssessmentType(component.type);
    const locked = enrolled && isComponentLocked(components, map, component.id);
    const status = p?.status ?? 'NOT_STARTED';
    const maxAttempts = isAssessment ? (component.data as { maxAttempts?: number }).maxAttempts || MAX_ATTEMPTS : null;
    return {
      component,
      title: component.data.title,
      status,
      progressPercentage: p?.progressPercentage ?? 0,
      score: p?.score ?? null,
      attempts: p?.attempts ?? 0,
      timeSpentSeconds: p?.timeSpentSeconds ?? 0,
      locked,
      needsEnrollment: !enrolled,
      attemptsLeft: maxAttempts === null ? null : Math.max(0, maxAttempts - (p?.attempts ?? 0)),
      awaitsTrainer: component.type === 'CLASSROOM' && enrolled && !locked && status !== 'COMPLETED',
    };
  });
}

export function courseContinueTarget(
  context: Pick<CourseProgressContext, 'course' | 'courseProgress' | 'componentProgresses'>,
): LearnerComponent | null {
  if (!context.course || !context.courseProgress || context.courseProgress.status === 'COMPLETED') return null;
  return continueTarget(context.course.components, progressMap(context.componentProgresses));
}

/**
 * Where "Complete & Continue" goes after this component: the next one in course order, once it is
 * open to the learner; null at the last one (or a locked next one, or a classroom session, which
 * has no page of its own), and the page shows the course.
 */
export function componentAfter(
  context: Pick<CourseProgressContext, 'course' | 'courseProgress' | 'componentProgresses'>,
  componentId: string,
): LearnerComponent | null {
  const views = componentViews(context);
  const index = views.findIndex((v) => v.component.id === componentId);
  const next = index >= 0 ? views[index + 1] : undefined;
  return next && !next.locked && !next.needsEnrollment && next.component.type !== 'CLASSROOM' ? next.component : null;
}

export function courseAvailableSections(
  context: Pick<CourseProgressContext, 'course' | 'componentProgresses'>,
): number {
  return availableSections(context.course?.components ?? [], progressMap(context.componentProgresses));
}

export function courseState(context: Pick<CourseProgressContext, 'courseProgress'>): LearnerCourseState {
  return learnerCourseState(context.courseProgress);
}

type LoadDone = { event: DoneActorEvent<CourseLoadOutput> };
const storeOutput = { type: 'store', params: ({ event }: LoadDone) => ({ output: event.output }) } as const;

/**
 * The first load and a reload store the answer alike (and notice a completion); they differ in
 * their id and in where a failure leaves the page.
 */
const loadInvoke = (id: 'loadCourse' | 'refreshCourse', onFailure: 'failed' | 'ready') => ({
  id,
  src: 'loadCourse' as const,
  input: ({ context }: { context: CourseProgressContext }) => ({ courseId: context.courseId }),
  onDone: [
    {
      guard: { type: 'becameCompleted', params: ({ event }: LoadDone) => ({ output: event.output }) } as const,
      target: 'ready',
      actions: [storeOutput, 'announceCompleted'] as const,
    },
    { target: 'ready', actions: storeOutput },
  ],
  onError: {
    target: onFailure,
    actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } as const,
  },
});

export const courseProgressMachine = setup({
  types: {
    context: {} as CourseProgressContext,
    events: {} as CourseProgressEvent,
    input: {} as { courseId: string; lastSeenStatus?: string | null; loaded?: CourseLoadOutput | null },
    emitted: {} as CourseProgressEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadCourse: fromPromise<CourseLoadOutput, { courseId: string }>(async () => {
      throw new Error('loadCourse not provided');
    }),
  },
  guards: {
    preloaded: ({ context }) => context.course !== null,
    becameCompleted: ({ context }, params: { output: CourseLoadOutput }) =>
      params.output.progress?.courseProgress.status === 'COMPLETED' &&
      context.lastSeenStatus !== null &&
      context.lastSeenStatus !== 'COMPLETED',
  },
  actions: {
    store: assign((_, params: { output: CourseLoadOutput }) => ({
      course: params.output.course,
      courseProgress: params.output.progress?.courseProgress ?? null,
      componentProgresses: params.output.progress?.componentProgresses ?? [],
      lastSeenStatus: params.output.progress?.courseProgress.status ?? 'NOT_ENROLLED',
      error: null,
    })),
    announceCompleted: emit(({ context }) => ({
      type: 'course.completed' as const,
      courseId: context.courseId,
      courseTitle: context.course?.title ?? '',
    })),
    setError: assign((_, params: { error: unknown }) => ({
      error: (params.error instanceof Error && params.error.message) || COURSE_MESSAGES.loadFailed,
    })),
  },
}).createMachine({
  id: 'courseProgress',
  context: ({ input }) => {
    const context: CourseProgressContext = {
      courseId: input.courseId,
      course: null,
      courseProgress: null,
      componentProgresses: [],
      lastSeenStatus: input.lastSeenStatus ?? null,
      error: null,
    };
    // Fresh answers already at hand (the page arrived with them): ready at once, unless they show a
    // completion this session has not seen yet, which the load announces (the certificate dialog).
    const loaded = input.loaded;
    const completedUnseen =
      loaded?.progress?.courseProgress.status === 'COMPLETED' &&
      context.lastSeenStatus !== null &&
      context.lastSeenStatus !== 'COMPLETED';
    if (!loaded || completedUnseen) return context;
    return {
      ...context,
      course: loaded.course,
      courseProgress: loaded.progress?.courseProgress ?? null,
      componentProgresses: loaded.progress?.componentProgresses ?? [],
      lastSeenStatus: loaded.progress?.courseProgress.status ?? 'NOT_ENROLLED',
    };
  },
  initial: 'starting',
  states: {
    // Decided as the machine starts: answers given with the input, or a load.
    starting: {
      always: [{ guard: 'preloaded', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: loadInvoke('loadCourse', 'failed'),
    },
    ready: {
      on: { 'course.reload': 'refreshing' },
    },
    // Reloading keeps the course on screen; only the data is replaced. A reload asked for while one
    // runs starts it again (that answer may predate the change, e.g. an enrolment); a failed reload
    // keeps the course and says so, with a retry.
    refreshing: {
      on: { 'course.reload': { target: 'refreshing', reenter: true } },
      invoke: loadInvoke('refreshCourse', 'ready'),
    },
    failed: {
      on: { 'course.reload': 'loading' },
    },
  },
});
