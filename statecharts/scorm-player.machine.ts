import { assign, emit, fromPromise, setup } from 'xstate';
import type { ScormCommitResponse, ScormLaunchResponse, ScormRuntimeSummary } from '../worker/contract/scorm';

/**
 * A learner playing a SCORM package. The player asks the Worker for the launch data (launching),
 * then the package runs (running) and talks to the SCORM runtime in the player page: every change
 * it makes is kept as the latest data, every commit is sent to the Worker (committing; a commit
 * asked for while one is in flight is sent right after it), and its finish sends the final data
 * (finishing) and ends the session (finished). When the page is hidden the latest data goes out with
 * navigator.sendBeacon and the session goes on; when the learner leaves (tab closed, another page)
 * the beacon goes out and the session ends (terminated), so the next launch resumes from it.
 * Effects are placeholder actors and actions provided by web/state/scorm.tsx.
 */

export const SCORM_PLAYER_MESSAGES = {
  launchFailed: 'The package could not be opened.',
  commitFailed: 'Your progress could not be saved. It will be sent again with the next change.',
  finishFailed: 'Your result could not be saved.',
} as const;

export type Cmi = Record<string, string>;

export interface ScormPlayerInput {
  componentId: string;
  /** A placeholder until the launch answers: the Worker's own session id (recorded with its start time) replaces it. */
  sessionId: string;
}

export interface ScormPlayerContext {
  componentId: string;
  sessionId: string;
  launch: ScormLaunchResponse | null;
  /** The package's data as last changed, sent by the next commit or the beacon. */
  cmi: Cmi;
  /** Whether `cmi` has changes the Worker has not confirmed. */
  dirty: boolean;
  /** A commit asked for while another was in flight. */
  commitQueued: boolean;
  /** The data the commit in flight carries. */
  sentCmi: Cmi | null;
  summary: ScormRuntimeSummary | null;
  completed: boolean;
  error: string | null;
}

export type ScormPlayerEvent =
  /** The package changed a value (SetValue). */
  | { type: 'runtime.change'; cmi: Cmi }
  /** The package asked for a commit (LMSCommit / Commit). */
  | { type: 'runtime.commit'; cmi: Cmi }
  /** The package finished (LMSFinish / Terminate). */
  | { type: 'runtime.finish'; cmi: Cmi }
  /** Retry after a failed launch or a failed final save. */
  | { type: 'player.retry' }
  /** The page was hidden (tab switched, window minimised): save what there is, keep playing. */
  | { type: 'page.hide' }
  /** The learner leaves the player (tab closed, reload, another page): save what there is and stop. */
  | { type: 'page.leave' };

export type ScormPlayerEmitted = { type: 'scorm.completed' } | { type: 'scorm.saved'; summary: ScormRuntimeSummary };

export interface CommitInput {
  componentId: string;
  sessionId: string;
  cmi: Cmi;
  finished: boolean;
}

/** The page-hide beacon of the latest data, to the launch's signed URL. */
const beacon = {
  type: 'sendBeacon',
  params: ({ context }: { context: ScormPlayerContext }) => ({
    url: context.launch?.beaconUrl ?? '',
    body: { componentId: context.componentId, sessionId: context.sessionId, cmi: context.cmi, finished: false },
  }),
} as const;

/**
 * Saving the runtime's data to the Worker while the package runs (`finished: false`) or at its end:
 * a save that completes the component is announced as such; `then` follows either way, `failed` on an error.
 */
const commitInvoke = <Then extends 'afterCommit' | 'finished', Failed extends 'afterCommit' | 'finishFailed'>(
  finished: boolean,
  then: Then,
  failed: Failed,
  failedMessage: string,
) => {
  const storeSaved = {
    type: 'storeSaved',
    params: ({ event }: { event: { output: ScormCommitResponse } }) => ({ result: event.output }),
  } as const;
  return {
    src: 'commit',
    input: ({ context }: { context: ScormPlayerContext }) => ({
      componentId: context.componentId,
      sessionId: context.sessionId,
      cmi: context.cmi,
      finished,
    }),
    onDone: [
      {
        guard: {
          type: 'completesNow',
          params: ({ event }: { event: { output: ScormCommitResponse } }) => ({
            componentStatus: event.output.componentStatus,
          }),
        },
        target: then,
        actions: [storeSaved, 'announceSaved', 'announceCompleted'],
      },
      { target: then, actions: [storeSaved, 'announceSaved'] },
    ],
    onError: { target: failed, actions: { type: 'setError', params: { message: failedMessage } } },
  } as const;
};

