import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import {
  allAnswered,
  ASSESSMENT_MESSAGES,
  AUTO_SUBMIT_RETRY_MS,
  AUTOSAVE_RETRY_MS,
  DUPLICATE_RETRY_MS,
  EMPTY_HISTORY,
  hasAttemptsRemaining,
  isLostAnswer,
  LAST_MINUTE_SECONDS,
  LOW_TIME_SECONDS,
  secondsUntil,
  SUBMIT_RETRIES,
  SUBMIT_RETRY_MS,
  TIME_ANNOUNCEMENTS,
  type AssessmentContext,
  type AssessmentEvent,
  type AssessmentInput,
  type AttemptInfo,
  type GradedAttempt,
  type LoadOutput,
  type SubmitTrigger,
  type TimeAnnouncement,
  type TimerAnnounceEvent,
} from './assessment.rules';

/**
 * A timed assessment attempt: load the assessment's rules and the learner's record, show an intro (nothing
 * is started until the learner presses Start, so opening the page never uses up an attempt or
 * starts the server clock; the server serves no question before it), start the attempt (its
 * answer carries the questions in the attempt's order), answer with a countdown driven by the SERVER
 * deadline, autosave every answer as it is given, submit (by hand or automatically at zero) and
 * show the graded result. An open attempt is resumed at once without the intro (its clock is
 * already running); a passed assessment opens in review.
 * Effects are placeholder actors; web/state/assessment.tsx provides the real ones.
 */

// Screens and tests import the machine's vocabulary from here, as before the rules had a module of their own.
export * from './assessment.rules';

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/** The wall clock a `timer.tick` carries: what the clock's guards and the remaining-time update read. */
const tickTime = ({ event }: { event: { now: number } }) => ({ now: event.now });

/** A tick past the deadline, in any clock state: the attempt is submitted, and time up is announced. */
const expiredTick = {
  guard: { type: 'isExpired', params: tickTime },
  target: '#assessment.submitting',
  actions: ['markTimeout', { type: 'announce', params: { threshold: 'timeUp' } }],
} as const;

/** A tick that crosses into a later clock state (which announces itself on entry). */
const tickInto = <G extends 'isLastMinute' | 'isTimeLow', T extends 'lastMinute' | 'low'>(guard: G, target: T) =>
  ({
    guard: { type: guard, params: tickTime },
    target,
    actions: { type: 'updateRemaining', params: tickTime },
  }) as const;

/** Any other tick only updates the remaining time. */
const countingTick = { actions: { type: 'updateRemaining', params: tickTime } } as const;

