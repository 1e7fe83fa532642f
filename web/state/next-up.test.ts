import { describe, expect, it } from 'vitest';
import type { LearnerRequirement } from '../../worker/contract/compliance';
import type { CourseProgressListItem } from '../../worker/contract/progress';
import { nextUp } from './next-up';

const requirement = (courseId: string, over: Partial<LearnerRequirement> = {}): LearnerRequirement => ({
  requirementId: `r-${courseId}`,
  courseId,
  requiredCourseId: courseId,
  courseTitle: courseId,
  status: 'pending',
  dueAt: null,
  validUntil: null,
  certificateNumber: null,
  canRecertify: false,
  progressStatus: null,
  ...over,
});
const progress = (courseId: string, status: CourseProgressListItem['status']) =>
  ({ courseId, status, nextComponent: null }) as unknown as CourseProgressListItem;

describe("the dashboard's Next up", () => {
  it('puts overdue required training first, then the one due soonest', () => {
    const list = [
      requirement('later', { dueAt: '2027-03-01T00:00:00.000Z' }),
      requirement('sooner', { status: 'due-soon', dueAt: '2027-01-01T00:00:00.000Z', progressStatus: 'IN_PROGRESS' }),
      requirement('late', { status: 'overdue', dueAt: '2027-02-01T00:00:00.000Z' }),
    ];
    expect(nextUp(list, [])).toMatchObject({ kind: 'required', requirement: { courseId: 'late' } });
    expect(nextUp(list.slice(0, 2), [])).toMatchObject({ kind: 'required', requirement: { courseId: 'sooner' } });
  });

  it('ranks required training above an optional course the learner was working on', () => {
    const pick = nextUp(
      [requirement('forklift', { progressStatus: 'ENROLLED' })],
      [progress('optional', 'IN_PROGRESS'), progress('forklift', 'ENROLLED')],
    );
    expect(pick).toMatchObject({
      kind: 'required',
      requirement: { courseId: 'forklift' },
      progress: { courseId: 'forklift' },
    });
  });

  it('skips required courses with nothing to do, then falls back to what the learner was doing', () => {
    const done = [
      requirement('valid', { status: 'compliant', progressStatus: 'COMPLETED' }),
      requirement('exempt', { status: 'exempt' }),
    ];
    expect(nextUp(done, [progress('finished', 'COMPLETED'), progress('optional', 'IN_PROGRESS')])).toMatchObject({
      kind: 'recent',
      progress: { courseId: 'optional' },
    });
    expect(nextUp(done, [progress('finished', 'COMPLETED')])).toBeNull();
  });
});
