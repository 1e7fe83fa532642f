import { assign, fromPromise, setup } from 'xstate';
import { SESSION_LIMITS } from '../worker/contract/sessions';

/**
 * The trainer's check-in screen for one classroom session: it shows the session's rotating code
 * (GET /api/v2/sessions/{id}/check-in-code -> {code, expiresAt}) as a QR and always keeps a code
 * the server still accepts on screen. The next code is asked for a second before the shown one
 * expires; while the server's 30-second window has not turned yet it answers the same code, and
 * the machine asks again just after the turn (the old code is accepted 10 s past its expiry, so
 * the screen never shows a dead code). A refresh that hangs hides the code before it dies.
 * Hidden (another tab, a locked tablet) or offline, the screen pauses: no code shown, nothing
 * asked; back in view and online it fetches a fresh code at once. A failed fetch shows an error
 * with a retry button and retries by itself with a growing delay; a refusal (not a trainer of the
 * session, no such session) waits for the retry button only.
 * Fetching is a placeholder actor supplied by the client (`fetchCode`).
 */

export interface CheckInCode {
  code: string;
  expiresAt: string;
}

/**
 * What the client's `fetchCode` resolves: the server's answer plus `receivedAt`, the time the
 * answer was made on a clock consistent with `expiresAt` (the response's Date header, the server's
 * clock, removes any device clock error; the device's `new Date()` will do). Only the difference
 * `expiresAt - receivedAt` is used, so the machine needs no clock of its own.
 */
export interface FetchedCode extends CheckInCode {
  receivedAt: string;
}

/** A failed fetch: `refused` when the server answered no (403, 404), else the connection or a server error. */
export interface CodeFailure {
  refused: boolean;
  message: string;
}

export const CHECK_IN_CODE_MESSAGES = {
  failed: 'Could not get a check-in code. Check the connection and try again.',
} as const;

export interface CheckInCodeContext {
  sessionId: string;
  code: string | null;
  expiresAt: string | null;
  /** Milliseconds from the answer to the shown code's expiry. */
  lifeLeft: number;
  /** The last answer repeated the code on screen (the server's window had not turned yet). */
  repeated: boolean;
  visible: boolean;
  online: boolean;
  /** Failed fetches in a row, for the backoff. */
  attempts: number;
  error: string | null;
}

export interface CheckInCodeInput {
  sessionId: string;
  visible: boolean;
  online: boolean;
}

export type CheckInCodeEvent =
  | { type: 'page.visible' }
  | { type: 'page.hidden' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' }
  | { type: 'retry' };

/** Ask for the next code this long before the shown one expires. */
export const REFRESH_LEAD_MS = 1_000;
/** After a repeated code, ask again this long after its expiry (the server's window has turned by then). */
export const TURN_MARGIN_MS = 500;
/** Never ask more often than this. */
export const MIN_REFRESH_MS = 1_000;
/** A refresh still unanswered this long hides the code: it stops being accepted soon after. */
export const REFRESH_TIMEOUT_MS = SESSION_LIMITS.codeGraceSeconds * 1000 - 2_000;

/** When to ask for the next code after an answer (see the account above). */
export function refreshDelay(lifeLeft: number, repeated: boolean): number {
  return Math.max(MIN_REFRESH_MS, repeated ? lifeLeft + TURN_MARGIN_MS : lifeLeft - REFRESH_LEAD_MS);
}

/** The automatic retry after `attempts` failed fetches: 2 s doubling to at most 30 s. */
export const retryDelay = (attempts: number) => Math.min(30_000, 2_000 * 2 ** Math.max(0, attempts - 1));

const failureOf = (error: unknown): CodeFailure => {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message, refused } = error as Partial<CodeFailure>;
    return { refused: refused === true, message: String(message ?? '') || CHECK_IN_CODE_MESSAGES.failed };
  }
  return { refused: false, message: CHECK_IN_CODE_MESSAGES.failed };
};

/**
 * Asking for the current code. The server saying no (the session is over, or not the caller's) is
 * told apart from a failure; a refresh that fails also takes the code off the screen (`forget`).
 */
