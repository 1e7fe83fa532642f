import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ScormCommitResponse, ScormLaunchResponse } from '../worker/contract/scorm';
import { SCORM_PLAYER_MESSAGES, scormPlayerMachine, type Cmi } from './scorm-player.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert } from './testing/fixtures';

const summary = (completed: boolean) => ({
  status: completed ? 'passed' : 'incomplete',
  successStatus: null,
  score: completed ? 100 : null,
  totalSeconds: 0,
  completed,
  updatedAt: null,
});
const launchData = (completed = false): ScormLaunchResponse => ({
  componentId: 'c1',
  materialId: 'm1',
  title: 'PPE quiz',
  version: '1.2',
  launchUrl: '/api/v2/scorm/content/c1/t/index.html',
  cycle: 1,
  cmi: { 'cmi.core.entry': '' },
  beaconUrl: '/api/v2/scorm/components/c1/beacon?sig=x',
  sessionId: 'session-1',
  minimumSeconds: 60,
  summary: summary(completed),
  learnerName: 'Lane, Alex',
  learnerId: 'u1',
  masteryScore: 80,
});
const committed = (completed: boolean): ScormCommitResponse => ({
  summary: summary(completed),
  componentStatus: completed ? 'COMPLETED' : 'IN_PROGRESS',
  progressPercentage: completed ? 100 : 0,
});

/** A player against a scripted server: commits resolve when the test says so. */
function player(options: { launchFails?: boolean } = {}) {
  const commits: {
    cmi: Cmi;
    finished: boolean;
    resolve: (r: ScormCommitResponse) => void;
    reject: (e: Error) => void;
  }[] = [];
  const beacons: { url: string; body: { cmi: Cmi } }[] = [];
  const machine = scormPlayerMachine.provide({
    actors: {
      launch: fromPromise(async () => {
        if (options.launchFails) throw new Error('offline');
        return launchData();
      }),
      commit: fromPromise(
        ({ input }) =>
          new Promise<ScormCommitResponse>((resolve, reject) =>
            commits.push({ cmi: input.cmi, finished: input.finished, resolve, reject }),
          ),
      ),
    },
    actions: { sendBeacon: (_, params) => void beacons.push(params as never) },
  });
  const actor = createActor(machine, { input: { componentId: 'c1', sessionId: 'session-1' } });
  const emitted: string[] = [];
  actor.on('*', (e) => void emitted.push(e.type));
  actor.start();
  return { actor, commits, beacons, emitted };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('SCORM player machine', () => {
  it('launches, commits what the package commits, and completes when the server says the component is complete', async () => {
    const { actor, commits, emitted } = player();
    await settle();
    expect(actor.getSnapshot().matches({ running: 'idle' })).toBe(true);
    actor.send({ type: 'runtime.commit', cmi: { 'cmi.core.lesson_status': 'incomplete' } });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    commits[0].resolve(committed(false));
    await settle();
    expect(actor.getSnapshot().matches({ running: 'idle' })).toBe(true);
    actor.send({ type: 'runtime.finish', cmi: { 'cmi.core.lesson_status': 'passed' } });
    expect(commits[1]).toMatchObject({ finished: true, cmi: { 'cmi.core.lesson_status': 'passed' } });
    commits[1].resolve(committed(true));
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.completed).toBe(true);
    expect(emitted.filter((t) => t === 'scorm.completed')).toHaveLength(1);
  });

  it('sends a commit asked for during another right after it, with the newest data', async () => {
    const { actor, commits } = player();
    await settle();
    actor.send({ type: 'runtime.commit', cmi: { 'cmi.suspend_data': '1' } });
    actor.send({ type: 'runtime.commit', cmi: { 'cmi.suspend_data': '2' } });
    expect(commits).toHaveLength(1);
    commits[0].resolve(committed(false));
    await settle();
    expect(commits).toHaveLength(2);
    expect(commits[1].cmi).toEqual({ 'cmi.suspend_data': '2' });
  });

  it('reports a failed commit and keeps playing; the data stays unsaved for the beacon', async () => {
    const { actor, commits, beacons } = player();
    await settle();
    actor.send({ type: 'runtime.commit', cmi: { 'cmi.suspend_data': 'a' } });
    commits[0].reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe(SCORM_PLAYER_MESSAGES.commitFailed);
    expect(actor.getSnapshot().matches({ running: 'idle' })).toBe(true);
    actor.send({ type: 'page.hide' });
    expect(beacons).toEqual([
      {
        url: '/api/v2/scorm/components/c1/beacon?sig=x',
        body: { componentId: 'c1', sessionId: 'session-1', cmi: { 'cmi.suspend_data': 'a' }, finished: false },
      },
    ]);
    expect(actor.getSnapshot().matches('running')).toBe(true);
  });

  it('sends the unsaved data with a beacon when the learner leaves mid-way, and ends the session', async () => {
    const { actor, beacons } = player();
    await settle();
    actor.send({ type: 'runtime.change', cmi: { 'cmi.suspend_data': 'half' } });
    actor.send({ type: 'page.leave' });
    expect(beacons).toHaveLength(1);
    expect(beacons[0].body.cmi).toEqual({ 'cmi.suspend_data': 'half' });
    expect(actor.getSnapshot().value).toBe('terminated');
  });

  it('sends no beacon when nothing changed since the last save', async () => {
    const { actor, commits, beacons } = player();
    await settle();
    actor.send({ type: 'runtime.commit', cmi: { 'cmi.suspend_data': 'x' } });
    commits[0].resolve(committed(false));
    await settle();
    actor.send({ type: 'page.hide' });
    actor.send({ type: 'page.leave' });
    expect(beacons).toHaveLength(0);
  });

  it('offers a retry when the launch fails', async () => {
    const { actor } = player({ launchFails: true });
    await settle();
    expect(actor.getSnapshot().value).toBe('launchFailed');
    expect(actor.getSnapshot().context.error).toBe(SCORM_PLAYER_MESSAGES.launchFailed);
  });
});

