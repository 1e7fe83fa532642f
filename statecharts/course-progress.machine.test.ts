import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CourseProgress } from '../worker/contract/progress';
import type { LearnerComponent } from '../worker/contract/courses';
import {
  componentAfter,
  componentViews,
  courseAvailableSections,
  courseContinueTarget,
  courseProgressMachine,
  courseState,
  type CourseLoadOutput,
} from './course-progress.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { componentProgress, components, course, courseProgress, done, fail, inert } from './testing/fixtures';

const cp = courseProgress;
const comp = componentProgress;

function run(outputs: (CourseLoadOutput | Error)[], lastSeenStatus: string | null = null) {
  const queue = [...outputs];
  const machine = courseProgressMachine.provide({
    actors: {
      loadCourse: fromPromise(async () => {
        const next = queue.shift()!;
        if (next instanceof Error) throw next;
        return next;
      }),
    },
  });
  return createActor(machine, { input: { courseId: 'c1', lastSeenStatus } }).start();
}

describe('course progress machine', () => {
  it('starts ready from answers at hand (the page brought them), unless they show a completion not seen yet', () => {
    const inProgress = { courseProgress: cp('IN_PROGRESS', 20), componentProgresses: [comp('pre', 'COMPLETED')] };
    const ready = createActor(courseProgressMachine, {
      input: { courseId: 'c1', lastSeenStatus: null, loaded: { course, progress: inProgress } },
    }).start();
    expect(ready.getSnapshot().value).toBe('ready');
    expect(ready.getSnapshot().context.lastSeenStatus).toBe('IN_PROGRESS');
    expect(courseContinueTarget(ready.getSnapshot().context)?.id).toBe('mat');
    ready.stop();
    // Completed since this browser last looked: loaded as before, so the completion is announced.
    const completed = { ...inProgress, courseProgress: cp('COMPLETED', 100) };
    const announced = run([{ course, progress: completed }], 'IN_PROGRESS');
    expect(announced.getSnapshot().value).toBe('loading');
    const unseen = createActor(courseProgressMachine, {
      input: { courseId: 'c1', lastSeenStatus: 'IN_PROGRESS', loaded: { course, progress: completed } },
    });
    expect(unseen.getSnapshot().value).toBe('loading');
  });

  it('treats a missing progress record as not enrolled: everything needs enrollment, nothing to continue', async () => {
    const actor = run([{ course, progress: null }]);
    await waitFor(actor, (s) => s.matches('ready'));
    const ctx = actor.getSnapshot().context;
    expect(courseState(ctx)).toBe('NOT_ENROLLED');
    expect(componentViews(ctx).map((v) => [v.needsEnrollment, v.locked])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect(courseContinueTarget(ctx)).toBeNull();
  });

  it('unlocks components in order and continues at the first open unfinished one', async () => {
    const actor = run([
      { course, progress: { courseProgress: cp('IN_PROGRESS', 20), componentProgresses: [comp('pre', 'COMPLETED')] } },
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    const ctx = actor.getSnapshot().context;
    expect(componentViews(ctx).map((v) => v.locked)).toEqual([false, false, true]);
    expect(courseContinueTarget(ctx)?.id).toBe('mat');
    expect(courseAvailableSections(ctx)).toBe(2);
    expect(courseState(ctx)).toBe('IN_PROGRESS');
  });

  it('counts attempts left on a failed assessment', async () => {
    const actor = run([
      { course, progress: { courseProgress: cp('ENROLLED', 0), componentProgresses: [comp('pre', 'FAILED', 2)] } },
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    const pre = componentViews(actor.getSnapshot().context)[0];
    expect(pre.status).toBe('FAILED');
    expect(pre.attemptsLeft).toBe(1);
  });

  it('announces course.completed when the course becomes COMPLETED during the session', async () => {
    const completed = {
      course,
      progress: {
        courseProgress: cp('COMPLETED', 100),
        componentProgresses: components.map((c) => comp(c.id, 'COMPLETED')),
      },
    };
    const actor = run([
      { course, progress: { courseProgress: cp('IN_PROGRESS', 70), componentProgresses: [] } },
      completed,
    ]);
    const onCompleted = vi.fn();
    actor.on('course.completed', onCompleted);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(onCompleted).not.toHaveBeenCalled();
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.courseProgress?.status === 'COMPLETED');
    expect(onCompleted).toHaveBeenCalledWith(expect.objectContaining({ courseId: 'c1', courseTitle: 'PASS' }));
  });

  it('announces completion on arrival when the session last saw the course unfinished, but not for an old completion', async () => {
    const completed = { course, progress: { courseProgress: cp('COMPLETED', 100), componentProgresses: [] } };
    const fresh = run([completed], 'IN_PROGRESS');
    const onFresh = vi.fn();
    fresh.on('course.completed', onFresh);
    await waitFor(fresh, (s) => s.matches('ready'));
    expect(onFresh).toHaveBeenCalledTimes(1);
    const old = run([completed], 'COMPLETED');
    const onOld = vi.fn();
    old.on('course.completed', onOld);
    await waitFor(old, (s) => s.matches('ready'));
    expect(onOld).not.toHaveBeenCalled();
    const firstVisit = run([completed], null);
    const onFirst = vi.fn();
    firstVisit.on('course.completed', onFirst);
    await waitFor(firstVisit, (s) => s.matches('ready'));
    expect(onFirst).not.toHaveBeenCalled();
  });

  it('starts a reload again when one is asked for while another runs: the newer answer wins', async () => {
    const enrolled = { course, progress: { courseProgress: cp('ENROLLED', 0), componentProgresses: [] } };
    const actor = run([{ course, progress: null }, { course, progress: null }, enrolled]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'course.reload' });
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    // Let the first (abandoned) load settle too: it must not overwrite the newer answer.
    await new Promise((r) => setTimeout(r, 0));
    expect(courseState(actor.getSnapshot().context)).toBe('ENROLLED');
  });

  it('keeps the course on screen after a failed reload, says so, and clears it on the next load', async () => {
    const actor = run([{ course, progress: null }, new Error('offline'), { course, progress: null }]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'offline', course });
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error === null);
  });

  it('gains the classroom session: it blocks the post-assessment, awaits the trainer, and has no page to go to', async () => {
    const classroom: LearnerComponent = {
      id: 'room',
      type: 'CLASSROOM',
      order: 3,
      orderIndex: 3,
      required: true,
      data: { title: 'Practice', description: null, nextSession: null },
    };
    const post = { ...components[2], order: 4, orderIndex: 4 };
    const blended = { ...course, components: [components[0], components[1], classroom, post] };
    const before = { pre: 'COMPLETED', mat: 'COMPLETED' } as const;
    const actor = run([
      {
        course: blended,
        progress: {
          courseProgress: cp('IN_PROGRESS', 50),
          componentProgresses: Object.entries(before).map(([id, s]) => comp(id, s)),
        },
      },
      {
        course: blended,
        progress: {
          courseProgress: cp('IN_PROGRESS', 80),
          componentProgresses: [...Object.entries(before).map(([id, s]) => comp(id, s)), comp('room', 'COMPLETED')],
        },
      },
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    let ctx = actor.getSnapshot().context;
    expect(componentViews(ctx).map((v) => [v.component.id, v.locked, v.awaitsTrainer, v.attemptsLeft])).toEqual([
      ['pre', false, false, 3],
      ['mat', false, false, null],
      ['room', false, true, null],
      ['post', true, false, 3],
    ]);
    expect(courseContinueTarget(ctx)?.id).toBe('room');
    // "Complete & Continue" from the material does not open a classroom step: the course page shows it.
    expect(componentAfter(ctx, 'mat')).toBeNull();

    // The trainer's sign-off arrives with the next load: the post-assessment opens.
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.courseProgress?.overallProgress === 80);
    ctx = actor.getSnapshot().context;
    expect(componentViews(ctx).map((v) => [v.component.id, v.locked, v.awaitsTrainer])).toEqual([
      ['pre', false, false],
      ['mat', false, false],
      ['room', false, false],
      ['post', false, false],
    ]);
    expect(courseContinueTarget(ctx)?.id).toBe('post');
    expect(componentAfter(ctx, 'room')?.id).toBe('post');
  });

  it('shows the load error and recovers on reload', async () => {
    const actor = run([new Error(''), { course, progress: null }]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Failed to load course');
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.course?.title).toBe('PASS');
  });
});

describe('course progress machine: every state and transition (xstate/graph)', () => {
  const machine = inert(courseProgressMachine);
  const progress = (status: CourseProgress['status']): CourseLoadOutput['progress'] => ({
    courseProgress: cp(status, status === 'COMPLETED' ? 100 : 50),
    componentProgresses: [comp('pre', 'COMPLETED')],
  });
  const outputs: CourseLoadOutput[] = [
    { course, progress: null },
    { course, progress: progress('IN_PROGRESS') },
    { course, progress: progress('COMPLETED') },
  ];
  const walk = walkGraph<{ completed: number }>({
    machine,
    inputs: [
      { courseId: 'c1', lastSeenStatus: null },
      { courseId: 'c1', lastSeenStatus: 'IN_PROGRESS' },
      // The page arrived with the answers (the Worker rendered it): ready at once.
      { courseId: 'c1', lastSeenStatus: null, loaded: outputs[1] },
    ],
    events: [
      { type: 'course.reload' },
      ...outputs.map((o) => done(machine, 'loadCourse', o, 'loading')),
      fail(machine, 'loadCourse', 'Course not found', 'loading'),
      ...outputs.map((o) => done(machine, 'loadCourse', o, 'refreshing')),
      fail(machine, 'loadCourse', 'offline', 'refreshing'),
    ],
    start: (input, inspect) => {
      const actor = createActor(machine, { input: input as never, inspect });
      const effects = { completed: 0 };
      actor.on('course.completed', () => void effects.completed++);
      return { actor, effects };
    },
    check: ({ event, before, after, effects }) => {
      const prev = before.context as { lastSeenStatus: string | null; course: unknown; courseProgress: unknown };
      const ctx = after.context as {
        lastSeenStatus: string | null;
        course: unknown;
        courseProgress: CourseProgress | null;
        error: string | null;
      };
      if (after.matches('ready')) expect(ctx.course).not.toBeNull();
      if (after.matches('failed')) expect(ctx.error).toBe('Course not found');
      expect(after.hasTag('busy')).toBe(after.matches('loading'));
      const e = event as typeof event & { output?: CourseLoadOutput };
      if (e.type.startsWith('xstate.done.actor')) {
        const status = e.output!.progress?.courseProgress.status ?? null;
        // A 404 on progress is "not enrolled"; the status seen is kept for the next visit.
        expect(ctx.courseProgress?.status ?? null).toBe(status);
        expect(ctx.lastSeenStatus).toBe(status ?? 'NOT_ENROLLED');
        const becameCompleted =
          status === 'COMPLETED' && prev.lastSeenStatus !== null && prev.lastSeenStatus !== 'COMPLETED';
        if (becameCompleted) expect(effects.completed).toBeGreaterThan(0);
      }
      if (e.type.startsWith('xstate.error.actor') && before.matches('refreshing')) {
        // A failed reload keeps the course on screen as it was.
        expect(after.matches('ready')).toBe(true);
        expect(ctx.course).toBe(prev.course);
        expect(ctx.courseProgress).toBe(prev.courseProgress);
        expect(ctx.error).toBe('offline');
      }
      if (e.type.startsWith('xstate.done.actor')) expect(ctx.error).toBeNull();
    },
  });

  it('reaches every state node and takes every transition, with the context right after each step', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(20);
  });

  it('announces completion once per change to COMPLETED, never for a course already completed', () => {
    for (const [lastSeen, sequence, expected] of [
      [null, [outputs[2]], 0],
      ['IN_PROGRESS', [outputs[2]], 1],
      [null, [outputs[1], outputs[2], outputs[2]], 1],
      [null, [outputs[0], outputs[1], outputs[2]], 1],
    ] as const) {
      const actor = createActor(machine, { input: { courseId: 'c1', lastSeenStatus: lastSeen } });
      let count = 0;
      actor.on('course.completed', () => void count++);
      actor.start();
      sequence.forEach((output, i) => {
        if (i > 0) actor.send({ type: 'course.reload' });
        actor.send(done(machine, 'loadCourse', output, i === 0 ? 'loading' : 'refreshing') as never);
      });
      expect(count, `last seen ${lastSeen}, ${sequence.length} loads`).toBe(expected);
      actor.stop();
    }
  });
});
