import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ComponentProgress, CourseProgress, LearnerComponent } from '../worker/contract/learner';
import { componentViews, courseAvailableSections, courseContinueTarget, courseProgressMachine, courseState, type CourseLoadOutput, type CourseWithComponents } from './course-progress.machine';

const assessmentData = (title: string) => ({ title, description: null, timeLimit: 10, passingScore: 70, maxAttempts: 3, questionCount: 5 });
const components: LearnerComponent[] = [
  { id: 'pre', type: 'PRE_ASSESSMENT', order: 1, orderIndex: 1, required: true, data: assessmentData('Pre') },
  { id: 'mat', type: 'MATERIAL', order: 2, orderIndex: 2, required: true, data: { title: 'Guide', description: null, materialId: 'm1', type: 'PDF' } },
  { id: 'post', type: 'POST_ASSESSMENT', order: 3, orderIndex: 3, required: true, data: assessmentData('Post') },
];
const course: CourseWithComponents = {
  id: 'c1', title: 'PASS', description: 'd', domain: { id: 'd1', name: 'Fire Safety' }, icon: '', timeLimit: 30, passingScore: 70, status: 'PUBLISHED',
  componentCount: 3, createdAt: '', publishedAt: '', enrollmentStatus: 'enrolled', isLocked: false, canEnroll: true, components,
};
const cp = (status: CourseProgress['status'], overallProgress: number): CourseProgress => ({
  id: 'p', courseId: 'c1', courseTitle: 'PASS', courseDomain: 'Fire Safety', domain: { id: 'd1', name: 'Fire Safety' }, status, overallProgress,
  totalComponents: 3, completedComponents: 0, enrollmentDate: '', startedDate: null, completedAt: null, lastAccessedAt: null, certificateId: null,
});
const comp = (componentId: string, status: ComponentProgress['status'], attempts = 0): ComponentProgress => ({
  id: componentId, componentId, componentTitle: componentId, componentType: 'MATERIAL', order: 1, status, progressPercentage: status === 'COMPLETED' ? 100 : 0,
  score: null, attempts, timeSpentSeconds: 0, startedAt: null, completedAt: null, lastAccessedAt: null, required: true,
});

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
  it('treats a missing progress record as not enrolled: everything needs enrollment, nothing to continue', async () => {
    const actor = run([{ course, progress: null }]);
    await waitFor(actor, (s) => s.matches('ready'));
    const ctx = actor.getSnapshot().context;
    expect(courseState(ctx)).toBe('NOT_ENROLLED');
    expect(componentViews(ctx).map((v) => [v.needsEnrollment, v.locked])).toEqual([[true, false], [true, false], [true, false]]);
    expect(courseContinueTarget(ctx)).toBeNull();
  });

  it('unlocks components in order and continues at the first open unfinished one', async () => {
    const actor = run([{ course, progress: { courseProgress: cp('IN_PROGRESS', 20), componentProgresses: [comp('pre', 'COMPLETED')] } }]);
    await waitFor(actor, (s) => s.matches('ready'));
    const ctx = actor.getSnapshot().context;
    expect(componentViews(ctx).map((v) => v.locked)).toEqual([false, false, true]);
    expect(courseContinueTarget(ctx)?.id).toBe('mat');
    expect(courseAvailableSections(ctx)).toBe(2);
    expect(courseState(ctx)).toBe('IN_PROGRESS');
  });

  it('counts attempts left on a failed assessment', async () => {
    const actor = run([{ course, progress: { courseProgress: cp('ENROLLED', 0), componentProgresses: [comp('pre', 'FAILED', 2)] } }]);
    await waitFor(actor, (s) => s.matches('ready'));
    const pre = componentViews(actor.getSnapshot().context)[0];
    expect(pre.status).toBe('FAILED');
    expect(pre.attemptsLeft).toBe(1);
  });

  it('announces course.completed when the course becomes COMPLETED during the session', async () => {
    const completed = { course, progress: { courseProgress: cp('COMPLETED', 100), componentProgresses: components.map((c) => comp(c.id, 'COMPLETED')) } };
    const actor = run([{ course, progress: { courseProgress: cp('IN_PROGRESS', 70), componentProgresses: [] } }, completed]);
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

  it('shows the load error and recovers on reload', async () => {
    const actor = run([new Error(''), { course, progress: null }]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Failed to load course');
    actor.send({ type: 'course.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.course?.title).toBe('PASS');
  });
});
