import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SignatureEnvelope } from '../worker/contract/signature-envelope';
import {
  evaluationMachine,
  impliedOutcome,
  missingItems,
  retryDelay,
  stageOf,
  type AcknowledgementBody,
  type EvaluationDraft,
  type EvaluationStage,
  type SubmitInput,
} from './evaluation.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const draft = (): EvaluationDraft => ({
  id: 'ev-1',
  templateId: 't1',
  templateName: 'Reach truck',
  items: [
    { id: 'i1', text: 'Checks the forks', critical: true },
    { id: 'i2', text: 'Sounds the horn', critical: false },
  ],
  traineeId: 'u2',
  traineeName: 'Alex Doe',
  results: {},
  note: '',
  photoIds: [],
  signedAt: null,
});

const offline = () => Object.assign(new Error('Failed to fetch'), { refused: false });
const refused = (message: string) => ({ refused: true, message });

function run(
  options: {
    submit?: (input: SubmitInput) => Promise<unknown>;
    upload?: () => Promise<unknown>;
    acknowledge?: (input: { id: string; body: AcknowledgementBody }) => Promise<unknown>;
    online?: boolean;
    stage?: EvaluationStage;
    envelope?: SignatureEnvelope;
  } = {},
) {
  const submit = vi.fn(options.submit ?? (async () => ({})));
  const upload = vi.fn(options.upload ?? (async () => ({})));
  const acknowledge = vi.fn(options.acknowledge ?? (async () => ({})));
  const machine = evaluationMachine.provide({
    actors: {
      submitEvaluation: fromPromise(({ input }: { input: SubmitInput }) => submit(input)),
      uploadPhotos: fromPromise(() => upload()),
      acknowledge: fromPromise(({ input }: { input: { id: string; body: AcknowledgementBody } }) => acknowledge(input)),
    },
  });
  const actor = createActor(machine, {
    input: { draft: draft(), online: options.online ?? true, stage: options.stage, envelope: options.envelope },
  }).start();
  return { actor, submit, upload, acknowledge };
}

const fillAll = (actor: ReturnType<typeof run>['actor'], second: 'PASS' | 'NOT_YET' | 'NOT_APPLICABLE' = 'PASS') => {
  actor.send({ type: 'item.result', itemId: 'i1', result: 'PASS' });
  actor.send({ type: 'item.result', itemId: 'i2', result: second });
};
/** A stand-in for the sealed password (the client seals it; the machine only carries it). */
const sealed = (tag = 'secret'): SignatureEnvelope => ({ keyId: 'k1', wrappedKey: tag, iv: 'iv', ciphertext: 'c' });
const sign = (actor: ReturnType<typeof run>['actor'], tag = 'secret') =>
  actor.send({ type: 'evaluation.sign', envelope: sealed(tag), at: '2026-11-28T04:00:00.000Z' });

