import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  MATERIAL_MESSAGES,
  materialProgressMachine,
  shownProgress,
  type MaterialInput,
} from './material-progress.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert } from './testing/fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function server(
  overrides: Partial<{
    complete: () => Promise<void>;
    time: (s: number) => Promise<void>;
    record: (claimed: number) => number;
  }> = {},
) {
  const calls = {
    start: 0,
    progress: [] as number[],
    durations: [] as (number | null)[],
    complete: 0,
    time: [] as number[],
  };
  const machine = materialProgressMachine.provide({
    actors: {
      startComponent: fromPromise(async () => {
        calls.start++;
      }),
      reportProgress: fromPromise(async ({ input }) => {
        calls.progress.push(input.progressPercentage);
        calls.durations.push(input.durationSeconds);
        return overrides.record ? overrides.record(input.progressPercentage) : input.progressPercentage;
      }),
      completeMaterial: fromPromise(async () => {
        calls.complete++;
        if (overrides.complete) await overrides.complete();
      }),
      sendTime: fromPromise(async ({ input }) => {
        calls.time.push(input.seconds);
        if (overrides.time) await overrides.time(input.seconds);
      }),
    },
  });
  const start = (input: Partial<MaterialInput> = {}) =>
    createActor(machine, {
      input: { componentId: 'm1', status: 'NOT_STARTED', progressPercentage: 0, ...input },
    }).start();
  return { calls, start };
}

