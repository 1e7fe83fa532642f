import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Starting recertification of a required course from its page: the learner opens the
 * confirmation, confirms, and the server starts a new training cycle (progress back to 0 %, fresh
 * attempts; the earlier cycle's progress and certificates are kept). Once it has started the page
 * is told to reload the course. A refusal (not yet due, an open attempt) keeps the confirmation
 * open with the server's message. The start call is a placeholder actor.
 */

export const RECERTIFICATION_MESSAGES = { failed: 'Failed to start recertification' } as const;

export interface RecertificationContext {
  courseId: string;
  error: string | null;
}

export type RecertificationEvent =
  | { type: 'recertification.open' }
  | { type: 'recertification.cancel' }
  | { type: 'recertification.confirm' };
export type RecertificationEmitted = { type: 'recertification.started'; courseId: string; message: string };

export interface RecertificationOutput {
  /** The server's confirmation, shown to the learner. */
  message: string;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : '');

export const recertificationMachine = setup({
  types: {
    context: {} as RecertificationContext,
    events: {} as RecertificationEvent,
    input: {} as { courseId: string },
    emitted: {} as RecertificationEmitted,
    tags: {} as 'open' | 'busy',
  },
  actors: {
    startRecertification: fromPromise<RecertificationOutput, { courseId: string }>(async () => {
      throw new Error('startRecertification not provided');
    }),
  },
  actions: {
    setError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error) || RECERTIFICATION_MESSAGES.failed,
    })),
    clearError: assign({ error: null }),
    announceStarted: emit(({ context }, params: { output: RecertificationOutput }) => ({
      type: 'recertification.started' as const,
      courseId: context.courseId,
      message: params.output.message,
    })),
  },
}).createMachine({
  id: 'recertification',
  context: ({ input }) => ({ courseId: input.courseId, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'recertification.open': { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      tags: ['open'],
      on: {
        'recertification.cancel': 'idle',
        'recertification.confirm': { target: 'starting', actions: 'clearError' },
      },
    },
    // Not cancellable: the server may already have started the cycle.
    starting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'startRecertification',
        src: 'startRecertification',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'started',
          actions: { type: 'announceStarted', params: ({ event }) => ({ output: event.output }) },
        },
        onError: {
          target: 'confirming',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // One cycle per visit: the page offers no second start, the server would refuse it anyway.
    started: {},
  },
});
