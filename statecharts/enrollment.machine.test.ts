import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ENROLLMENT_MESSAGES, enrollmentMachine, type StartedComponent } from './enrollment.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert } from './testing/fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const withEnroll = (impl: () => Promise<void>) => enrollmentMachine.provide({ actors: { enroll: fromPromise(impl) } });

describe('enrollment machine', () => {
  it('starts enrolled when the learner already has progress', () => {
    const actor = createActor(
      withEnroll(async () => {}),
      { input: { courseId: 'c1', enrolled: true } },
    ).start();
    expect(actor.getSnapshot().value).toBe('enrolled');
  });

  it('enrolls, waits 1 s, shows the banner for 3 s, then asks for a reload', async () => {
    const enroll = vi.fn(async () => {});
    const actor = createActor(withEnroll(enroll), { input: { courseId: 'c1', enrolled: false } }).start();
    const reload = vi.fn();
    actor.on('course.reload', reload);
    actor.send({ type: 'course.enroll' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(enroll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().hasTag('banner')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('banner')).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('enrolled');
  });

  it('shows "Failed to enroll" when the call fails without a message, and can try again', async () => {
    let fail = true;
    const actor = createActor(
      withEnroll(async () => {
        if (fail) {
          fail = false;
          throw new Error('');
        }
      }),
      { input: { courseId: 'c1', enrolled: false } },
    ).start();
    actor.send({ type: 'course.enroll' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('notEnrolled');
    expect(actor.getSnapshot().context.error).toBe(ENROLLMENT_MESSAGES.failed);
    actor.send({ type: 'course.enroll' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().hasTag('banner')).toBe(true);
  });

  it("shows the server's message when enrollment is refused", async () => {
    const actor = createActor(
      withEnroll(async () => Promise.reject(new Error('You do not have access to this course'))),
      {
        input: { courseId: 'c1', enrolled: false },
      },
    ).start();
    actor.send({ type: 'course.enroll' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe('You do not have access to this course');
  });
});

describe('enrollment machine: a required course', () => {
  const material: StartedComponent = { id: 'm1', type: 'MATERIAL' };
  const withStart = (impl: () => Promise<StartedComponent>) =>
    enrollmentMachine.provide({ actors: { startCourse: fromPromise(impl) } });

  it('starts at once with no banner and asks the page to open the component the server named', async () => {
    const start = vi.fn(async () => material);
    const actor = createActor(withStart(start), { input: { courseId: 'c1', enrolled: false, required: true } }).start();
    const open = vi.fn();
    actor.on('course.open', open);
    actor.send({ type: 'course.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith({ type: 'course.open', component: material });
    expect(actor.getSnapshot().hasTag('banner')).toBe(false);
    expect(actor.getSnapshot().value).toBe('started');
  });

  it('does not start an optional course: that keeps its Enroll step', () => {
    const actor = createActor(
      withStart(async () => material),
      { input: { courseId: 'c1', enrolled: false } },
    ).start();
    actor.send({ type: 'course.start' });
    expect(actor.getSnapshot().value).toBe('notEnrolled');
  });

  it("shows the server's refusal and can try again", async () => {
    const actor = createActor(
      withStart(async () => Promise.reject(new Error('Enroll in the course to access content'))),
      { input: { courseId: 'c1', enrolled: false, required: true } },
    ).start();
    actor.send({ type: 'course.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('notEnrolled');
    expect(actor.getSnapshot().context.error).toBe('Enroll in the course to access content');
  });
});

describe('enrollment machine: every state and transition (xstate/graph)', () => {
  const machine = inert(enrollmentMachine);
  const walk = walkGraph<{ reloads: number; opens: number }>({
    machine,
    inputs: [
      { courseId: 'c1', enrolled: false },
      { courseId: 'c1', enrolled: false, required: true },
      { courseId: 'c1', enrolled: true },
    ],
    events: [
      { type: 'course.enroll' },
      { type: 'course.start' },
      done(machine, 'startCourse', { id: 'm1', type: 'MATERIAL' }),
      fail(machine, 'startCourse', 'Enroll in the course to access content'),
      done(machine, 'enroll'),
      fail(machine, 'enroll', 'Course is not open for enrollment'),
      fail(machine, 'enroll', ''),
    ],
    start: (input, inspect) => {
      const actor = createActor(machine, { input: input as never, inspect });
      const effects = { reloads: 0, opens: 0 };
      actor.on('course.reload', () => void effects.reloads++);
      actor.on('course.open', () => void effects.opens++);
      return { actor, effects };
    },
    check: ({ before, after, effects }) => {
      // The page is asked to reload exactly when the banner has been shown.
      expect(effects.reloads).toBe(before.matches('banner') && after.matches('enrolled') ? 1 : 0);
      // ...and to open a component exactly when a required course has started (no banner on the way).
      expect(effects.opens).toBe(before.matches('starting') && after.matches('started') ? 1 : 0);
      if (after.matches('starting')) expect(after.context.required).toBe(true);
      if (after.matches('notEnrolled') && before.matches('enrolling'))
        expect(after.context.error).toMatch(/^(Course is not open for enrollment|Failed to enroll)$/);
    },
  });

  it('reaches every state node and takes every transition, asking for one reload after the banner', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(10);
  });
});
