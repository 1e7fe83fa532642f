import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  RECERTIFICATION_MESSAGES,
  recertificationMachine,
  type RecertificationOutput,
} from './recertification.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert, never } from './testing/fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const STARTED = 'A new training cycle has started. Your previous progress and certificates are kept in your history.';

function run(start: (input: { courseId: string }) => Promise<RecertificationOutput>) {
  const call = vi.fn(start);
  const machine = recertificationMachine.provide({
    actors: { startRecertification: fromPromise(({ input }) => call(input)) },
  });
  const actor = createActor(machine, { input: { courseId: 'c1' } }).start();
  const started = vi.fn();
  actor.on('recertification.started', started);
  return { actor, call, started };
}

describe('recertification machine', () => {
  it('asks for confirmation first: opening and cancelling starts nothing', async () => {
    const { actor, call } = run(async () => ({ message: STARTED }));
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'recertification.open' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'recertification.cancel' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it("starts the new cycle of this course on confirm, then closes and tells the page once, with the server's message", async () => {
    const { actor, call, started } = run(async () => ({ message: STARTED }));
    actor.send({ type: 'recertification.open' });
    actor.send({ type: 'recertification.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledWith({ courseId: 'c1' });
    expect(actor.getSnapshot().value).toBe('started');
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(started).toHaveBeenCalledTimes(1);
    expect(started).toHaveBeenCalledWith(expect.objectContaining({ courseId: 'c1', message: STARTED }));
    // No second cycle from the same visit.
    actor.send({ type: 'recertification.open' });
    actor.send({ type: 'recertification.confirm' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('cannot be cancelled while the server is starting the cycle', () => {
    const { actor } = run(() => never());
    actor.send({ type: 'recertification.open' });
    actor.send({ type: 'recertification.confirm' });
    actor.send({ type: 'recertification.cancel' });
    expect(actor.getSnapshot().value).toBe('starting');
  });

  it("keeps the confirmation open with the server's refusal, and clears it on the next try", async () => {
    const refusal = 'Your certificate is valid until 2027-01-01. Recertification opens on 2026-12-02.';
    let answer: () => Promise<RecertificationOutput> = () => Promise.reject(new Error(refusal));
    const { actor, started } = run(() => answer());
    actor.send({ type: 'recertification.open' });
    actor.send({ type: 'recertification.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBe(refusal);
    expect(started).not.toHaveBeenCalled();

    answer = async () => ({ message: STARTED });
    actor.send({ type: 'recertification.confirm' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('started');
  });

  it('says "Failed to start recertification" when the failure carries no message, and forgets it when reopened', async () => {
    const { actor } = run(() => Promise.reject(new Error('')));
    actor.send({ type: 'recertification.open' });
    actor.send({ type: 'recertification.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe(RECERTIFICATION_MESSAGES.failed);
    actor.send({ type: 'recertification.cancel' });
    actor.send({ type: 'recertification.open' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('recertification machine: every state and transition (xstate/graph)', () => {
  const machine = inert(recertificationMachine);
  const walk = walkGraph<{ started: number }>({
    machine,
    inputs: [{ courseId: 'c1' }],
    events: [
      { type: 'recertification.open' },
      { type: 'recertification.cancel' },
      { type: 'recertification.confirm' },
      done(machine, 'startRecertification', { message: STARTED }),
      fail(
        machine,
        'startRecertification',
        'Finish or submit your open assessment attempt before starting recertification',
      ),
      fail(machine, 'startRecertification', ''),
    ],
    start: (input, inspect) => {
      const actor = createActor(machine, { input: input as never, inspect });
      const effects = { started: 0 };
      actor.on('recertification.started', () => void effects.started++);
      return { actor, effects };
    },
    check: ({ before, after, effects }) => {
      // The page hears of the new cycle exactly when the server confirmed it.
      expect(effects.started).toBe(before.matches('starting') && after.matches('started') ? 1 : 0);
      // The dialog is open exactly while confirming or starting.
      expect(after.hasTag('open')).toBe(after.matches('confirming') || after.matches('starting'));
      if (after.matches('confirming') && before.matches('starting'))
        expect(after.context.error).toMatch(/^(Finish or submit .*|Failed to start recertification)$/);
    },
  });

  it('reaches every state node and takes every transition, announcing the start once', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(10);
  });
});
