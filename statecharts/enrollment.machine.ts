import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Enrolling in a course: enroll, wait 1 s, show the success banner for
 * about 3 s, then ask the page to reload the course. The enroll call is a placeholder actor.
 *
 * A required course (a requirement in force covers the learner) has no enrolment step: Start asks
 * the server to start it (the server enrols the learner when needed) and the page opens the
 * component the server names. Issue 26 took the tap and the 4 s of banner out of required training.
 */

export const ENROLL_WAIT_MS = 1000;
export const ENROLL_BANNER_MS = 3000;
export const ENROLLMENT_MESSAGES = {
  success: 'Successfully enrolled in this course! Your progress will now be tracked.',
  failed: 'Failed to enroll',
} as const;

/** The component a started course opens with (null: none is open; the page stays on the course). */
export type StartedComponent = {
  id: string;
  type: 'MATERIAL' | 'PRE_ASSESSMENT' | 'CLASSROOM' | 'POST_ASSESSMENT';
} | null;

export interface EnrollmentContext {
  courseId: string;
  enrolledAtStart: boolean;
  required: boolean;
  error: string | null;
  /** Set once a required course has started. */
  opened: StartedComponent;
}

export type EnrollmentEvent = { type: 'course.enroll' } | { type: 'course.start' };
export type EnrollmentEmitted = { type: 'course.reload' } | { type: 'course.open'; component: StartedComponent };

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : '');

export const enrollmentMachine = setup({
  types: {
    context: {} as EnrollmentContext,
    events: {} as EnrollmentEvent,
    input: {} as { courseId: string; enrolled: boolean; required?: boolean },
    emitted: {} as EnrollmentEmitted,
    tags: {} as 'busy' | 'banner',
  },
  actors: {
    enroll: fromPromise<void, { courseId: string }>(async () => {
      throw new Error('enroll not provided');
    }),
    startCourse: fromPromise<StartedComponent, { courseId: string }>(async () => {
      throw new Error('startCourse not provided');
    }),
  },
  guards: {
    startsEnrolled: ({ context }) => context.enrolledAtStart,
    isRequired: ({ context }) => context.required,
  },
  actions: {
    setError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error) || ENROLLMENT_MESSAGES.failed,
    })),
    clearError: assign({ error: null }),
    requestReload: emit({ type: 'course.reload' as const }),
    storeOpened: assign((_, params: { component: StartedComponent }) => ({ opened: params.component })),
    requestOpen: emit(({ context }) => ({ type: 'course.open' as const, component: context.opened })),
  },
  delays: { enrollWait: ENROLL_WAIT_MS, bannerTime: ENROLL_BANNER_MS },
}).createMachine({
  id: 'enrollment',
  context: ({ input }) => ({
    courseId: input.courseId,
    enrolledAtStart: input.enrolled,
    required: input.required ?? false,
    error: null,
    opened: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsEnrolled', target: 'enrolled' }, { target: 'notEnrolled' }],
    },
    notEnrolled: {
      on: {
        'course.enroll': { target: 'enrolling', actions: 'clearError' },
        'course.start': { guard: 'isRequired', target: 'starting', actions: 'clearError' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startCourse',
        src: 'startCourse',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'started',
          actions: [{ type: 'storeOpened', params: ({ event }) => ({ component: event.output }) }, 'requestOpen'],
        },
        onError: {
          target: 'notEnrolled',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Enrolled by starting: the page opens the component (or reloads the course when none is named).
    started: {},
    enrolling: {
      tags: ['busy'],
      invoke: {
        id: 'enroll',
        src: 'enroll',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: 'waiting',
        onError: {
          target: 'notEnrolled',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: {
      tags: ['busy'],
      after: { enrollWait: 'banner' },
    },
    banner: {
      tags: ['banner'],
      after: { bannerTime: { target: 'enrolled', actions: 'requestReload' } },
    },
    enrolled: {},
  },
});
