import { describe, expect, it } from 'vitest';
import {
  availableSections,
  continueTarget,
  isComponentLocked,
  learnerCourseState,
  overallProgress,
  toProgressStep,
  type ComponentLike,
  type ComponentProgressLike,
} from './progress';

const course: ComponentLike[] = [
  { id: 'pre', type: 'PRE_ASSESSMENT', orderIndex: 1 },
  { id: 'm1', type: 'MATERIAL', orderIndex: 2 },
  { id: 'm2', type: 'MATERIAL', orderIndex: 3 },
  { id: 'post', type: 'POST_ASSESSMENT', orderIndex: 4 },
];
const progress = (entries: Record<string, ComponentProgressLike>) => new Map(Object.entries(entries));

describe('overall progress', () => {
  it('gives a classroom session its own share (30) and keeps the course below 100 until it is attended', () => {
    const blended: ComponentLike[] = [
      { id: 'm1', type: 'MATERIAL', orderIndex: 1 },
      { id: 'room', type: 'CLASSROOM', orderIndex: 2 },
      { id: 'post', type: 'POST_ASSESSMENT', orderIndex: 3 },
    ];
    expect(overallProgress(blended, progress({ room: { status: 'COMPLETED' } }))).toBe(27.27);
    // A classroom session has no partial progress: only COMPLETED counts.
    expect(overallProgress(blended, progress({ room: { status: 'IN_PROGRESS', progressPercentage: 90 } }))).toBe(0);
    const allButRoom = progress({ m1: { status: 'COMPLETED' }, post: { status: 'COMPLETED' } });
    expect(overallProgress(blended, allButRoom)).toBe(72.73);
    expect(isComponentLocked(blended, progress({ m1: { status: 'COMPLETED' } }), 'post')).toBe(true);
    expect(
      isComponentLocked(blended, progress({ m1: { status: 'COMPLETED' }, room: { status: 'COMPLETED' } }), 'post'),
    ).toBe(false);
    expect(continueTarget(blended, progress({ m1: { status: 'COMPLETED' } }))?.id).toBe('room');
  });

  it('weights pre 20, materials 50 shared, post 30', () => {
    expect(overallProgress(course, progress({ pre: { status: 'COMPLETED' } }))).toBe(20);
    expect(overallProgress(course, progress({ pre: { status: 'COMPLETED' }, m1: { status: 'COMPLETED' } }))).toBe(45);
    expect(
      overallProgress(
        course,
        progress({ pre: { status: 'COMPLETED' }, m1: { status: 'IN_PROGRESS', progressPercentage: 40 } }),
      ),
    ).toBe(30);
  });

  it('renormalises over the types a course has', () => {
    const noPre = course.filter((c) => c.type !== 'PRE_ASSESSMENT');
    expect(overallProgress(noPre, progress({ m1: { status: 'COMPLETED' }, m2: { status: 'COMPLETED' } }))).toBe(62.5);
  });

  it('reads 100 only when every component is completed', () => {
    const all = progress({
      pre: { status: 'COMPLETED' },
      m1: { status: 'COMPLETED' },
      m2: { status: 'COMPLETED' },
      post: { status: 'COMPLETED' },
    });
    expect(overallProgress(course, all)).toBe(100);
    expect(overallProgress(course, progress({ pre: { status: 'FAILED' } }))).toBe(0);
  });
});

describe('sequential unlocking', () => {
  it('opens the first component and locks the rest until the previous is completed', () => {
    const none = progress({});
    expect(isComponentLocked(course, none, 'pre')).toBe(false);
    expect(isComponentLocked(course, none, 'm1')).toBe(true);
    expect(isComponentLocked(course, progress({ pre: { status: 'COMPLETED' } }), 'm1')).toBe(false);
    expect(isComponentLocked(course, progress({ pre: { status: 'FAILED' } }), 'm1')).toBe(true);
    expect(availableSections(course, progress({ pre: { status: 'COMPLETED' } }))).toBe(2);
  });

  it('continues at the in-progress component, else the first open unfinished one', () => {
    expect(continueTarget(course, progress({ pre: { status: 'COMPLETED' }, m1: { status: 'IN_PROGRESS' } }))?.id).toBe(
      'm1',
    );
    expect(continueTarget(course, progress({ pre: { status: 'COMPLETED' }, m1: { status: 'COMPLETED' } }))?.id).toBe(
      'm2',
    );
    expect(continueTarget(course, progress({}))?.id).toBe('pre');
  });
});

it('derives the learner course state', () => {
  expect(learnerCourseState(null)).toBe('NOT_ENROLLED');
  expect(learnerCourseState({ status: 'COMPLETED', overallProgress: 100 })).toBe('COMPLETED');
  expect(learnerCourseState({ status: 'IN_PROGRESS', overallProgress: 20 })).toBe('IN_PROGRESS');
  expect(learnerCourseState({ status: 'ENROLLED', overallProgress: 0 })).toBe('ENROLLED');
});

it('reports material progress in 10 % steps', () => {
  expect(toProgressStep(37)).toBe(30);
  expect(toProgressStep(100)).toBe(100);
  expect(toProgressStep(-5)).toBe(0);
});
