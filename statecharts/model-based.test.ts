import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { SessionUser } from '../worker/contract/auth';
import type { ComponentProgress, CourseProgress, LearnerComponent } from '../worker/contract/learner';
import { courseProgressMachine, type CourseLoadOutput, type CourseWithComponents } from './course-progress.machine';
import { describeMachine, transitionIdOf } from './tooling/inspect';
import { sessionMachine } from './session.machine';

/**
 * Model-based tests with xstate/graph for the session and course-progress machines (the
 * assessment and incomplete-attempts machines have theirs in their own test files).
 *
 * For each start input, `getShortestPaths` reaches every reachable state; every path is then
 * extended by each event the machine accepts there, so every (state, event) pair is a path.
 * Each path is replayed on a live actor (actors swapped for placeholders, effects recorded), the
 * transitions it takes are read from xstate's inspection stream, and a per-machine check asserts
 * the context (and recorded effects) after every step. Finally every state and every transition
 * of the live definition must have been covered.
 */

type Step = { event: EventObject; before: AnyMachineSnapshot; after: AnyMachineSnapshot };

interface Harness<TEffects> {
  machine: AnyStateMachine;
  inputs: unknown[];
  events: EventObject[];
  /** Swaps effects (storage writes, emitted events) for recorders; actors become placeholders. */
  start: (input: unknown, inspect: (e: InspectionEvent) => void) => { actor: ReturnType<typeof createActor>; effects: TEffects };
  check: (step: Step, effects: TEffects, input: unknown) => void;
}

const NEVER = fromPromise(() => new Promise<never>(() => {}));

function invokeId(machine: AnyStateMachine, src: string, stateKey?: string): string {
  const walk = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(walk)];
  const found = walk(machine.root)
    .filter((n) => !stateKey || n.key === stateKey)
    .flatMap((n) => n.invoke)
    .find((inv) => inv.src === src);
  if (!found) throw new Error(`no invoke of ${src}`);
  return found.id;
}

const done = (machine: AnyStateMachine, src: string, output: unknown, stateKey?: string) => ({ type: `xstate.done.actor.${invokeId(machine, src, stateKey)}`, output });
const fail = (machine: AnyStateMachine, src: string, message: string, stateKey?: string) => ({ type: `xstate.error.actor.${invokeId(machine, src, stateKey)}`, error: new Error(message) });

function runModel<TEffects>(h: Harness<TEffects>) {
  const model = describeMachine(h.machine);
  const visited = new Set<string>();
  const taken = new Set<string>();
  let paths = 0;
  let steps = 0;
  for (const input of h.inputs) {
    const options = {
      input,
      events: h.events,
      // Only events the machine would act on: done/error events only while their actor runs.
      filterEvents: (s: AnyMachineSnapshot, e: EventObject) => s.can(e),
      serializeEvent: (e: EventObject) => JSON.stringify(e, (_k, v) => (v instanceof Error ? `Error(${v.message})` : v)),
    };
    const shortest = getShortestPaths(h.machine, options as never);
    const extended: EventObject[][] = [];
    for (const path of shortest) {
      const prefix = path.steps.slice(1).map((s) => s.event as EventObject);
      extended.push(prefix);
      const state = path.state as AnyMachineSnapshot;
      for (const event of h.events) if (state.status === 'active' && state.can(event)) extended.push([...prefix, event]);
    }
    for (const events of extended) {
      paths++;
      const { actor, effects } = h.start(input, (e) => {
        if (e.type !== '@xstate.microstep') return;
        for (const t of e._transitions) {
          taken.add(transitionIdOf(t));
          // Transient states (only `always` out) never show in a settled snapshot: taking a
          // transition out of a state proves it was active.
          for (let n: AnyStateNode | undefined = t.source; n; n = n.parent) visited.add(n.id);
        }
      });
      let before = actor.getSnapshot() as AnyMachineSnapshot;
      const mark = (s: AnyMachineSnapshot) => model.states.forEach((m) => (m.path.length === 0 || s.matches(toValue(m.path))) && visited.add(m.id));
      mark(before);
      for (const event of events) {
        actor.send(event);
        const after = actor.getSnapshot() as AnyMachineSnapshot;
        mark(after);
        steps++;
        h.check({ event, before, after }, effects, input);
        before = after;
      }
      actor.stop();
    }
  }
  return {
    paths,
    steps,
    unvisitedStates: model.states.map((s) => s.id).filter((id) => !visited.has(id)),
    untakenTransitions: model.transitions.filter((t) => !taken.has(t.id)).map((t) => `${t.id} ${t.label}`),
  };
}