export const assessmentMachine = setup({
  types: {
    context: {} as AssessmentContext,
    events: {} as AssessmentEvent,
    input: {} as AssessmentInput,
    tags: {} as 'timeLow' | 'duplicateWait' | 'busy',
    emitted: {} as TimerAnnounceEvent,
  },
  actors: {
    loadAssessment: fromPromise<LoadOutput, { componentId: string }>(async () => {
      throw new Error('loadAssessment not provided');
    }),
    startAttempt: fromPromise<AttemptInfo, { componentId: string }>(async () => {
      throw new Error('startAttempt not provided');
    }),
    saveAnswers: fromPromise<void, { attemptId: string; answers: Record<string, string> }>(async () => {
      throw new Error('saveAnswers not provided');
    }),
    submitAttempt: fromPromise<
      GradedAttempt,
      { attemptId: string; answers: Record<string, string>; reason: SubmitTrigger }
    >(async () => {
      throw new Error('submitAttempt not provided');
    }),
    loadAttemptResult: fromPromise<GradedAttempt, { attemptId: string }>(async () => {
      throw new Error('loadAttemptResult not provided');
    }),
    /** One tick at once, then one a second, carrying the wall clock: the remaining time is always deadline - now. */
    ticker: fromCallback<{ type: 'noop' }>(({ sendBack }) => {
      sendBack({ type: 'timer.tick', now: Date.now() });
      const id = setInterval(() => sendBack({ type: 'timer.tick', now: Date.now() }), 1000);
      return () => clearInterval(id);
    }),
  },
  guards: {
    hasPassedAttempt: (_, params: { output: LoadOutput }) => params.output.passedAttemptId !== null,
    hasOpenAttempt: (_, params: { output: LoadOutput }) => (params.output.openAttemptId ?? null) !== null,
    canStart: ({ context }) => hasAttemptsRemaining(context.history),
    hasFailedLastAttempt: ({ context }) => context.history.lastAttempt !== null && !context.history.lastAttempt.passed,
    isDuplicateKey: (_, params: { error: unknown }) => /duplicate key/i.test(errorMessage(params.error)),
    canSubmit: ({ context }) => allAnswered(context.assessment?.questions ?? [], context.answers),
    isExpired: ({ context }, params: { now: number }) =>
      context.attempt !== null && secondsUntil(context.attempt.deadline, params.now) <= 0,
    isTimeLow: ({ context }, params: { now: number }) =>
      context.attempt !== null && secondsUntil(context.attempt.deadline, params.now) < LOW_TIME_SECONDS,
    isLastMinute: ({ context }, params: { now: number }) =>
      context.attempt !== null && secondsUntil(context.attempt.deadline, params.now) < LAST_MINUTE_SECONDS,
    hasUnsaved: ({ context }) => Object.keys(context.unsaved).length > 0,
    isAutoSubmit: ({ context }) => context.submitReason === 'timeout',
    mayResubmit: ({ context }, params: { error: unknown }) =>
      isLostAnswer(params.error) && context.submitRetries < SUBMIT_RETRIES,
    hasAttemptsLeft: ({ context }) =>
      context.result !== null && !context.result.passed && (context.result.attemptsRemaining ?? 0) > 0,
  },
  actions: {
    storeAssessment: assign((_, params: { output: LoadOutput }) => ({
      assessment: params.output.assessment,
      history: params.output.history ?? EMPTY_HISTORY,
      reviewAttemptId: params.output.passedAttemptId,
      error: null,
    })),
    reviewLastAttempt: assign(({ context }) => ({
      reviewAttemptId: context.history.lastAttempt?.attemptId ?? null,
      error: null,
    })),
    /** A graded attempt becomes the intro's last attempt, so a retake shows what is left. */
    recordInHistory: assign(({ context }, params: { result: GradedAttempt }) => ({
      history: {
        usedAttempts: context.history.usedAttempts + 1,
        remainingAttempts:
          context.history.remainingAttempts === null
            ? null
            : (params.result.attemptsRemaining ?? Math.max(0, context.history.remainingAttempts - 1)),
        lastAttempt: {
          attemptId: params.result.attemptId,
          attemptNumber: params.result.attemptNumber,
          score: params.result.score,
          passed: params.result.passed,
        },
      },
    })),
    storeAttempt: assign(({ context }, params: { attempt: AttemptInfo }) => ({
      assessment:
        context.assessment && params.attempt.questions
          ? { ...context.assessment, questions: params.attempt.questions }
          : context.assessment,
      attempt: params.attempt,
      answers: { ...(params.attempt.answers ?? {}) },
      unsaved: {},
      saving: {},
      result: null,
      submitReason: 'manual' as SubmitTrigger,
      remainingSeconds: null,
      error: null,
    })),
    recordAnswer: assign(({ context }, params: { questionId: string; answer: string }) => ({
      answers: { ...context.answers, [params.questionId]: params.answer },
      unsaved: { ...context.unsaved, [params.questionId]: params.answer },
    })),
    takeUnsaved: assign(({ context }) => ({ saving: context.unsaved, unsaved: {} })),
    /** A failed save puts its answers back unless the learner has changed them since. */
    restoreUnsaved: assign(({ context }) => ({ unsaved: { ...context.saving, ...context.unsaved }, saving: {} })),
    clearSaving: assign({ saving: {} }),
    updateRemaining: assign(({ context }, params: { now: number }) => ({
      remainingSeconds: context.attempt ? secondsUntil(context.attempt.deadline, params.now) : null,
    })),
    markTimeout: assign({ submitReason: 'timeout' as SubmitTrigger, remainingSeconds: 0, submitRetries: 0 }),
    markManual: assign({ submitReason: 'manual' as SubmitTrigger, submitRetries: 0 }),
    // The learner presses Submit again: a fresh round of automatic resends (the reason stays).
    markManualRetry: assign({ submitRetries: 0 }),
    countResubmit: assign(({ context }) => ({ submitRetries: context.submitRetries + 1 })),
    storeResult: assign((_, params: { result: GradedAttempt }) => ({ result: params.result, error: null })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    setServerError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: errorMessage(params.error) || params.fallback,
    })),
    clearError: assign({ error: null }),
    announce: emit((_, params: { threshold: TimeAnnouncement }) => ({
      type: 'timer.announce' as const,
      threshold: params.threshold,
      message: TIME_ANNOUNCEMENTS[params.threshold].message,
    })),
  },
  delays: {
    duplicateRetry: DUPLICATE_RETRY_MS,
    autosaveRetry: AUTOSAVE_RETRY_MS,
    autoSubmitRetry: AUTO_SUBMIT_RETRY_MS,
    submitRetry: SUBMIT_RETRY_MS,
  },
}).createMachine({
  id: 'assessment',
  context: ({ input }) => ({
    componentId: input.componentId,
    assessment: null,
    history: EMPTY_HISTORY,
    attempt: null,
    answers: {},
    unsaved: {},
    saving: {},
    remainingSeconds: null,
    submitReason: 'manual',
    result: null,
    reviewAttemptId: null,
    error: null,
    submitRetries: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssessment',
        src: 'loadAssessment',
        input: ({ context }) => ({ componentId: context.componentId }),
        onDone: [
          {
            guard: { type: 'hasPassedAttempt', params: ({ event }) => ({ output: event.output }) },
            target: 'reviewLoading',
            actions: { type: 'storeAssessment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'hasOpenAttempt', params: ({ event }) => ({ output: event.output }) },
            target: 'starting',
            actions: { type: 'storeAssessment', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'intro', actions: { type: 'storeAssessment', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: { message: ASSESSMENT_MESSAGES.loadFailed } },
        },
      },
    },
    // Nothing has started: the learner reads the rules and chooses to start (or to look at the last failed attempt).
    intro: {
      on: {
        'attempt.start': { guard: 'canStart', target: 'starting' },
        'attempt.review': { guard: 'hasFailedLastAttempt', target: 'reviewLoading', actions: 'reviewLastAttempt' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startAttempt',
        src: 'startAttempt',
        input: ({ context }) => ({ componentId: context.componentId }),
        onDone: {
          target: 'answering',
          actions: { type: 'storeAttempt', params: ({ event }) => ({ attempt: event.output }) },
        },
        onError: [
          // A start answered with "duplicate key" (two starts raced on a server's one-open-attempt
          // index) shows "Loading assessment... Please wait." and asks again after 1 s. This Worker
          // answers such a race with the open attempt itself, so only servers of the original API
          // send it; the client keeps the rule for them.
          {
            guard: { type: 'isDuplicateKey', params: ({ event }) => ({ error: event.error }) },
            target: 'waitingToRetry',
          },
          {
            target: 'failed',
            actions: {
              type: 'setServerError',
              params: ({ event }) => ({ error: event.error, fallback: ASSESSMENT_MESSAGES.loadFailed }),
            },
          },
        ],
      },
    },
    waitingToRetry: {
      tags: ['busy', 'duplicateWait'],
      after: { duplicateRetry: 'starting' },
    },
    answering: {
      type: 'parallel',
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'answer.select': {
          actions: {
            type: 'recordAnswer',
            params: ({ event }) => ({ questionId: event.questionId, answer: event.answer }),
          },
        },
        'attempt.submit': { guard: 'canSubmit', target: 'submitting', actions: 'markManual' },
      },
      states: {
        // Each clock state handles its own ticks, so a state is entered (and announced) once, when
        // the time crosses into it; a tick that keeps the state only updates the remaining time.
        clock: {
          initial: 'plenty',
          states: {
            plenty: {
              on: {
                'timer.tick': [
                  expiredTick,
                  tickInto('isLastMinute', 'lastMinute'),
                  tickInto('isTimeLow', 'low'),
                  countingTick,
                ],
              },
            },
            low: {
              tags: ['timeLow'],
              entry: { type: 'announce', params: { threshold: 'fiveMinutes' } },
              on: {
                'timer.tick': [expiredTick, tickInto('isLastMinute', 'lastMinute'), countingTick],
              },
            },
            lastMinute: {
              tags: ['timeLow'],
              entry: { type: 'announce', params: { threshold: 'oneMinute' } },
              on: {
                'timer.tick': [expiredTick, countingTick],
              },
            },
          },
        },
        autosave: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasUnsaved', target: 'saving' },
            },
            saving: {
              entry: 'takeUnsaved',
              invoke: {
                id: 'saveAnswers',
                src: 'saveAnswers',
                input: ({ context }) => ({ attemptId: context.attempt!.attemptId, answers: context.saving }),
                onDone: { target: 'idle', actions: 'clearSaving' },
                onError: { target: 'retryWait', actions: 'restoreUnsaved' },
              },
            },
            // Autosave never blocks answering: a failure waits and tries again with the newest answers.
            retryWait: {
              after: { autosaveRetry: 'saving' },
            },
          },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'submitAttempt',
        src: 'submitAttempt',
        input: ({ context }) => ({
          attemptId: context.attempt!.attemptId,
          answers: context.answers,
          reason: context.submitReason,
        }),
        onDone: {
          target: 'result',
          actions: [
            { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'recordInHistory', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          // The answer was lost (a 5xx, or no response): send the same answers again on our own.
          {
            guard: { type: 'mayResubmit', params: ({ event }) => ({ error: event.error }) },
            target: 'resubmitWait',
            actions: 'countResubmit',
          },
          {
            target: 'submitFailed',
            actions: { type: 'setError', params: { message: ASSESSMENT_MESSAGES.submitFailed } },
          },
        ],
      },
    },
    resubmitWait: {
      tags: ['busy'],
      after: { submitRetry: 'submitting' },
    },
    submitFailed: {
      on: { 'attempt.submit': { target: 'submitting', actions: 'markManualRetry' } },
      // At timer zero nobody is there to press the button: keep trying on our own.
      after: { autoSubmitRetry: { guard: 'isAutoSubmit', target: 'submitting' } },
    },
    // A retake goes back to the intro: only its Start button opens a new attempt.
    result: {
      on: { 'attempt.retake': { guard: 'hasAttemptsLeft', target: 'intro' } },
    },
    reviewLoading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAttemptResult',
        src: 'loadAttemptResult',
        input: ({ context }) => ({ attemptId: context.reviewAttemptId! }),
        onDone: {
          target: 'reviewing',
          actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: { message: ASSESSMENT_MESSAGES.reviewFailed } },
        },
      },
    },
    // A passed attempt is final; the review of a failed one leads back to the intro while attempts remain.
    reviewing: {
      on: { 'attempt.retake': { guard: 'hasAttemptsLeft', target: 'intro' } },
    },
    failed: {
      on: { 'assessment.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
