import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  INCOMPLETE_MESSAGES,
  incompleteAttemptsMachine,
  type IncompleteAttemptRow,
  type SubmitAllOutput,
} from './incomplete-attempts.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { inert } from './testing/fixtures';

const row = (attemptId: string, remainingSeconds = 600): IncompleteAttemptRow => ({
  attemptId,
  courseId: 'c1',
  componentId: `quiz-${attemptId}`,
  courseTitle: 'PASS',
  componentTitle: `Quiz ${attemptId}`,
  elapsedMinutes: 12,
  attemptNumber: 1,
  remainingSeconds,
});

function withServer(server: { open: string[]; failing?: Set<string>; checkFails?: () => boolean }) {
  const submitted: string[] = [];
  const submitOne = async (id: string) => {
    if (server.failing?.has(id)) throw new Error('offline');
    server.open = server.open.filter((x) => x !== id);
    submitted.push(id);
  };
  const machine = incompleteAttemptsMachine.provide({
    actors: {
      checkIncomplete: fromPromise(async () => {
        if (server.checkFails?.()) throw new Error('offline');
        return server.open.map(row);
      }),
      submitAttempt: fromPromise(async ({ input }) => submitOne(input.attemptId)),
      submitAll: fromPromise(async ({ input }): Promise<SubmitAllOutput> => {
        const out: SubmitAllOutput = { submitted: [], failed: [] };
        for (const id of input.attemptIds) {
          try {
            await submitOne(id);
            out.submitted.push(id);
          } catch {
            out.failed.push(id);
          }
        }
        return out;
      }),
    },
  });
  return { machine, submitted, server };
}

