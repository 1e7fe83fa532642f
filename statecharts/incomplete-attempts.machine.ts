import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Recovery of assessment attempts left open (tab closed, network lost): check on page load, show
 * the non-dismissible list, submit one or all, shrink the list, close when it is empty. An attempt
 * with time left can also be returned to (issue 26): the learner who wandered off goes back to the
 * open attempt instead of having it graded half-answered. That is not a dismissal: the learner
 * leaves for the attempt, which the assessment page resumes.
 * Effects are placeholder actors; web/state/incomplete-attempts.tsx provides the real ones.
 */

export const INCOMPLETE_MESSAGES = {
  checkFailed: 'Failed to check incomplete attempts',
  submitOneFailed: 'Failed to submit attempt',
  submitSomeFailed: 'Failed to submit some attempts',
} as const;

export interface IncompleteAttemptRow {
  attemptId: string;
  courseId: string;
  componentId: string;
  courseTitle: string;
  componentTitle: string;
  elapsedMinutes: number;
  attemptNumber: number;
  /** Seconds left before the deadline when the list was read (0: time is up, only Submit remains). */
  remainingSeconds: number;
}

/** The open attempt the learner chose to go back to. */
export type ReturnTarget = Pick<IncompleteAttemptRow, 'attemptId' | 'courseId' | 'componentId'>;

export interface SubmitAllOutput {
  submitted: string[];
  failed: string[];
}

export interface IncompleteContext {
  attempts: IncompleteAttemptRow[];
  submittingId: string | null;
  error: string | null;
  /** Attempts submitted from this dialog, so the page can refresh what they changed. */
  submittedCount: number;
  /** Set when the learner chose "Return to the assessment". */
  returnTo: ReturnTarget | null;
}

export type IncompleteEvent =
  | { type: 'attempt.submit'; attemptId: string }
  | { type: 'attempts.submitAll' }
  | { type: 'attempt.return'; attemptId: string }
  | { type: 'dialog.continue' };

export type IncompleteEmitted =
  | { type: 'attempts.resolved'; submittedCount: number }
  | { type: 'attempt.resume'; target: ReturnTarget };

