/**
 * The dashboard's single "Next up": the required training due soonest (overdue first), else the
 * course the learner was last working on. Pure, so the choice is tested without a browser.
 */
// Relative imports (not @contract/*): the unit-test project has no path alias.
import type { LearnerRequirement } from '../../worker/contract/compliance';
import type { CourseProgressListItem } from '../../worker/contract/progress';
import { requirementAction } from './requirement-display';

export type NextUp =
  | { kind: 'required'; requirement: LearnerRequirement; progress: CourseProgressListItem | null }
  | { kind: 'recent'; progress: CourseProgressListItem };

const FAR = '\uffff';

export function nextUp(
  requirements: readonly LearnerRequirement[],
  progresses: readonly CourseProgressListItem[],
): NextUp | null {
  const due = requirements
    .filter((r) => {
      const action = requirementAction(r);
      return action === 'start' || action === 'continue';
    })
    .sort(
      (a, b) =>
        Number(b.status === 'overdue') - Number(a.status === 'overdue') ||
        (a.dueAt ?? FAR).localeCompare(b.dueAt ?? FAR),
    );
  const first = due[0];
  if (first) {
    return {
      kind: 'required',
      requirement: first,
      progress: progresses.find((p) => p.courseId === first.courseId) ?? null,
    };
  }
  // The server lists progress most recently worked on first.
  const recent = progresses.find((p) => p.status !== 'COMPLETED');
  return recent ? { kind: 'recent', progress: recent } : null;
}