describe('evaluation machine', () => {
  it('keeps a draft open until every item is answered and a critical item is not marked not applicable', () => {
    const { actor, submit } = run();
    actor.send({ type: 'item.result', itemId: 'i1', result: 'NOT_APPLICABLE' });
    actor.send({ type: 'item.result', itemId: 'unknown', result: 'PASS' });
    expect(Object.keys(actor.getSnapshot().context.draft.results)).toEqual(['i1']);
    sign(actor);
    expect(actor.getSnapshot().value).toBe('draft');
    fillAll(actor);
    // Without a sealed signature (a client that failed to seal) nothing is signed either.
    actor.send({
      type: 'evaluation.sign',
      envelope: null as unknown as SignatureEnvelope,
      at: '2026-11-28T04:00:00.000Z',
    });
    expect(actor.getSnapshot().value).toBe('draft');
    expect(submit).not.toHaveBeenCalled();
  });

  it('implies the outcome from the results: competent only when no item is "not yet"', () => {
    const { actor } = run();
    fillAll(actor, 'NOT_APPLICABLE');
    expect(impliedOutcome(actor.getSnapshot().context.draft)).toBe('COMPETENT');
    actor.send({ type: 'item.result', itemId: 'i2', result: 'NOT_YET' });
    expect(impliedOutcome(actor.getSnapshot().context.draft)).toBe('NOT_YET_COMPETENT');
    expect(missingItems(actor.getSnapshot().context.draft)).toEqual([]);
  });

  it('keeps notes and photos on the draft', () => {
    const { actor } = run();
    actor.send({ type: 'item.note', itemId: 'i2', note: 'Quietly' });
    actor.send({ type: 'note.change', note: 'Good drive' });
    actor.send({ type: 'photo.add', photoId: 'p1' });
    actor.send({ type: 'photo.add', photoId: 'p2' });
    actor.send({ type: 'photo.remove', photoId: 'p1' });
    const { draft: d } = actor.getSnapshot().context;
    expect(d.results.i2).toEqual({ result: null, note: 'Quietly' });
    expect(d.note).toBe('Good drive');
    expect(d.photoIds).toEqual(['p2']);
  });

  it('signed without a signal, waits on the device and sends once when the connection returns, then its photos', async () => {
    const { actor, submit, upload } = run({ online: false });
    fillAll(actor, 'NOT_YET');
    sign(actor);
    expect(actor.getSnapshot().value).toBe('waitingToSend');
    expect(stageOf(actor.getSnapshot().value)).toBe('signed');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(submit).not.toHaveBeenCalled();
    // Signed means read-only: an edit now changes nothing.
    actor.send({ type: 'item.result', itemId: 'i2', result: 'PASS' });
    expect(actor.getSnapshot().context.draft.results.i2?.result).toBe('NOT_YET');

    actor.send({ type: 'connection.online' });
    await vi.advanceTimersByTimeAsync(0);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ outcome: 'NOT_YET_COMPETENT', envelope: sealed() });
    expect(submit.mock.calls[0]?.[0].draft.signedAt).toBe('2026-11-28T04:00:00.000Z');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('sent');
    // The envelope is gone once the server has the record.
    expect(actor.getSnapshot().context.envelope).toBeNull();
    actor.send({ type: 'connection.online' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('retries the same record with backoff when the connection drops during the send', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(offline());
    const { actor, submit } = run({ submit: () => answer() });
    fillAll(actor);
    sign(actor);
    await vi.advanceTimersByTimeAsync(0);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('waitingToSend');
    await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
    expect(submit).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(submit).toHaveBeenCalledTimes(2);
    // The second failure waits twice as long.
    await vi.advanceTimersByTimeAsync(retryDelay(2) - 1);
    expect(submit).toHaveBeenCalledTimes(2);
    answer = async () => ({});
    await vi.advanceTimersByTimeAsync(1);
    expect(submit).toHaveBeenCalledTimes(3);
    expect(submit.mock.calls.map((c) => c[0].draft.id)).toEqual(['ev-1', 'ev-1', 'ev-1']);
    expect(actor.getSnapshot().value).toBe('sent');
  });

  it("brings a refused record back to the evaluator's draft with the server's message, never dropped", async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(refused('The password is not correct.'));
    const { actor, submit } = run({ submit: () => answer() });
    fillAll(actor);
    actor.send({ type: 'note.change', note: 'kept' });
    sign(actor, 'wrong');
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('draft');
    expect(snapshot.context.refusal).toBe('The password is not correct.');
    expect(snapshot.context.draft.note).toBe('kept');
    expect(snapshot.context.draft.signedAt).toBeNull();
    expect(snapshot.context.envelope).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(submit).toHaveBeenCalledTimes(1);

    answer = async () => ({});
    sign(actor, 'right');
    expect(actor.getSnapshot().context.refusal).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(submit.mock.calls[1]?.[0].envelope).toEqual(sealed('right'));
    expect(actor.getSnapshot().value).toBe('sent');
  });

  it('keeps the photos waiting when their upload fails after the record arrived, without sending the record again', async () => {
    let upload: () => Promise<unknown> = () => Promise.reject(offline());
    const { actor, submit } = run({ upload: () => upload() });
    fillAll(actor);
    sign(actor);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waitingForPhotos');
    expect(stageOf(actor.getSnapshot().value)).toBe('recorded');
    upload = async () => ({});
    actor.send({ type: 'connection.offline' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().value).toBe('waitingForPhotos');
    actor.send({ type: 'connection.online' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('sent');
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('resumes where the device left it after a reload', async () => {
    const waiting = run({ stage: 'signed', envelope: sealed(), online: false });
    expect(waiting.actor.getSnapshot().value).toBe('waitingToSend');
    waiting.actor.send({ type: 'connection.online' });
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.submit.mock.calls[0]?.[0].envelope).toEqual(sealed());
    expect(run({ stage: 'recorded', online: false }).actor.getSnapshot().value).toBe('waitingForPhotos');
    expect(run({ stage: 'sent' }).actor.getSnapshot().value).toBe('sent');
    expect(run({ stage: 'acknowledged' }).actor.getSnapshot().status).toBe('done');
    expect(run({}).actor.getSnapshot().value).toBe('draft');
  });

  it('records the trainee acknowledgement, keeping a failure beside it for another try', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(new Error('The username or password is not correct.'));
    const { actor, acknowledge } = run({ stage: 'sent', acknowledge: () => answer() });
    const body: AcknowledgementBody = { method: 'password', username: 'alex', password: 'pw' };
    actor.send({ type: 'acknowledgement.submit', body });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.error).toBe('The username or password is not correct.');
    answer = async () => ({});
    actor.send({ type: 'acknowledgement.submit', body });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(acknowledge).toHaveBeenLastCalledWith({ id: 'ev-1', body });
    expect(actor.getSnapshot().value).toBe('acknowledged');
  });

  it('backs off from 2 s doubling to at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
});
