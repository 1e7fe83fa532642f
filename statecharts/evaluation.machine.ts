import { assign, fromPromise, setup, type StateValue } from 'xstate';
import type { EvaluationSignature } from '../worker/contract/signature-envelope';

/**
 * One practical evaluation on the evaluator's device, from the first tick to the trainee's
 * acknowledgement, working without a signal. The evaluator fills in the items (draft), signs with
 * their password, which the client seals at once to the server's public key (a signature envelope:
 * the machine and the device keep only that, never the password); the signed record waits on the
 * device until there is a connection, is sent once
 * (the device made its id, the server answers a repeat with the stored record), then its photos.
 * A refusal (wrong password, a rule the server enforces) brings the record back to the draft with
 * the server's message, never dropped; a lost connection only waits and retries with backoff.
 * After it is sent the trainee acknowledges on the same device (or later from their own account).
 * Sending, uploading and acknowledging are placeholder actors supplied by the client; the client
 * also keeps each snapshot on the device, so the machine restarts where it was (`input.stage`).
 */

export const EVALUATION_MESSAGES = {
  acknowledgeFailed: 'Could not record the acknowledgement. Please try again.',
} as const;

export type ItemResult = 'PASS' | 'NOT_YET' | 'NOT_APPLICABLE';
export type EvaluationOutcome = 'COMPETENT' | 'NOT_YET_COMPETENT';

export interface EvaluationItem {
  id: string;
  text: string;
  critical: boolean;
}

/** What the device keeps of one evaluation (its photos' files are kept beside it, by id). */
export interface EvaluationDraft {
  /** Made by the device; the server's record gets the same id. */
  id: string;
  templateId: string;
  templateName: string;
  items: EvaluationItem[];
  traineeId: string;
  traineeName: string;
  results: Record<string, { result: ItemResult | null; note: string }>;
  note: string;
  photoIds: string[];
  /** When the evaluator signed (the evaluation's conduct time sent to the server). */
  signedAt: string | null;
}

/** Where a stored evaluation stands, so the machine restarts there after a reload. */
export type EvaluationStage = 'draft' | 'signed' | 'recorded' | 'sent' | 'acknowledged';

export interface SubmitInput {
  draft: EvaluationDraft;
  outcome: EvaluationOutcome;
  envelope: EvaluationSignature;
}

/** A failure to send: `refused` when the server answered no (back to the evaluator), else the connection. */
export interface SendFailure {
  refused: boolean;
  message: string;
}

export interface EvaluationContext {
  draft: EvaluationDraft;
  /**
   * The evaluator's password sealed to the server's key with this evaluation's id and content hash,
   * kept only while the signed record waits to be sent: the server opens it and checks the password.
   */
  envelope: EvaluationSignature | null;
  online: boolean;
  /** Failed sends in a row (connection lost), for the backoff. */
  attempts: number;
  /** The server's refusal, for the evaluator to fix. */
  refusal: string | null;
  /** The acknowledgement's failure, shown beside it. */
  error: string | null;
  /** Where the machine starts (the stage the device stored). */
  resumeAt: EvaluationStage;
}

export type AcknowledgementBody =
  | { method: 'password'; username: string; password: string }
  | { method: 'signature'; name: string; signature: string };

export type EvaluationEvent =
  | { type: 'item.result'; itemId: string; result: ItemResult }
  | { type: 'item.note'; itemId: string; note: string }
  | { type: 'note.change'; note: string }
  | { type: 'photo.add'; photoId: string }
  | { type: 'photo.remove'; photoId: string }
  | { type: 'evaluation.sign'; envelope: EvaluationSignature; at: string }
  | { type: 'connection.online' }
  | { type: 'connection.offline' }
  | { type: 'acknowledgement.submit'; body: AcknowledgementBody };

export interface EvaluationInput {
  draft: EvaluationDraft;
  stage?: EvaluationStage;
  envelope?: EvaluationSignature | null;
  refusal?: string | null;
  online: boolean;
}

/** The outcome the results imply: competent only when no item is "not yet". */
export function impliedOutcome(draft: EvaluationDraft): EvaluationOutcome {
  return Object.values(draft.results).some((r) => r.result === 'NOT_YET') ? 'NOT_YET_COMPETENT' : 'COMPETENT';
}