function toValue(path: string[]): never {
  let value: unknown = path[path.length - 1];
  for (let i = path.length - 2; i >= 0; i--) value = { [path[i]]: value };
  return value as never;
}

// ---------------------------------------------------------------------------------------------
// Session

const learner: SessionUser = {
  id: 'u-1',
  username: 'learner',
  email: 'learner@example.com',
  firstName: 'Lee',
  lastName: 'Arner',
  name: 'Lee Arner',
  role: 'USER',
  roles: ['USER'],
  userType: 'USER',
  isAdmin: false,
  domains: [],
  department: null,
  jobTitle: null,
  profileImage: null,
  mustChangePassword: false,
  permissions: null,
  lastLogin: null,
};
const mustChange: SessionUser = { ...learner, id: 'u-2', username: 'newbie', mustChangePassword: true };

interface Storage {
  token?: string;
  user?: string;
}

const sessionEvents = (m: AnyStateMachine): EventObject[] => [
  { type: 'session.login', username: 'learner', password: 'Learner#2026demo' } as EventObject,
  { type: 'session.logout' },
  { type: 'session.expire' },
  { type: 'session.dismissError' },
  { type: 'password.change', currentPassword: 'old', newPassword: 'New#2027pass' } as EventObject,
  { type: 'user.update', user: { ...learner, firstName: 'Renamed' } } as EventObject,
  done(m, 'fetchCurrentUser', learner),
  done(m, 'fetchCurrentUser', mustChange),
  fail(m, 'fetchCurrentUser', 'offline'),
  done(m, 'login', { ...learner, token: 'tok-login', type: 'Bearer' }),
  done(m, 'login', { ...mustChange, token: 'tok-first', type: 'Bearer' }),
  fail(m, 'login', 'Invalid username or password'),
  done(m, 'changePassword', { message: 'changed', token: 'tok-changed' }),
  fail(m, 'changePassword', 'Current password is incorrect'),
  done(m, 'logout', { message: 'bye' }),
  fail(m, 'logout', 'offline'),
];

const sessionInputs = [
  { token: null, savedUser: null },
  { token: 'tok-stored', savedUser: null },
  { token: 'tok-stored', savedUser: JSON.stringify({ ...learner, token: 'tok-stored' }) },
  { token: 'tok-stored', savedUser: '{not json' },
];

