import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Enrolling in a course: enroll, wait 1 s, show the success banner for
 * about 3 s, then ask the page to reload the course. The enroll call is a placeholder actor.
 */

export const ENROLL_WAIT_MS = 1000;
export const ENROLL_BANNER_MS = 3000;
export const ENROLLMENT_MESSAGES = {
  success: 'Successfully enrolled in this course! Your progress will now be tracked.',
  failed: 'Failed to enroll',
} as const;

export interface EnrollmentContext {
  courseId: string;
  enrolledAtStart: boolean;
  error: string | null;
}

export type EnrollmentEvent = { type: 'course.enroll' };
export type EnrollmentEmitted = { type: 'course.reload' };

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : '');

export const enrollmentMachine = setup({
  types: {
    context: {} as EnrollmentContext,
    events: {} as EnrollmentEvent,
    input: {} as { courseId: string; enrolled: boolean },
    emitted: {} as EnrollmentEmitted,
    tags: {} as 'busy' | 'banner',
  },
  actors: {
    enroll: fromPromise<void, { courseId: string }>(async () => {
      throw new Error('enroll not provided');
    }),
  },
  guards: {
    startsEnrolled: ({ context }) => context.enrolledAtStart,
  },
  actions: {
    setError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error) || ENROLLMENT_MESSAGES.failed,
    })),
    clearError: assign({ error: null }),
    requestReload: emit({ type: 'course.reload' as const }),
  },
  delays: { enrollWait: ENROLL_WAIT_MS, bannerTime: ENROLL_BANNER_MS },
}).createMachine({
  id: 'enrollment',
  context: ({ input }) => ({ courseId: input.courseId, enrolledAtStart: input.enrolled, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsEnrolled', target: 'enrolled' }, { target: 'notEnrolled' }],
    },
    notEnrolled: {
      on: { 'course.enroll': { target: 'enrolling', actions: 'clearError' } },
    },
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