/** Items still to answer, and critical items marked not applicable (the server refuses both). */
export function missingItems(draft: EvaluationDraft): EvaluationItem[] {
  return draft.items.filter((item) => {
    const result = draft.results[item.id]?.result ?? null;
    return result === null || (item.critical && result === 'NOT_APPLICABLE');
  });
}

/** The retry delay after `attempts` failed sends: 2 s doubling to at most a minute. */
export const retryDelay = (attempts: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error ?? ''));
const isRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as Partial<SendFailure>).refused === true;
const failureMessage = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as SendFailure).message === 'string'
    ? (error as SendFailure).message
    : messageOf(error);

/** A placeholder actor: the client supplies the real one with `.provide()`. */
const fromPlaceholder = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });

/** The stage to store for a state, so that `input.stage` restarts the machine there. */
export function stageOf(value: StateValue): EvaluationStage {
  switch (value) {
    case 'waitingToSend':
    case 'sending':
      return 'signed';
    case 'uploadingPhotos':
    case 'waitingForPhotos':
      return 'recorded';
    case 'sent':
    case 'acknowledging':
      return 'sent';
    case 'acknowledged':
      return 'acknowledged';
    default:
      return 'draft';
  }
}

const setResult = (draft: EvaluationDraft, itemId: string, patch: Partial<{ result: ItemResult; note: string }>) => ({
  ...draft,
  results: {
    ...draft.results,
    [itemId]: { ...(draft.results[itemId] ?? { result: null, note: '' }), ...patch },
  },
});

