/**
 * The evaluator's device outbox: one running evaluation machine per evaluation kept on this device
 * (drafts, signed ones waiting for a connection, sent ones waiting for the trainee). Each snapshot
 * is written back to IndexedDB, so a reload or a closed tab resumes at the same step; the browser's
 * online and offline events reach every machine, which sends when it can (each record once: the
 * device made its id). The actors live beside the screens, not in them, so a record keeps sending
 * while the evaluator moves around the app.
 */
import { sealPassword, submissionHash } from '@contract/signature-envelope';
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  EVALUATION_MESSAGES,
  evaluationMachine,
  impliedOutcome,
  stageOf,
  type EvaluationDraft,
  type SendFailure,
  type SubmitInput,
} from '../../statecharts/evaluation.machine';
import { ApiClientError } from '../api/client';
import { deviceSigningKey, evaluationWrites } from '../api/evaluation-queries';
import { runWrite } from '../api/writes';
import { currentLocale, t } from '../i18n';
import { errorText } from '../i18n/error-text';
import {
  deleteEvaluation,
  deletePhoto,
  listEvaluations,
  readPhoto,
  saveEvaluation,
  type StoredEvaluation,
} from './evaluation-store';

/** An answer from the server that says no (the evaluator must fix something), not a lost connection. */
const isRefusal = (error: unknown) =>
  error instanceof ApiClientError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

const failure = (error: unknown): SendFailure => ({
  refused: isRefusal(error),
  message: errorText(error, t('evaluate.send.failed')),
});

/** What the device sends for a signed draft, less its signature: what the envelope's hash covers. */
function contentOf({ draft, outcome }: Omit<SubmitInput, 'envelope'>) {
  return {
    id: draft.id,
    templateId: draft.templateId,
    traineeId: draft.traineeId,
    items: draft.items.map((item) => {
      const entry = draft.results[item.id];
      const note = entry?.note.trim();
      return { itemId: item.id, result: entry?.result ?? 'NOT_APPLICABLE', ...(note ? { note } : {}) };
    }),
    outcome,
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    conductedAt: draft.signedAt ?? new Date().toISOString(),
    photoCount: draft.photoIds.length,
  };
}

const bodyOf = (input: SubmitInput) => ({
  ...contentOf(input),
  ...('signingProof' in input.envelope
    ? { signingProof: input.envelope.signingProof }
    : { passwordEnvelope: input.envelope }),
});

const browserEvaluationMachine = evaluationMachine.provide({
  actors: {
    submitEvaluation: fromPromise<unknown, SubmitInput>(async ({ input }) => {
      try {
        return await runWrite(evaluationWrites.submit, bodyOf(input));
      } catch (error) {
        throw failure(error);
      }
    }),
    uploadPhotos: fromPromise<unknown, { draft: EvaluationDraft }>(async ({ input }) => {
      // One by one, each removed from the device once the server has it: a retry sends only the rest.
      for (const photoId of input.draft.photoIds) {
        const photo = await readPhoto(photoId);
        if (!photo) continue;
        await runWrite(evaluationWrites.photo, { id: input.draft.id, photoId, file: photo.blob });
        await deletePhoto(photoId);
      }
      return null;
    }),
    acknowledge: fromPromise(async ({ input }) => {
      try {
        return await runWrite(evaluationWrites.acknowledge, input);
      } catch (error) {
        throw new Error(
          errorText(error, currentLocale() === 'en' ? EVALUATION_MESSAGES.acknowledgeFailed : t('evaluate.ack.failed')),
        );
      }
    }),
  },
});

export type EvaluationActor = ActorRefFrom<typeof browserEvaluationMachine>;
export type EvaluationSnapshot = SnapshotFrom<typeof browserEvaluationMachine>;

export interface OutboxState {
  /** Null until the device's evaluations are read for this evaluator. */
  evaluatorId: string | null;
  loaded: boolean;
  ids: readonly string[];
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

class EvaluationOutbox {
  private actors = new Map<string, EvaluationActor>();
  private listeners = new Set<() => void>();
  private state: OutboxState = { evaluatorId: null, loaded: false, ids: [] };
  private connectionWatched = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  actor(id: string): EvaluationActor | undefined {
    return this.actors.get(id);
  }