describe('session machine, model-based', () => {
  it('reaches every state and takes every transition, with the context and storage right after each step', () => {
    const result = runModel<Storage>({
      machine: sessionMachine,
      inputs: sessionInputs,
      events: sessionEvents(sessionMachine),
      start: (input, inspect) => {
        const i = input as { token: string | null; savedUser: string | null };
        const storage: Storage = {};
        if (i.token !== null) storage.token = i.token;
        if (i.savedUser !== null) storage.user = i.savedUser;
        const machine = sessionMachine.provide({
          actors: { fetchCurrentUser: NEVER, login: NEVER, logout: NEVER, changePassword: NEVER } as never,
          actions: {
            storeToken: (_: unknown, p: { token: string }) => void (storage.token = p.token),
            storeUser: (_: unknown, p: { user: unknown }) => void (storage.user = JSON.stringify(p.user)),
            removeToken: () => void delete storage.token,
            removeUser: () => void delete storage.user,
          } as never,
        });
        return { actor: createActor(machine, { input: i, inspect }).start(), effects: storage };
      },
      check: ({ event, before, after }, storage, input) => {
        const ctx = after.context as { token: string | null; user: (SessionUser & { token?: string }) | null; error: string | null };
        const i = input as { savedUser: string | null };
        // Invariants at every step.
        if (after.hasTag('authenticated')) {
          expect(ctx.user).not.toBeNull();
          expect(ctx.token).not.toBeNull();
          // What a reload would find in storage is this same session.
          expect(storage.token).toBe(ctx.token);
          expect(JSON.parse(storage.user!).id).toBe(ctx.user!.id);
        }
        if (after.matches('passwordChangeRequired')) expect(ctx.user!.mustChangePassword).toBe(true);
        if (after.matches('signedIn')) expect(ctx.user!.mustChangePassword).not.toBe(true);
        if (after.matches('signedOut') || after.matches('signingOut')) expect(ctx.user).toBeNull();
        expect(after.hasTag('pending')).toBe(after.matches('checking'));

        // What each event must do.
        const t = event.type;
        const e = event as EventObject & { output?: { token?: string }; error?: Error; user?: SessionUser };
        if (t === 'session.logout' || t === 'session.expire') {
          // The session leaves the device at once, whatever the server says later.
          expect(storage.token).toBeUndefined();
          expect(storage.user).toBeUndefined();
        }
        if (t === 'session.expire') expect(after.matches('signedOut') && ctx.token === null).toBe(true);
        if (t.startsWith('xstate.done.actor') && before.matches('signingIn')) {
          expect(ctx.token).toBe(e.output!.token);
          expect(storage.token).toBe(e.output!.token);
        }
        if (t.startsWith('xstate.error.actor') && before.matches('signingIn')) {
          expect(after.matches('signedOut')).toBe(true);
          expect(ctx.error).toBe('Invalid username or password');
        }
        if (t.startsWith('xstate.error.actor') && before.matches({ checking: 'fetchingUser' })) {
          const saved = i.savedUser;
          if (saved === null) {
            // No saved user: only the token is removed.
            expect(after.matches('signedOut')).toBe(true);
            expect(storage.token).toBeUndefined();
          } else if (saved.startsWith('{not')) {
            expect(after.matches('signedOut')).toBe(true);
            expect(storage).toEqual({});
          } else {
            // Offline: the user saved at login keeps the session going.
            expect(after.hasTag('authenticated')).toBe(true);
            expect(ctx.user!.id).toBe(learner.id);
          }
        }
        if (t.startsWith('xstate.done.actor') && before.matches({ passwordChangeRequired: 'submitting' })) {
          expect(after.matches('signedIn')).toBe(true);
          expect(ctx.token).toBe('tok-changed');
          expect(ctx.user!.mustChangePassword).toBe(false);
        }
        if (t.startsWith('xstate.error.actor') && before.matches({ passwordChangeRequired: 'submitting' })) {
          expect(after.matches({ passwordChangeRequired: 'editing' })).toBe(true);
          expect(ctx.error).toBe('Current password is incorrect');
        }
        if (t === 'user.update') {
          expect(ctx.user!.firstName).toBe('Renamed');
          expect(ctx.user!.token).toBe(ctx.token);
          expect(JSON.parse(storage.user!).firstName).toBe('Renamed');
        }
        if (t === 'session.dismissError' || t === 'session.login' || t === 'password.change') expect(ctx.error).toBeNull();
      },
    });
    expect(result.unvisitedStates).toEqual([]);
    expect(result.untakenTransitions).toEqual([]);
    expect(result.paths).toBeGreaterThan(20);
  });
});

// ---------------------------------------------------------------------------------------------
// Course progress

const assessmentData = (title: string) => ({ title, description: null, timeLimit: 10, passingScore: 70, maxAttempts: 3, questionCount: 5 });
const components: LearnerComponent[] = [
  { id: 'pre', type: 'PRE_ASSESSMENT', order: 1, orderIndex: 1, required: true, data: assessmentData('Pre') },
  { id: 'post', type: 'POST_ASSESSMENT', order: 2, orderIndex: 2, required: true, data: assessmentData('Post') },
];
const course = {
  id: 'c1', title: 'Fire safety', description: 'd', domain: { id: 'd1', name: 'Fire Safety' }, icon: '', timeLimit: 30, passingScore: 70, status: 'PUBLISHED',
  componentCount: 2, createdAt: '', publishedAt: '', enrollmentStatus: 'enrolled', isLocked: false, canEnroll: true, components,
} as unknown as CourseWithComponents;
const progress = (status: CourseProgress['status']): CourseLoadOutput['progress'] => ({
  courseProgress: { id: 'p', courseId: 'c1', courseTitle: 'Fire safety', status, overallProgress: status === 'COMPLETED' ? 100 : 50 } as CourseProgress,
  componentProgresses: [{ componentId: 'pre', status: 'COMPLETED', progressPercentage: 100 } as ComponentProgress],
});
const outputs: CourseLoadOutput[] = [
  { course, progress: null },
  { course, progress: progress('IN_PROGRESS') },
  { course, progress: progress('COMPLETED') },
];