describe('material progress machine', () => {
  it('marks a NOT_STARTED material started, and not one already in progress', async () => {
    const a = server();
    a.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.calls.start).toBe(1);
    const b = server();
    b.start({ status: 'IN_PROGRESS', progressPercentage: 40 });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.calls.start).toBe(0);
  });

  it('reports video progress in 10 % steps, never going back', async () => {
    const { calls, start } = server();
    const actor = start();
    await vi.advanceTimersByTimeAsync(0);
    for (const p of [3, 9, 12, 18, 25, 14, 31]) {
      actor.send({ type: 'material.progress', percentage: p });
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(calls.progress).toEqual([10, 20, 30]);
    expect(actor.getSnapshot().hasTag('fullyViewed')).toBe(false);
  });

  it('sends the video length with its progress, so the server can pace the completion by it', async () => {
    const { calls, start } = server();
    const actor = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'material.progress', percentage: 12, durationSeconds: 120 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'material.progress', percentage: 25 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.progress).toEqual([10, 20]);
    expect(calls.durations).toEqual([120, 120]);
  });

  it('completes the material at 100 % and finishes on "Complete & Continue"', async () => {
    const { calls, start } = server();
    const actor = start({ status: 'IN_PROGRESS', progressPercentage: 90 });
    const finished = vi.fn();
    actor.on('material.finished', finished);
    actor.send({ type: 'material.progress', percentage: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.complete).toBe(1);
    expect(actor.getSnapshot().hasTag('fullyViewed')).toBe(true);
    expect(finished).not.toHaveBeenCalled();
    actor.send({ type: 'material.finish' });
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('shows what the server recorded, not what was claimed: a held-back report shows the lower number', async () => {
    // The server holds a PDF's 100 % back to 60 % (opened too recently for two pages).
    const { calls, start } = server({ record: (claimed) => Math.min(claimed, 60) });
    const actor = start({ status: 'IN_PROGRESS', progressPercentage: 0 });
    actor.send({ type: 'material.progress', percentage: 50 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.progress).toEqual([50]);
    expect(actor.getSnapshot().context.recordedProgress).toBe(50);
    // A later, lower answer (a retry racing a newer one) never makes the number go down.
    const held = server({ record: () => 30 });
    const other = held.start({ status: 'IN_PROGRESS', progressPercentage: 40 });
    other.send({ type: 'material.progress', percentage: 70 });
    await vi.advanceTimersByTimeAsync(0);
    expect(other.getSnapshot().context).toMatchObject({ progress: 70, recordedProgress: 40 });
  });

  it('shows 100 % once the completion is confirmed', async () => {
    const { start } = server();
    const actor = start({ status: 'IN_PROGRESS', progressPercentage: 50 });
    actor.send({ type: 'material.progress', percentage: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.recordedProgress).toBe(100);
  });

  it("counts a video's end at once: 100 % beside Complete & Continue while the server still holds the last report back", async () => {
    // The server recorded 60 % of a short video (its minimum viewing time is not over) and is slow to complete.
    let grant: () => void = () => {};
    const { start } = server({
      record: (claimed) => Math.min(claimed, 60),
      complete: () => new Promise<void>((resolve) => (grant = resolve)),
    });
    const actor = start({ status: 'IN_PROGRESS', progressPercentage: 50 });
    const shown = () => shownProgress(actor.getSnapshot().context, actor.getSnapshot().hasTag('fullyViewed'));
    actor.send({ type: 'material.progress', percentage: 60, durationSeconds: 12 });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toBe(60);
    // The player reaches the end: the bar reads 100 % at once, not after the completion answers.
    actor.send({ type: 'material.progress', percentage: 100, durationSeconds: 12 });
    expect(actor.getSnapshot().context.recordedProgress).toBe(60);
    expect(actor.getSnapshot().hasTag('completing')).toBe(true);
    expect(shown()).toBe(100);
    grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.recordedProgress).toBe(100);
    expect(shown()).toBe(100);
  });

  it('counts an opened document as 100 %', async () => {
    const { calls, start } = server();
    const actor = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'material.loaded' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.complete).toBe(1);
    expect(actor.getSnapshot().matches({ progress: 'completed' })).toBe(true);
  });

  it('counts a viewer that finishes loading while the start call is still in flight', async () => {
    let release!: () => void;
    const { calls } = server();
    const machine = materialProgressMachine.provide({
      actors: {
        startComponent: fromPromise(() => new Promise<void>((resolve) => (release = resolve))),
        reportProgress: fromPromise(async () => 0),
        completeMaterial: fromPromise(async () => {
          calls.complete++;
        }),
        sendTime: fromPromise(async () => {}),
      },
    });
    const actor = createActor(machine, {
      input: { componentId: 'm1', status: 'NOT_STARTED', progressPercentage: 0 },
    }).start();
    actor.send({ type: 'material.loaded' });
    expect(actor.getSnapshot().matches({ progress: 'starting' })).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.complete).toBe(1);
    expect(actor.getSnapshot().hasTag('fullyViewed')).toBe(true);
  });

  it('shows "Failed to complete material" and completes when the learner presses the button again', async () => {
    let fail = true;
    const { calls, start } = server({
      complete: async () => {
        if (fail) {
          fail = false;
          throw new Error('offline');
        }
      },
    });
    const actor = start({ status: 'IN_PROGRESS' });
    const finished = vi.fn();
    actor.on('material.finished', finished);
    actor.send({ type: 'material.loaded' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe(MATERIAL_MESSAGES.completeFailed);
    actor.send({ type: 'material.finish' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.complete).toBe(2);
    expect(finished).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends the time spent every 30 seconds and the rest when leaving', async () => {
    const { calls, start } = server();
    const actor = start({ status: 'IN_PROGRESS' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls.time).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.time).toEqual([30]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.time).toEqual([30, 30]);
    await vi.advanceTimersByTimeAsync(12_000);
    actor.send({ type: 'material.leave' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.time).toEqual([30, 30, 12]);
    // Nothing is counted while away.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.time).toEqual([30, 30, 12]);
  });

  it('only logs a failed time report and sends those seconds with the next one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { calls, start } = server({
      time: async () => {
        if (fail) {
          fail = false;
          throw new Error('offline');
        }
      },
    });
    const actor = start({ status: 'IN_PROGRESS' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(warn).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.time).toEqual([30, 60]);
    warn.mockRestore();
  });

  it('opens a completed material as fully viewed without starting or completing it again', async () => {
    const { calls, start } = server();
    const actor = start({ status: 'COMPLETED', progressPercentage: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('fullyViewed')).toBe(true);
    expect(calls.start + calls.complete).toBe(0);
  });
});

describe('material progress machine: every state and transition (xstate/graph)', () => {
  const machine = inert(materialProgressMachine, { logFailure: () => {} });
  const walk = walkGraph<{ finished: number }>({
    machine,
    inputs: [
      { componentId: 'm1', status: 'NOT_STARTED', progressPercentage: 0 },
      { componentId: 'm1', status: 'IN_PROGRESS', progressPercentage: 40 },
      { componentId: 'm1', status: 'COMPLETED', progressPercentage: 100 },
    ],
    events: [
      { type: 'material.progress', percentage: 55 },
      { type: 'material.loaded' },
      { type: 'material.finish' },
      { type: 'material.leave' },
      { type: 'material.return' },
      { type: 'time.tick' },
      done(machine, 'startComponent'),
      fail(machine, 'startComponent', 'offline'),
      done(machine, 'reportProgress', 30),
      fail(machine, 'reportProgress', 'offline'),
      done(machine, 'completeMaterial'),
      fail(machine, 'completeMaterial', 'offline'),
      done(machine, 'sendTime', undefined, 'sending'),
      fail(machine, 'sendTime', 'offline', 'sending'),
      done(machine, 'sendTime', undefined, 'flushSending'),
      fail(machine, 'sendTime', 'offline', 'flushSending'),
    ],
    // Seconds only matter as "some" or "none": counting them would make the graph endless.
    serializeState: (s) => {
      const c = s.context as {
        status: string;
        progress: number;
        reportedProgress: number;
        recordedProgress: number;
        unsentSeconds: number;
        sendingSeconds: number;
        finishRequested: boolean;
        error: string | null;
      };
      return JSON.stringify([
        s.value,
        c.status,
        c.progress,
        c.reportedProgress,
        c.recordedProgress,
        c.unsentSeconds > 0,
        c.sendingSeconds > 0,
        c.finishRequested,
        c.error,
      ]);
    },
    start: (input, inspect) => {
      const actor = createActor(machine, { input: input as never, inspect });
      const effects = { finished: 0 };
      actor.on('material.finished', () => void effects.finished++);
      return { actor, effects };
    },
    check: ({ before, after, effects }) => {
      const c = after.context as { progress: number; reportedProgress: number; recordedProgress: number };
      const b = before.context as { progress: number; recordedProgress: number };
      // Progress never goes back, and the server is never told more than the learner reached.
      expect(c.progress).toBeGreaterThanOrEqual(b.progress);
      expect(c.reportedProgress).toBeLessThanOrEqual(c.progress);
      // The number shown never goes back either.
      expect(c.recordedProgress).toBeGreaterThanOrEqual(b.recordedProgress);
      // The page is told to move on only once completion is confirmed.
      if (effects.finished > 0) expect(after.matches({ progress: 'finished' })).toBe(true);
    },
  });

  it('reaches every state node and takes every transition; progress never goes back', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(1000);
  });
});