export const scormPlayerMachine = setup({
  types: {
    context: {} as ScormPlayerContext,
    events: {} as ScormPlayerEvent,
    input: {} as ScormPlayerInput,
    emitted: {} as ScormPlayerEmitted,
    tags: {} as 'saving' | 'playing',
  },
  actors: {
    launch: fromPromise<ScormLaunchResponse, { componentId: string }>(async () => {
      throw new Error('launch not provided');
    }),
    commit: fromPromise<ScormCommitResponse, CommitInput>(async () => {
      throw new Error('commit not provided');
    }),
  },
  guards: {
    commitQueued: ({ context }) => context.commitQueued,
    isDirty: ({ context }) => context.dirty,
    /** The server's answer completes the component for the first time in this session. */
    completesNow: ({ context }, params: { componentStatus: string }) =>
      !context.completed && params.componentStatus === 'COMPLETED',
  },
  actions: {
    /** navigator.sendBeacon to the launch's signed beacon URL (a beacon sends no header). */
    sendBeacon: (_, _params: { url: string; body: CommitInput }) => {},
    storeLaunch: assign((_, params: { launch: ScormLaunchResponse }) => ({
      launch: params.launch,
      // Commits carry the Worker's session id: it dates the session and binds it to its training cycle.
      sessionId: params.launch.sessionId,
      cmi: params.launch.cmi,
      summary: params.launch.summary,
      completed: params.launch.summary.completed,
      error: null,
    })),
    takeData: assign((_, params: { cmi: Cmi }) => ({ cmi: params.cmi, dirty: true })),
    queueCommit: assign({ commitQueued: true }),
    startCommit: assign(({ context }) => ({ commitQueued: false, sentCmi: context.cmi })),
    storeSaved: assign(({ context }, params: { result: ScormCommitResponse }) => ({
      summary: params.result.summary,
      completed: context.completed || params.result.componentStatus === 'COMPLETED',
      // Changed again while the commit was in flight: still dirty.
      dirty: context.cmi !== context.sentCmi,
      sentCmi: null,
      error: null,
    })),
    announceSaved: emit(({ context }) => ({ type: 'scorm.saved' as const, summary: context.summary! })),
    announceCompleted: emit({ type: 'scorm.completed' as const }),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'scormPlayer',
  context: ({ input }) => ({
    componentId: input.componentId,
    sessionId: input.sessionId,
    launch: null,
    cmi: {},
    dirty: false,
    commitQueued: false,
    sentCmi: null,
    summary: null,
    completed: false,
    error: null,
  }),
  initial: 'launching',
  states: {
    launching: {
      invoke: {
        src: 'launch',
        input: ({ context }) => ({ componentId: context.componentId }),
        onDone: {
          target: 'running',
          actions: { type: 'storeLaunch', params: ({ event }) => ({ launch: event.output }) },
        },
        onError: {
          target: 'launchFailed',
          actions: { type: 'setError', params: { message: SCORM_PLAYER_MESSAGES.launchFailed } },
        },
      },
      on: { 'page.leave': 'terminated' },
    },
    launchFailed: {
      on: { 'player.retry': { target: 'launching', actions: 'clearError' }, 'page.leave': 'terminated' },
    },
    running: {
      tags: ['playing'],
      initial: 'idle',
      on: {
        'runtime.change': { actions: { type: 'takeData', params: ({ event }) => ({ cmi: event.cmi }) } },
        'runtime.finish': {
          target: 'finishing',
          actions: { type: 'takeData', params: ({ event }) => ({ cmi: event.cmi }) },
        },
        'page.hide': { guard: 'isDirty', actions: beacon },
        'page.leave': [{ guard: 'isDirty', target: 'terminated', actions: beacon }, { target: 'terminated' }],
      },
      states: {
        idle: {
          on: {
            'runtime.commit': {
              target: 'committing',
              actions: { type: 'takeData', params: ({ event }) => ({ cmi: event.cmi }) },
            },
          },
        },
        committing: {
          tags: ['saving'],
          entry: 'startCommit',
          invoke: commitInvoke(false, 'afterCommit', 'afterCommit', SCORM_PLAYER_MESSAGES.commitFailed),
          on: {
            'runtime.commit': {
              actions: [{ type: 'takeData', params: ({ event }) => ({ cmi: event.cmi }) }, 'queueCommit'],
            },
          },
        },
        afterCommit: {
          always: [{ guard: 'commitQueued', target: 'committing' }, { target: 'idle' }],
        },
      },
    },
    finishing: {
      tags: ['saving'],
      entry: 'startCommit',
      invoke: commitInvoke(true, 'finished', 'finishFailed', SCORM_PLAYER_MESSAGES.finishFailed),
      on: {
        'page.hide': { actions: beacon },
        'page.leave': { target: 'terminated', actions: beacon },
      },
    },
    finishFailed: {
      on: {
        'player.retry': { target: 'finishing', actions: 'clearError' },
        'page.hide': { actions: beacon },
        'page.leave': { target: 'terminated', actions: beacon },
      },
    },
    finished: { type: 'final' },
    terminated: { type: 'final' },
  },
});
