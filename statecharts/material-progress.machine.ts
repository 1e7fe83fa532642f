import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { MAX_TIME_REPORT_SECONDS } from '../worker/contract/progress';
import { toProgressStep, type ComponentStatus } from '../worker/contract/rules/progress';

/**
 * Viewing a learning material: mark it started when NOT_STARTED, report
 * progress in 10 % steps (a video by its position, a PDF by the pages shown long enough, a document
 * viewer 100 % once opened), complete it at 100 %, and send the time spent every 30 s and once more
 * when the learner leaves. The page shows what the server recorded (the number the course page
 * shows), not what was claimed. Time-report failures are only logged. Effects are placeholder
 * actors provided by web/state/material.tsx.
 */

export const TIME_REPORT_INTERVAL_MS = 30_000;
export const MATERIAL_MESSAGES = { completeFailed: 'Failed to complete material' } as const;

export interface MaterialInput {
  componentId: string;
  status: ComponentStatus;
  progressPercentage: number;
}

export interface MaterialContext {
  componentId: string;
  status: ComponentStatus;
  /** Highest 10 % step reached in this visit (or before). */
  progress: number;
  /** Highest step the server has been told about. */
  reportedProgress: number;
  /** What the server recorded (it holds back progress the time since opening does not make plausible): the number shown. */
  recordedProgress: number;
  /** A video's length as its player knows it, sent with the progress (the server paces completion by it). */
  durationSeconds: number | null;
  unsentSeconds: number;
  sendingSeconds: number;
  finishRequested: boolean;
  error: string | null;
}

export type MaterialEvent =
  | { type: 'material.progress'; percentage: number; durationSeconds?: number }
  /** A document that cannot be shown inline was opened or downloaded: it counts as fully viewed. */
  | { type: 'material.loaded' }
  /** "Complete & Continue". */
  | { type: 'material.finish' }
  /** The learner leaves the page (route change, tab hidden or closed): flush the time. */
  | { type: 'material.leave' }
  /** The tab became visible again after a leave. */
  | { type: 'material.return' }
  | { type: 'time.tick' };

export type MaterialEmitted = { type: 'material.finished' };

/**
 * The number the page shows: what the server recorded, and 100 as soon as the whole material has
 * been viewed here (a video played to its end, every page of a PDF shown long enough). The end
 * counts at once, with "Complete & Continue" beside it: before issue 26 a video's bar read
 * "Viewed 60 %" next to that button until the server's completion answered. Completion itself
 * is still the server's to grant (the button waits for it).
 */
export function shownProgress(context: Pick<MaterialContext, 'recordedProgress'>, fullyViewed: boolean): number {
  return fullyViewed ? 100 : context.recordedProgress;
}