  /** Reads this evaluator's evaluations from the device and starts each (once per evaluator). */
  async open(evaluatorId: string): Promise<void> {
    if (this.state.evaluatorId === evaluatorId) return;
    for (const actor of this.actors.values()) actor.stop();
    this.actors.clear();
    this.state = { evaluatorId, loaded: false, ids: [] };
    this.notify();
    this.watchConnection();
    const stored = await listEvaluations(evaluatorId);
    if (this.state.evaluatorId !== evaluatorId) return;
    for (const record of stored) this.start(record);
    this.state = { ...this.state, loaded: true };
    this.notify();
  }

  /** A new draft for a chosen template and trainee: on the device first, then running. */
  async create(draft: EvaluationDraft): Promise<void> {
    const evaluatorId = this.state.evaluatorId;
    if (!evaluatorId) throw new Error('The outbox is not open');
    const record: StoredEvaluation = {
      id: draft.id,
      evaluatorId,
      stage: 'draft',
      draft,
      envelope: null,
      refusal: null,
      updatedAt: new Date().toISOString(),
    };
    await saveEvaluation(record);
    this.start(record);
  }

  /**
   * The evaluator signs: the password is sealed at once to the server's public key (kept on the
   * device with the templates) together with this evaluation's id and the hash of exactly what will
   * be sent, and only that envelope goes into the machine and the device store.
   */
  async sign(id: string, password: string): Promise<void> {
    const actor = this.actors.get(id);
    const evaluatorId = this.state.evaluatorId;
    if (!actor || !evaluatorId) return;
    const key = await deviceSigningKey(evaluatorId);
    if (!key) throw new Error(t('evaluate.sign.noKey'));
    const at = new Date().toISOString();
    const draft = { ...actor.getSnapshot().context.draft, signedAt: at };
    const content = contentOf({ draft, outcome: impliedOutcome(draft) });
    const envelope = await sealPassword(key, {
      password,
      evaluationId: id,
      bodyHash: await submissionHash(content, evaluatorId),
      signedAt: at,
    });
    actor.send({ type: 'evaluation.sign', envelope, at });
  }

  /**
   * The evaluator signs through their company provider (issue 32 item 5): the proof of the
   * re-authentication, bound to this evaluation on the server, goes where the envelope would.
   */
  signWithProof(id: string, signingProof: string): void {
    const actor = this.actors.get(id);
    if (!actor) return;
    actor.send({ type: 'evaluation.sign', envelope: { signingProof }, at: new Date().toISOString() });
  }

  /** Removes an evaluation from the device (a draft given up, or a sent one left for the trainee's account). */
  async discard(id: string): Promise<void> {
    this.actors.get(id)?.stop();
    this.actors.delete(id);
    await deleteEvaluation(id);
    this.setIds();
  }

  private start(record: StoredEvaluation) {
    const evaluatorId = record.evaluatorId;
    const actor = createActor(browserEvaluationMachine, {
      input: {
        draft: record.draft,
        stage: record.stage,
        envelope: record.envelope,
        refusal: record.refusal,
        online: online(),
      },
    });
    let last = '';
    actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') {
        // Acknowledged: the record lives on the server now; the device keeps nothing of it.
        this.actors.delete(record.id);
        void deleteEvaluation(record.id).then(() => this.setIds());
        return;
      }
      const next: StoredEvaluation = {
        id: record.id,
        evaluatorId,
        stage: stageOf(snapshot.value),
        draft: snapshot.context.draft,
        envelope: snapshot.context.envelope,
        refusal: snapshot.context.refusal,
        updatedAt: record.updatedAt,
      };
      const serial = JSON.stringify(next);
      if (serial === last) return;
      last = serial;
      void saveEvaluation(next);
    });
    this.actors.set(record.id, actor);
    actor.start();
    this.setIds();
  }

  private setIds() {
    this.state = { ...this.state, ids: [...this.actors.keys()] };
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private watchConnection() {
    if (this.connectionWatched || typeof window === 'undefined') return;
    this.connectionWatched = true;
    const tell = (type: 'connection.online' | 'connection.offline') => () => {
      for (const actor of this.actors.values()) actor.send({ type });
    };
    window.addEventListener('online', tell('connection.online'));
    window.addEventListener('offline', tell('connection.offline'));
  }
}

export const evaluationOutbox = new EvaluationOutbox();