describe('SCORM player machine: every state and transition (xstate/graph)', () => {
  const machine = inert(scormPlayerMachine, { sendBeacon: () => {} });
  const walk = walkGraph<{ completed: number }>({
    machine,
    inputs: [{ componentId: 'c1', sessionId: 'session-1' }],
    events: [
      done(machine, 'launch', launchData()),
      fail(machine, 'launch', 'offline'),
      { type: 'runtime.change', cmi: { 'cmi.suspend_data': 'x' } },
      { type: 'runtime.commit', cmi: { 'cmi.suspend_data': 'y' } },
      { type: 'runtime.finish', cmi: { 'cmi.core.lesson_status': 'passed' } },
      done(machine, 'commit', committed(false), 'committing'),
      done(machine, 'commit', committed(true), 'committing'),
      fail(machine, 'commit', 'offline', 'committing'),
      done(machine, 'commit', committed(false), 'finishing'),
      done(machine, 'commit', committed(true), 'finishing'),
      fail(machine, 'commit', 'offline', 'finishing'),
      { type: 'player.retry' },
      { type: 'page.hide' },
      { type: 'page.leave' },
    ],
    serializeState: (s) => {
      const c = s.context as {
        dirty: boolean;
        commitQueued: boolean;
        completed: boolean;
        error: string | null;
        cmi: Cmi;
        launch: unknown;
      };
      return JSON.stringify([s.value, c.dirty, c.commitQueued, c.completed, c.error, c.cmi, c.launch !== null]);
    },
    start: (input, inspect) => {
      const actor = createActor(machine, { input: input as never, inspect });
      const effects = { completed: 0 };
      actor.on('scorm.completed', () => void effects.completed++);
      return { actor, effects };
    },
    check: ({ before, after, effects }) => {
      // Completion is announced at most once, and never taken back.
      expect(effects.completed).toBeLessThanOrEqual(1);
      if ((before.context as { completed: boolean }).completed)
        expect((after.context as { completed: boolean }).completed).toBe(true);
    },
  });

  it('reaches every state node and takes every transition', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(50);
  });
});
