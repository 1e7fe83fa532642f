/**
 * How the learner screens present one required course: the single next step offered for it and
 * the date that matters for its status. The status itself comes from the server (the compliance
 * rule of contract/rules/compliance.ts); these only decide wording and which button to show.
 */
// Relative import (not @contract/*): the unit-test project has no path alias.
import { certificateExpires } from '../../worker/contract/certificates';
import type { LearnerRequirement } from '../../worker/contract/compliance';

export type RequirementAction = 'start' | 'continue' | 'review' | 'recertify';

type ActionFacts = Pick<LearnerRequirement, 'status' | 'canRecertify' | 'progressStatus'> &
  Partial<Pick<LearnerRequirement, 'courseId' | 'evidence'>>;

/**
 * The next step, or null when nothing is asked of the learner now (a valid certificate not yet
 * due for renewal, or an exemption). A learner already in a new cycle continues it, whatever the
 * old certificate still says.
 */
export function requirementAction(requirement: ActionFacts): RequirementAction | null {
  const { status, canRecertify, progressStatus } = requirement;
  if (canRecertify) return 'recertify';
  if (status === 'exempt') return null;
  // Nothing to do in a course when the requirement needs none, or its course is done and what is
  // missing is an evaluation or a credential (the panel says what and where to get it).
  if (requirement.courseId === null) return null;
  const course = requirement.evidence?.find((piece) => piece.kind === 'course');
  if (course && (course.status === 'compliant' || course.status === 'due-soon')) return null;
  // Enrolled but not begun (a requirement enrols the people it covers) is still a start.
  if (progressStatus === 'ENROLLED') return 'start';
  if (progressStatus === 'IN_PROGRESS') return 'continue';
  const due = status === 'pending' || status === 'overdue';
  if (!due) return null;
  // Completed yet still due: the course page offers the certificate (none was issued for this cycle).
  return progressStatus === 'COMPLETED' ? 'review' : 'start';
}

type DateFacts = Pick<LearnerRequirement, 'status' | 'dueAt' | 'validUntil'>;

/** The date shown beside the status chip, with its lead-in ("Due by", "Valid until"); null when there is none. */
export function requirementDate(
  requirement: DateFacts,
): { label: 'Due by' | 'Overdue since' | 'Valid until'; at: string } | null {
  const { status, dueAt, validUntil } = requirement;
  if (status === 'pending') return dueAt ? { label: 'Due by', at: dueAt } : null;
  if (status === 'overdue') return dueAt ? { label: 'Overdue since', at: dueAt } : null;
  // A certificate that does not expire has no date worth showing.
  return validUntil && certificateExpires(validUntil) ? { label: 'Valid until', at: validUntil } : null;
}