export const evaluationMachine = setup({
  types: {
    context: {} as EvaluationContext,
    events: {} as EvaluationEvent,
    input: {} as EvaluationInput,
    tags: {} as 'editable' | 'waiting' | 'busy' | 'sent' | 'onServer',
  },
  actors: {
    submitEvaluation: fromPlaceholder<unknown, SubmitInput>('submitEvaluation'),
    uploadPhotos: fromPlaceholder<unknown, { draft: EvaluationDraft }>('uploadPhotos'),
    acknowledge: fromPlaceholder<unknown, { id: string; body: AcknowledgementBody }>('acknowledge'),
  },
  guards: {
    isKnownItem: ({ context }, params: { itemId: string }) => context.draft.items.some((i) => i.id === params.itemId),
    isComplete: ({ context }, params: { envelope: EvaluationSignature | null }) =>
      missingItems(context.draft).length === 0 && params.envelope !== null,
    isOnline: ({ context }) => context.online,
    // Right away only on the first try: after a failure the backoff or the online event decides.
    canSendNow: ({ context }) => context.online && context.attempts === 0,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
    resumesAt: ({ context }, params: { stage: EvaluationStage }) => context.resumeAt === params.stage,
  },
  actions: {
    setResult: assign(({ context }, params: { itemId: string; result: ItemResult }) => ({
      draft: setResult(context.draft, params.itemId, { result: params.result }),
    })),
    setItemNote: assign(({ context }, params: { itemId: string; note: string }) => ({
      draft: setResult(context.draft, params.itemId, { note: params.note }),
    })),
    setNote: assign(({ context }, params: { note: string }) => ({ draft: { ...context.draft, note: params.note } })),
    addPhoto: assign(({ context }, params: { photoId: string }) => ({
      draft: { ...context.draft, photoIds: [...context.draft.photoIds, params.photoId] },
    })),
    removePhoto: assign(({ context }, params: { photoId: string }) => ({
      draft: { ...context.draft, photoIds: context.draft.photoIds.filter((id) => id !== params.photoId) },
    })),
    sign: assign(({ context }, params: { envelope: EvaluationSignature; at: string }) => ({
      draft: { ...context.draft, signedAt: params.at },
      envelope: params.envelope,
      refusal: null,
      attempts: 0,
    })),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
    countFailure: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
    // The envelope's only use is the send: it leaves the device as soon as the server has the record.
    forgetEnvelope: assign({ envelope: null }),
    reopen: assign(({ context }, params: { error: unknown }) => ({
      refusal: failureMessage(params.error),
      envelope: null,
      attempts: 0,
      draft: { ...context.draft, signedAt: null },
    })),
    setError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error) || EVALUATION_MESSAGES.acknowledgeFailed,
    })),
    clearError: assign({ error: null }),
  },
  delays: {
    retryDelay: ({ context }) => retryDelay(context.attempts),
  },
}).createMachine({
  id: 'evaluation',
  context: ({ input }) => ({
    draft: input.draft,
    envelope: input.envelope ?? null,
    online: input.online,
    attempts: 0,
    refusal: input.refusal ?? null,
    error: null,
    resumeAt: input.stage ?? 'draft',
  }),
  initial: 'restoring',
  on: {
    'connection.online': { actions: 'goOnline' },
    'connection.offline': { actions: 'goOffline' },
  },
  states: {
    // Where the device left it: a reload or a closed tab resumes at the same step.
    restoring: {
      always: [
        { guard: { type: 'resumesAt', params: { stage: 'signed' } }, target: 'waitingToSend' },
        { guard: { type: 'resumesAt', params: { stage: 'recorded' } }, target: 'waitingForPhotos' },
        { guard: { type: 'resumesAt', params: { stage: 'sent' } }, target: 'sent' },
        { guard: { type: 'resumesAt', params: { stage: 'acknowledged' } }, target: 'acknowledged' },
        { target: 'draft' },
      ],
    },
    draft: {
      tags: ['editable'],
      on: {
        'item.result': {
          guard: { type: 'isKnownItem', params: ({ event }) => ({ itemId: event.itemId }) },
          actions: { type: 'setResult', params: ({ event }) => ({ itemId: event.itemId, result: event.result }) },
        },
        'item.note': {
          guard: { type: 'isKnownItem', params: ({ event }) => ({ itemId: event.itemId }) },
          actions: { type: 'setItemNote', params: ({ event }) => ({ itemId: event.itemId, note: event.note }) },
        },
        'note.change': { actions: { type: 'setNote', params: ({ event }) => ({ note: event.note }) } },
        'photo.add': { actions: { type: 'addPhoto', params: ({ event }) => ({ photoId: event.photoId }) } },
        'photo.remove': { actions: { type: 'removePhoto', params: ({ event }) => ({ photoId: event.photoId }) } },
        'evaluation.sign': {
          guard: { type: 'isComplete', params: ({ event }) => ({ envelope: event.envelope }) },
          target: 'waitingToSend',
          actions: { type: 'sign', params: ({ event }) => ({ envelope: event.envelope, at: event.at }) },
        },
      },
    },
    // Signed: kept on the device until the server has it.
    waitingToSend: {
      tags: ['waiting'],
      always: { guard: 'canSendNow', target: 'sending' },
      on: { 'connection.online': { target: 'sending', actions: 'goOnline' } },
      after: { retryDelay: { guard: 'isOnline', target: 'sending' } },
    },
    sending: {
      tags: ['waiting', 'busy'],
      invoke: {
        src: 'submitEvaluation',
        input: ({ context }) => ({
          draft: context.draft,
          outcome: impliedOutcome(context.draft),
          envelope: context.envelope!,
        }),
        onDone: { target: 'uploadingPhotos', actions: ['forgetEnvelope', 'resetAttempts'] },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'draft',
            actions: { type: 'reopen', params: ({ event }) => ({ error: event.error }) },
          },
          // The connection dropped (or the server failed): the same record goes again later.
          { target: 'waitingToSend', actions: 'countFailure' },
        ],
      },
    },
    // The record is on the server; its photos follow (each is idempotent by its id too).
    uploadingPhotos: {
      tags: ['waiting', 'busy', 'onServer'],
      invoke: {
        src: 'uploadPhotos',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: { target: 'sent', actions: 'resetAttempts' },
        onError: { target: 'waitingForPhotos', actions: 'countFailure' },
      },
    },
    waitingForPhotos: {
      tags: ['waiting', 'onServer'],
      always: { guard: 'canSendNow', target: 'uploadingPhotos' },
      on: { 'connection.online': { target: 'uploadingPhotos', actions: 'goOnline' } },
      after: { retryDelay: { guard: 'isOnline', target: 'uploadingPhotos' } },
    },
    sent: {
      tags: ['sent', 'onServer'],
      on: {
        'acknowledgement.submit': { target: 'acknowledging', actions: 'clearError' },
      },
    },
    acknowledging: {
      tags: ['sent', 'busy', 'onServer'],
      invoke: {
        src: 'acknowledge',
        input: ({ context, event }) => ({
          id: context.draft.id,
          body: (event as Extract<EvaluationEvent, { type: 'acknowledgement.submit' }>).body,
        }),
        onDone: 'acknowledged',
        onError: { target: 'sent', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    acknowledged: { tags: ['onServer'], type: 'final' },
  },
});
