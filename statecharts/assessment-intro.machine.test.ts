import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  assessment,
  attempt,
  failedOnce,
  fakeServer,
  fresh,
  loaded,
  questions,
  resuming,
  result,
  installAssessmentClock,
} from './testing/assessment-fixtures';

// The intro: nothing starts until the learner presses Start (the rest of the machine:
// assessment.machine.test.ts).

installAssessmentClock();

describe('assessment machine: the intro', () => {
  it('opening the page shows the intro and starts nothing until the learner presses Start', async () => {
    // The server sets the deadline when the start arrives.
    const { machine, calls } = fakeServer({
      start: async () => ({ ...attempt(), deadline: new Date(Date.now() + 600_000).toISOString() }),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(actor.getSnapshot().context.history).toEqual(fresh);
    expect(actor.getSnapshot().context.attempt).toBeNull();
    expect(calls.start).toBe(0);
    expect(actor.getSnapshot().can({ type: 'attempt.review' })).toBe(false);
    actor.send({ type: 'attempt.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.start).toBe(1);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(600);
  });

  it('shows the intro from the question count alone and takes the questions from the started attempt', async () => {
    const reordered = [...questions].reverse();
    const { machine } = fakeServer({
      load: async () => loaded({ assessment: { ...assessment, questions: [] } }),
      start: async () => ({ ...attempt(), questions: reordered }),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(actor.getSnapshot().context.assessment).toMatchObject({ questionCount: questions.length, questions: [] });
    actor.send({ type: 'attempt.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(actor.getSnapshot().context.assessment?.questions).toEqual(reordered);
  });

  it('resumes an open attempt without the intro', async () => {
    const { machine, calls } = fakeServer({ load: async () => resuming });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.start).toBe(1);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
  });

  it('offers no Start when no attempts remain', async () => {
    const { machine, calls } = fakeServer({
      load: async () =>
        loaded({
          history: {
            usedAttempts: 3,
            remainingAttempts: 0,
            lastAttempt: { attemptId: 'att-3', attemptNumber: 3, score: 20, passed: false },
          },
        }),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'attempt.start' })).toBe(false);
    actor.send({ type: 'attempt.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(calls.start).toBe(0);
    // The last attempt can still be reviewed, but leads nowhere new.
    actor.send({ type: 'attempt.review' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
  });

  it('allows a start at any count when the assessment sets no maximum', async () => {
    const { machine } = fakeServer({
      load: async () =>
        loaded({
          assessment: { ...assessment, maxAttempts: null },
          history: { usedAttempts: 7, remainingAttempts: null, lastAttempt: null },
        }),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'attempt.start' })).toBe(true);
  });

  it('reviews the last failed attempt from the intro and comes back to it for a retake', async () => {
    const { machine, calls } = fakeServer({
      load: async () => loaded({ history: failedOnce }),
      review: async () => result(false, 2),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'attempt.review' })).toBe(true);
    actor.send({ type: 'attempt.review' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reviews).toEqual(['att-0']);
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(actor.getSnapshot().context.result?.passed).toBe(false);
    actor.send({ type: 'attempt.retake' });
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(actor.getSnapshot().context.history).toEqual(failedOnce);
    expect(calls.start).toBe(0);
  });

  it('offers no review when the learner has no failed attempt', async () => {
    const { machine } = fakeServer({
      load: async () => loaded({ history: { usedAttempts: 0, remainingAttempts: 3, lastAttempt: null } }),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'attempt.review' });
    expect(actor.getSnapshot().matches('intro')).toBe(true);
  });
});