export const incompleteAttemptsMachine = setup({
  types: {
    context: {} as IncompleteContext,
    events: {} as IncompleteEvent,
    emitted: {} as IncompleteEmitted,
    tags: {} as 'open' | 'busy',
  },
  actors: {
    checkIncomplete: fromPromise<IncompleteAttemptRow[]>(async () => {
      throw new Error('checkIncomplete not provided');
    }),
    submitAttempt: fromPromise<void, { attemptId: string }>(async () => {
      throw new Error('submitAttempt not provided');
    }),
    submitAll: fromPromise<SubmitAllOutput, { attemptIds: string[] }>(async () => {
      throw new Error('submitAll not provided');
    }),
  },
  guards: {
    foundAttempts: (_, params: { attempts: IncompleteAttemptRow[] }) => params.attempts.length > 0,
    isEmpty: ({ context }) => context.attempts.length === 0,
    isLastListed: ({ context }) => context.attempts.every((a) => a.attemptId === context.submittingId),
    isListed: ({ context }, params: { attemptId: string }) =>
      context.attempts.some((a) => a.attemptId === params.attemptId),
    hasTimeLeft: ({ context }, params: { attemptId: string }) =>
      context.attempts.some((a) => a.attemptId === params.attemptId && a.remainingSeconds > 0),
    someFailed: (_, params: { output: SubmitAllOutput }) => params.output.failed.length > 0,
  },
  actions: {
    storeAttempts: assign((_, params: { attempts: IncompleteAttemptRow[] }) => ({ attempts: params.attempts })),
    markSubmitting: assign((_, params: { attemptId: string }) => ({ submittingId: params.attemptId, error: null })),
    removeSubmitting: assign(({ context }) => ({
      attempts: context.attempts.filter((a) => a.attemptId !== context.submittingId),
      submittingId: null,
      submittedCount: context.submittedCount + 1,
    })),
    removeSubmitted: assign(({ context }, params: { output: SubmitAllOutput }) => ({
      attempts: context.attempts.filter((a) => !params.output.submitted.includes(a.attemptId)),
      submittedCount: context.submittedCount + params.output.submitted.length,
    })),
    clearSubmitting: assign({ submittingId: null }),
    storeReturn: assign(({ context }, params: { attemptId: string }) => {
      const row = context.attempts.find((a) => a.attemptId === params.attemptId)!;
      return { returnTo: { attemptId: row.attemptId, courseId: row.courseId, componentId: row.componentId } };
    }),
    announceReturn: emit(({ context }) => ({ type: 'attempt.resume' as const, target: context.returnTo! })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    /** A failed check on page load must not interrupt the learner with an error: it is only logged. */
    logCheckFailure: (_, params: { error: unknown }) => {
      console.warn('Incomplete attempts check failed', params.error);
    },
    announceResolved: emit(({ context }) => ({
      type: 'attempts.resolved' as const,
      submittedCount: context.submittedCount,
    })),
  },
}).createMachine({
  id: 'incompleteAttempts',
  context: { attempts: [], submittingId: null, error: null, submittedCount: 0, returnTo: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkIncomplete',
        src: 'checkIncomplete',
        onDone: [
          {
            guard: { type: 'foundAttempts', params: ({ event }) => ({ attempts: event.output }) },
            target: 'open',
            actions: { type: 'storeAttempts', params: ({ event }) => ({ attempts: event.output }) },
          },
          { target: 'closed' },
        ],
        onError: {
          target: 'closed',
          actions: { type: 'logCheckFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    open: {
      tags: ['open'],
      initial: 'list',
      states: {
        list: {
          on: {
            'attempt.submit': {
              guard: { type: 'isListed', params: ({ event }) => ({ attemptId: event.attemptId }) },
              target: 'submittingOne',
              actions: { type: 'markSubmitting', params: ({ event }) => ({ attemptId: event.attemptId }) },
            },
            'attempts.submitAll': [
              { guard: 'isEmpty', target: '#incompleteAttempts.closed' },
              { target: 'submittingAll' },
            ],
            'dialog.continue': { guard: 'isEmpty', target: '#incompleteAttempts.closed' },
            'attempt.return': {
              guard: { type: 'hasTimeLeft', params: ({ event }) => ({ attemptId: event.attemptId }) },
              target: '#incompleteAttempts.returning',
              actions: { type: 'storeReturn', params: ({ event }) => ({ attemptId: event.attemptId }) },
            },
          },
        },
        submittingOne: {
          tags: ['busy'],
          invoke: {
            id: 'submitAttempt',
            src: 'submitAttempt',
            input: ({ context }) => ({ attemptId: context.submittingId! }),
            onDone: [
              { guard: 'isLastListed', target: '#incompleteAttempts.closed', actions: 'removeSubmitting' },
              { target: 'list', actions: 'removeSubmitting' },
            ],
            onError: {
              target: 'list',
              actions: [
                'clearSubmitting',
                { type: 'setError', params: { message: INCOMPLETE_MESSAGES.submitOneFailed } },
              ],
            },
          },
        },
        submittingAll: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'submitAll',
            src: 'submitAll',
            input: ({ context }) => ({ attemptIds: context.attempts.map((a) => a.attemptId) }),
            onDone: [
              {
                guard: { type: 'someFailed', params: ({ event }) => ({ output: event.output }) },
                target: 'list',
                actions: [
                  { type: 'removeSubmitted', params: ({ event }) => ({ output: event.output }) },
                  { type: 'setError', params: { message: INCOMPLETE_MESSAGES.submitSomeFailed } },
                ],
              },
              {
                target: 'rechecking',
                actions: { type: 'removeSubmitted', params: ({ event }) => ({ output: event.output }) },
              },
            ],
            onError: {
              target: 'list',
              actions: { type: 'setError', params: { message: INCOMPLETE_MESSAGES.submitSomeFailed } },
            },
          },
        },
        // "Submit All and Continue": confirm with the server that nothing is left open before closing.
        rechecking: {
          tags: ['busy'],
          invoke: {
            id: 'recheckIncomplete',
            src: 'checkIncomplete',
            onDone: [
              {
                guard: { type: 'foundAttempts', params: ({ event }) => ({ attempts: event.output }) },
                target: 'list',
                actions: { type: 'storeAttempts', params: ({ event }) => ({ attempts: event.output }) },
              },
              { target: '#incompleteAttempts.closed', actions: { type: 'storeAttempts', params: { attempts: [] } } },
            ],
            onError: {
              target: 'list',
              actions: { type: 'setError', params: { message: INCOMPLETE_MESSAGES.checkFailed } },
            },
          },
        },
      },
    },
    closed: {
      entry: 'announceResolved',
      type: 'final',
    },
    // The page opens the attempt; the check runs again on the next dashboard or My Courses visit.
    returning: {
      entry: 'announceReturn',
      type: 'final',
    },
  },
});