const courseEvents = (m: AnyStateMachine): EventObject[] => [
  { type: 'course.reload' },
  ...outputs.map((o) => done(m, 'loadCourse', o, 'loading')),
  fail(m, 'loadCourse', 'Course not found', 'loading'),
  ...outputs.map((o) => done(m, 'loadCourse', o, 'refreshing')),
  fail(m, 'loadCourse', 'offline', 'refreshing'),
];

describe('course-progress machine, model-based', () => {
  it('reaches every state and takes every transition; completion is announced exactly when the course becomes COMPLETED', () => {
    const result = runModel<{ completed: number }>({
      machine: courseProgressMachine,
      inputs: [
        { courseId: 'c1', lastSeenStatus: null },
        { courseId: 'c1', lastSeenStatus: 'IN_PROGRESS' },
      ],
      events: courseEvents(courseProgressMachine),
      start: (input, inspect) => {
        const actor = createActor(courseProgressMachine.provide({ actors: { loadCourse: NEVER } as never }), { input: input as never, inspect });
        const effects = { completed: 0 };
        actor.on('course.completed', () => void effects.completed++);
        return { actor: actor.start(), effects };
      },
      check: ({ event, before, after }, effects) => {
        const prev = before.context as { lastSeenStatus: string | null; course: unknown; courseProgress: unknown };
        const ctx = after.context as { lastSeenStatus: string | null; course: unknown; courseProgress: CourseProgress | null; error: string | null };
        if (after.matches('ready')) expect(ctx.course).not.toBeNull();
        if (after.matches('failed')) expect(ctx.error).toBe('Course not found');
        expect(after.hasTag('busy')).toBe(after.matches('loading'));
        const e = event as EventObject & { output?: CourseLoadOutput };
        if (e.type.startsWith('xstate.done.actor')) {
          const status = e.output!.progress?.courseProgress.status ?? null;
          // A 404 on progress is "not enrolled"; the status seen is kept for the next visit.
          expect(ctx.courseProgress?.status ?? null).toBe(status);
          expect(ctx.lastSeenStatus).toBe(status ?? 'NOT_ENROLLED');
          const becameCompleted = status === 'COMPLETED' && prev.lastSeenStatus !== null && prev.lastSeenStatus !== 'COMPLETED';
          if (becameCompleted) expect(effects.completed).toBeGreaterThan(0);
        }
        if (e.type.startsWith('xstate.error.actor') && before.matches('refreshing')) {
          // A failed reload keeps the course on screen as it was.
          expect(after.matches('ready')).toBe(true);
          expect(ctx.course).toBe(prev.course);
          expect(ctx.courseProgress).toBe(prev.courseProgress);
        }
      },
    });
    expect(result.unvisitedStates).toEqual([]);
    expect(result.untakenTransitions).toEqual([]);
  });

  it('announces completion once per change to COMPLETED, never for a course already completed', () => {
    const announcements: number[] = [];
    for (const [lastSeen, sequence, expected] of [
      [null, [outputs[2]], 0],
      ['IN_PROGRESS', [outputs[2]], 1],
      [null, [outputs[1], outputs[2], outputs[2]], 1],
      [null, [outputs[0], outputs[1], outputs[2]], 1],
    ] as const) {
      const actor = createActor(courseProgressMachine.provide({ actors: { loadCourse: NEVER } as never }), { input: { courseId: 'c1', lastSeenStatus: lastSeen } });
      let count = 0;
      actor.on('course.completed', () => void count++);
      actor.start();
      sequence.forEach((output, i) => {
        if (i > 0) actor.send({ type: 'course.reload' });
        actor.send(done(courseProgressMachine, 'loadCourse', output, i === 0 ? 'loading' : 'refreshing') as never);
      });
      announcements.push(count);
      expect(count, `last seen ${lastSeen}, ${sequence.length} loads`).toBe(expected);
      actor.stop();
    }
    expect(announcements).toEqual([0, 1, 1, 1]);
  });
});