const fetchCodeInvoke = (forget: boolean) => {
  const fail = {
    type: 'fail',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  } as const;
  const onFailure = forget ? (['forgetCode', fail] as const) : fail;
  return {
    src: 'fetchCode',
    input: ({ context }: { context: CheckInCodeContext }) => ({ sessionId: context.sessionId }),
    onDone: {
      target: 'showing',
      actions: { type: 'store', params: ({ event }: { event: { output: FetchedCode } }) => ({ answer: event.output }) },
    },
    onError: [
      { guard: { type: 'isRefusal', params: fail.params }, target: 'refused', actions: onFailure },
      { target: 'failed', actions: onFailure },
    ],
  } as const;
};

export const checkInCodeMachine = setup({
  types: {
    context: {} as CheckInCodeContext,
    events: {} as CheckInCodeEvent,
    input: {} as CheckInCodeInput,
    tags: {} as 'code' | 'busy' | 'paused' | 'error',
  },
  actors: {
    // A placeholder: the client supplies the real fetch with `.provide()`.
    fetchCode: fromPromise<FetchedCode, { sessionId: string }>(async () => {
      throw new Error('fetchCode not provided');
    }),
  },
  guards: {
    isActive: ({ context }) => context.visible && context.online,
    isRefusal: (_, params: { error: unknown }) => failureOf(params.error).refused,
  },
  actions: {
    store: assign(({ context }, params: { answer: FetchedCode }) => ({
      code: params.answer.code,
      expiresAt: params.answer.expiresAt,
      lifeLeft: Date.parse(params.answer.expiresAt) - Date.parse(params.answer.receivedAt),
      repeated: params.answer.code === context.code,
      attempts: 0,
      error: null,
    })),
    // A code not on screen is never shown again later: after a pause or a failure the next one is fetched.
    forgetCode: assign({ code: null, expiresAt: null, repeated: false }),
    fail: assign(({ context }, params: { error: unknown }) => ({
      error: failureOf(params.error).message,
      attempts: context.attempts + 1,
    })),
    clearError: assign({ error: null }),
    hide: assign({ visible: false }),
    show: assign({ visible: true }),
    goOffline: assign({ online: false }),
    goOnline: assign({ online: true }),
  },
  delays: {
    refreshDelay: ({ context }) => refreshDelay(context.lifeLeft, context.repeated),
    retryDelay: ({ context }) => retryDelay(context.attempts),
    refreshTimeout: REFRESH_TIMEOUT_MS,
  },
}).createMachine({
  id: 'checkInCode',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    code: null,
    expiresAt: null,
    lifeLeft: 0,
    repeated: false,
    visible: input.visible,
    online: input.online,
    attempts: 0,
    error: null,
  }),
  initial: 'paused',
  on: {
    'page.hidden': { target: '.paused', actions: 'hide' },
    'connection.offline': { target: '.paused', actions: 'goOffline' },
    'page.visible': { actions: 'show' },
    'connection.online': { actions: 'goOnline' },
  },
  states: {
    // Hidden or offline: nothing shown, nothing asked. Also the start, until the page is in view and online.
    paused: {
      tags: ['paused'],
      entry: 'forgetCode',
      always: { guard: 'isActive', target: 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: fetchCodeInvoke(false),
    },
    showing: {
      tags: ['code'],
      after: { refreshDelay: 'refreshing' },
    },
    // The shown code stays on screen while the next is fetched.
    refreshing: {
      tags: ['code', 'busy'],
      invoke: fetchCodeInvoke(true),
      after: { refreshTimeout: { target: 'loading', actions: 'forgetCode' } },
    },
    // The error with a retry button; the machine also retries by itself, later each time.
    failed: {
      tags: ['error'],
      on: { retry: { target: 'loading', actions: 'clearError' } },
      after: { retryDelay: { target: 'loading' } },
    },
    // The server said no: retrying by itself would only repeat that, so only the button retries.
    refused: {
      tags: ['error'],
      on: { retry: { target: 'loading', actions: 'clearError' } },
    },
  },
});