describe('incomplete attempts machine', () => {
  it('stays closed when nothing is incomplete', async () => {
    const { machine } = withServer({ open: [] });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('is silent when the page-load check fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { machine } = withServer({ open: ['a1'], checkFails: () => true });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('opens with the list, shrinks as attempts are submitted and closes after the last one', async () => {
    const { machine, submitted } = withServer({ open: ['a1', 'a2'] });
    const actor = createActor(machine).start();
    const resolved = vi.fn();
    actor.on('attempts.resolved', resolved);
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    expect(actor.getSnapshot().context.attempts.map((a) => a.attemptId)).toEqual(['a1', 'a2']);
    actor.send({ type: 'attempt.submit', attemptId: 'a2' });
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    expect(actor.getSnapshot().context.attempts.map((a) => a.attemptId)).toEqual(['a1']);
    actor.send({ type: 'attempt.submit', attemptId: 'a1' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submitted).toEqual(['a2', 'a1']);
    expect(resolved).toHaveBeenCalledWith(expect.objectContaining({ submittedCount: 2 }));
  });

  it('keeps the row and shows "Failed to submit attempt" when one submit fails', async () => {
    const { machine } = withServer({ open: ['a1'], failing: new Set(['a1']) });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    actor.send({ type: 'attempt.submit', attemptId: 'a1' });
    await waitFor(actor, (s) => s.matches({ open: 'list' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(INCOMPLETE_MESSAGES.submitOneFailed);
    expect(actor.getSnapshot().context.attempts).toHaveLength(1);
  });

  it('submits all, keeps the failed ones with "Failed to submit some attempts", then succeeds on retry', async () => {
    const failing = new Set(['a2']);
    const { machine } = withServer({ open: ['a1', 'a2', 'a3'], failing });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    actor.send({ type: 'attempts.submitAll' });
    await waitFor(actor, (s) => s.matches({ open: 'list' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(INCOMPLETE_MESSAGES.submitSomeFailed);
    expect(actor.getSnapshot().context.attempts.map((a) => a.attemptId)).toEqual(['a2']);
    failing.clear();
    actor.send({ type: 'attempts.submitAll' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('shows "Failed to check incomplete attempts" inline when the confirming check fails, then offers Continue on the empty list', async () => {
    let checks = 0;
    const { machine } = withServer({ open: ['a1'], checkFails: () => checks++ > 0 });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    actor.send({ type: 'attempts.submitAll' });
    await waitFor(actor, (s) => s.matches({ open: 'list' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(INCOMPLETE_MESSAGES.checkFailed);
    expect(actor.getSnapshot().context.attempts).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'dialog.continue' })).toBe(true);
    actor.send({ type: 'dialog.continue' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('cannot be continued past while attempts are listed', async () => {
    const { machine } = withServer({ open: ['a1'] });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    expect(actor.getSnapshot().can({ type: 'dialog.continue' })).toBe(false);
    actor.send({ type: 'dialog.continue' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });
});

describe('incomplete attempts machine: returning to an open attempt', () => {
  const listing = (rows: IncompleteAttemptRow[]) =>
    incompleteAttemptsMachine.provide({ actors: { checkIncomplete: fromPromise(async () => rows) } });

  it('hands the page the attempt to resume when it still has time left, without submitting anything', async () => {
    const actor = createActor(listing([row('a1', 0), row('a2', 540)])).start();
    const resumed = vi.fn();
    const resolved = vi.fn();
    actor.on('attempt.resume', resumed);
    actor.on('attempts.resolved', resolved);
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    actor.send({ type: 'attempt.return', attemptId: 'a2' });
    expect(actor.getSnapshot().value).toBe('returning');
    expect(actor.getSnapshot().status).toBe('done');
    expect(resumed).toHaveBeenCalledWith({
      type: 'attempt.resume',
      target: { attemptId: 'a2', courseId: 'c1', componentId: 'quiz-a2' },
    });
    expect(resolved).not.toHaveBeenCalled();
  });

  it('offers no return to an attempt whose time is up: the dialog stays open (it cannot be dismissed)', async () => {
    const actor = createActor(listing([row('a1', 0)])).start();
    await waitFor(actor, (s) => s.matches({ open: 'list' }));
    expect(actor.getSnapshot().can({ type: 'attempt.return', attemptId: 'a1' })).toBe(false);
    actor.send({ type: 'attempt.return', attemptId: 'a1' });
    actor.send({ type: 'attempt.return', attemptId: 'unknown' });
    expect(actor.getSnapshot().matches({ open: 'list' })).toBe(true);
  });
});

describe('incomplete attempts machine: every state and transition (xstate/graph)', () => {
  const machine = inert(incompleteAttemptsMachine, { logCheckFailure: () => {} });
  const events = [
    { type: 'xstate.done.actor.checkIncomplete', output: [row('a1'), row('a2', 0)] },
    { type: 'xstate.done.actor.checkIncomplete', output: [] },
    { type: 'xstate.error.actor.checkIncomplete', error: new Error('offline') },
    { type: 'attempt.submit', attemptId: 'a1' },
    { type: 'attempt.submit', attemptId: 'a2' },
    { type: 'attempt.submit', attemptId: 'zz' },
    { type: 'xstate.done.actor.submitAttempt' },
    { type: 'xstate.error.actor.submitAttempt', error: new Error('offline') },
    { type: 'attempts.submitAll' },
    { type: 'xstate.done.actor.submitAll', output: { submitted: ['a1', 'a2'], failed: [] } },
    { type: 'xstate.done.actor.submitAll', output: { submitted: ['a1'], failed: ['a2'] } },
    { type: 'xstate.error.actor.submitAll', error: new Error('offline') },
    { type: 'xstate.done.actor.recheckIncomplete', output: [] },
    { type: 'xstate.done.actor.recheckIncomplete', output: [row('a2')] },
    { type: 'xstate.error.actor.recheckIncomplete', error: new Error('offline') },
    { type: 'dialog.continue' },
    { type: 'attempt.return', attemptId: 'a1' },
    { type: 'attempt.return', attemptId: 'a2' },
  ];
  const serializeState = (s: { value: unknown; context: unknown; status?: string }) => {
    const c = s.context as { attempts: IncompleteAttemptRow[]; submittingId: string | null; error: string | null };
    return JSON.stringify([s.value, c.attempts.map((a) => a.attemptId), c.submittingId, c.error]);
  };
  const walk = walkGraph({ machine, events: events as never, serializeState: serializeState as never });
  const paths = walk.paths;

  it('reaches every state node and takes every transition, behaving on a live actor as the model says', () => {
    expectWholeGraph(walk);
  });

  it('never closes while an attempt is still listed', () => {
    for (const path of paths) {
      const last = path.states.at(-1)!;
      if (last.value === 'closed') {
        const prev = path.states.at(-2)!;
        const listed = (last.context as { attempts: unknown[] }).attempts.length;
        expect({ from: prev.value, listed }).toEqual({ from: prev.value, listed: 0 });
      }
    }
  });
});