export const materialProgressMachine = setup({
  types: {
    context: {} as MaterialContext,
    events: {} as MaterialEvent,
    input: {} as MaterialInput,
    emitted: {} as MaterialEmitted,
    tags: {} as 'fullyViewed' | 'completing',
  },
  actors: {
    startComponent: fromPromise<void, { componentId: string }>(async () => {
      throw new Error('startComponent not provided');
    }),
    /** Resolves with the percentage the server recorded. */
    reportProgress: fromPromise<
      number,
      { componentId: string; progressPercentage: number; durationSeconds: number | null }
    >(async () => {
      throw new Error('reportProgress not provided');
    }),
    completeMaterial: fromPromise<void, { componentId: string }>(async () => {
      throw new Error('completeMaterial not provided');
    }),
    sendTime: fromPromise<void, { componentId: string; seconds: number }>(async () => {
      throw new Error('sendTime not provided');
    }),
    /** Counts the seconds spent on the page. */
    secondTicker: fromCallback(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'time.tick' }), 1000);
      return () => clearInterval(id);
    }),
  },
  guards: {
    needsStart: ({ context }) => context.status === 'NOT_STARTED',
    wasCompleted: ({ context }) => context.status === 'COMPLETED',
    fullyViewed: ({ context }) => context.progress >= 100,
    hasUnreported: ({ context }) => context.progress > context.reportedProgress,
    finishRequested: ({ context }) => context.finishRequested,
    hasUnsentTime: ({ context }) => context.unsentSeconds > 0,
  },
  actions: {
    raiseProgress: assign(({ context }, params: { percentage: number; durationSeconds?: number }) => ({
      progress: Math.max(context.progress, toProgressStep(params.percentage)),
      durationSeconds: params.durationSeconds ?? context.durationSeconds,
    })),
    markReported: assign((_, params: { progress: number }) => ({ reportedProgress: params.progress })),
    /** The server's progress never goes down, and neither does the number shown. */
    takeRecorded: assign(({ context }, params: { recorded: number }) => ({
      recordedProgress: Number.isFinite(params.recorded)
        ? Math.max(context.recordedProgress, Math.min(100, params.recorded))
        : context.recordedProgress,
    })),
    requestFinish: assign({ finishRequested: true }),
    setCompleteError: assign({ error: MATERIAL_MESSAGES.completeFailed, finishRequested: false }),
    clearError: assign({ error: null }),
    markCompleted: assign({
      status: 'COMPLETED' as ComponentStatus,
      progress: 100,
      reportedProgress: 100,
      recordedProgress: 100,
    }),
    markStarted: assign({ status: 'IN_PROGRESS' as ComponentStatus }),
    announceFinished: emit({ type: 'material.finished' as const }),
    countSecond: assign(({ context }) => ({ unsentSeconds: context.unsentSeconds + 1 })),
    takeUnsentTime: assign(({ context }) => ({
      sendingSeconds: Math.min(context.unsentSeconds, MAX_TIME_REPORT_SECONDS),
      unsentSeconds: Math.max(0, context.unsentSeconds - MAX_TIME_REPORT_SECONDS),
    })),
    clearSendingTime: assign({ sendingSeconds: 0 }),
    /** A failed time report keeps its seconds for the next one; the failure itself is only logged. */
    restoreUnsentTime: assign(({ context }) => ({
      unsentSeconds: context.unsentSeconds + context.sendingSeconds,
      sendingSeconds: 0,
    })),
    logFailure: (_, params: { what: string; error: unknown }) => {
      console.warn(`Material ${params.what} failed`, params.error);
    },
  },
  delays: { timeReport: TIME_REPORT_INTERVAL_MS },
}).createMachine({
  id: 'material',
  type: 'parallel',
  context: ({ input }) => ({
    componentId: input.componentId,
    status: input.status,
    progress: input.status === 'COMPLETED' ? 100 : toProgressStep(input.progressPercentage),
    reportedProgress: input.status === 'COMPLETED' ? 100 : toProgressStep(input.progressPercentage),
    recordedProgress: input.status === 'COMPLETED' ? 100 : toProgressStep(input.progressPercentage),
    durationSeconds: null,
    unsentSeconds: 0,
    sendingSeconds: 0,
    finishRequested: false,
    error: null,
  }),
  states: {
    progress: {
      initial: 'checking',
      // Recorded in every state: a viewer can finish loading while the start call is still in flight.
      on: {
        'material.progress': {
          actions: {
            type: 'raiseProgress',
            params: ({ event }) => ({ percentage: event.percentage, durationSeconds: event.durationSeconds }),
          },
        },
        'material.loaded': { actions: { type: 'raiseProgress', params: { percentage: 100 } } },
      },
      states: {
        checking: {
          always: [
            { guard: 'wasCompleted', target: 'completed' },
            { guard: 'needsStart', target: 'starting' },
            { target: 'viewing' },
          ],
        },
        starting: {
          invoke: {
            id: 'startComponent',
            src: 'startComponent',
            input: ({ context }) => ({ componentId: context.componentId }),
            onDone: { target: 'viewing', actions: 'markStarted' },
            onError: {
              target: 'viewing',
              actions: { type: 'logFailure', params: ({ event }) => ({ what: 'start', error: event.error }) },
            },
          },
        },
        viewing: {
          initial: 'idle',
          states: {
            idle: {
              always: [
                { guard: 'fullyViewed', target: '#material.progress.completing' },
                { guard: 'hasUnreported', target: 'reporting' },
              ],
            },
            reporting: {
              invoke: {
                id: 'reportProgress',
                src: 'reportProgress',
                input: ({ context }) => ({
                  componentId: context.componentId,
                  progressPercentage: context.progress,
                  durationSeconds: context.durationSeconds,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'markReported', params: ({ context }) => ({ progress: context.progress }) },
                    { type: 'takeRecorded', params: ({ event }) => ({ recorded: event.output }) },
                  ],
                },
                // Progress reports are best effort: the next step reports again.
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'markReported', params: ({ context }) => ({ progress: context.progress }) },
                    { type: 'logFailure', params: ({ event }) => ({ what: 'progress', error: event.error }) },
                  ],
                },
              },
            },
          },
        },
        completing: {
          tags: ['fullyViewed', 'completing'],
          entry: 'clearError',
          on: { 'material.finish': { actions: 'requestFinish' } },
          invoke: {
            id: 'completeMaterial',
            src: 'completeMaterial',
            input: ({ context }) => ({ componentId: context.componentId }),
            onDone: { target: 'completed', actions: 'markCompleted' },
            onError: { target: 'completeFailed', actions: 'setCompleteError' },
          },
        },
        completeFailed: {
          tags: ['fullyViewed'],
          on: { 'material.finish': { target: 'completing', actions: 'requestFinish' } },
        },
        completed: {
          tags: ['fullyViewed'],
          always: { guard: 'finishRequested', target: 'finished' },
          on: { 'material.finish': { target: 'finished' } },
        },
        finished: {
          entry: 'announceFinished',
        },
      },
    },
    time: {
      initial: 'active',
      states: {
        // The ticker lives here so that the 30 s reports do not restart the second count.
        active: {
          initial: 'counting',
          invoke: { id: 'secondTicker', src: 'secondTicker' },
          on: {
            'time.tick': { actions: 'countSecond' },
            'material.leave': 'flushing',
          },
          states: {
            counting: {
              after: {
                timeReport: [
                  { guard: 'hasUnsentTime', target: 'sending' },
                  { target: 'counting', reenter: true },
                ],
              },
            },
            sending: {
              entry: 'takeUnsentTime',
              invoke: {
                id: 'sendTime',
                src: 'sendTime',
                input: ({ context }) => ({ componentId: context.componentId, seconds: context.sendingSeconds }),
                onDone: { target: 'counting', actions: 'clearSendingTime' },
                onError: {
                  target: 'counting',
                  actions: [
                    'restoreUnsentTime',
                    { type: 'logFailure', params: ({ event }) => ({ what: 'time report', error: event.error }) },
                  ],
                },
              },
            },
          },
        },
        // A report already in flight is not repeated: only the seconds counted since are flushed.
        flushing: {
          always: [{ guard: 'hasUnsentTime', target: 'flushSending' }, { target: 'left' }],
        },
        flushSending: {
          entry: 'takeUnsentTime',
          invoke: {
            id: 'flushTime',
            src: 'sendTime',
            input: ({ context }) => ({ componentId: context.componentId, seconds: context.sendingSeconds }),
            onDone: { target: 'left', actions: 'clearSendingTime' },
            onError: {
              target: 'left',
              actions: { type: 'logFailure', params: ({ event }) => ({ what: 'time report', error: event.error }) },
            },
          },
        },
        left: {
          on: { 'material.return': 'active' },
        },
      },
    },
  },
});
