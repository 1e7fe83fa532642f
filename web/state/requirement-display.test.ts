import { NEVER_EXPIRES } from '../../worker/contract/certificates';
import { describe, expect, it } from 'vitest';
import { requirementAction, requirementDate } from './requirement-display';

const base = { status: 'pending', canRecertify: false, progressStatus: null } as const;

describe('the next step offered for a required course', () => {
  it('offers Recertify whenever the server allows a new cycle, even on an overdue or completed course', () => {
    expect(requirementAction({ ...base, status: 'due-soon', canRecertify: true, progressStatus: 'COMPLETED' })).toBe(
      'recertify',
    );
    expect(requirementAction({ ...base, status: 'overdue', canRecertify: true, progressStatus: 'COMPLETED' })).toBe(
      'recertify',
    );
  });

  it('sends a learner who has not begun (enrolled or not) to start, and one under way to continue', () => {
    expect(requirementAction({ ...base, status: 'pending' })).toBe('start');
    expect(requirementAction({ ...base, status: 'overdue' })).toBe('start');
    expect(requirementAction({ ...base, progressStatus: 'ENROLLED' })).toBe('start');
    expect(requirementAction({ ...base, status: 'overdue', progressStatus: 'IN_PROGRESS' })).toBe('continue');
  });

  it('lets a learner already recertifying continue while the old certificate is still valid', () => {
    expect(requirementAction({ ...base, status: 'due-soon', progressStatus: 'IN_PROGRESS' })).toBe('continue');
    expect(requirementAction({ ...base, status: 'due-soon', progressStatus: 'ENROLLED' })).toBe('start');
  });

  it('offers nothing for a valid certificate not yet due for renewal, or an exemption', () => {
    expect(requirementAction({ ...base, status: 'compliant', progressStatus: 'COMPLETED' })).toBeNull();
    expect(requirementAction({ ...base, status: 'due-soon', progressStatus: 'COMPLETED' })).toBeNull();
    expect(requirementAction({ ...base, status: 'exempt' })).toBeNull();
    expect(requirementAction({ ...base, status: 'exempt', progressStatus: 'IN_PROGRESS' })).toBeNull();
  });

  it('sends a completed course still due (no certificate in this cycle) to the course to review', () => {
    expect(requirementAction({ ...base, status: 'overdue', progressStatus: 'COMPLETED' })).toBe('review');
  });

  it('offers no course step when the requirement needs none, or its course is held and an evaluation or credential is missing', () => {
    expect(requirementAction({ ...base, courseId: null })).toBeNull();
    const piece = (kind: 'course' | 'evaluation', status: 'compliant' | 'pending') => ({ kind, name: kind, status });
    const course = { ...base, courseId: 'c1', progressStatus: 'COMPLETED' as const };
    expect(
      requirementAction({ ...course, evidence: [piece('course', 'compliant'), piece('evaluation', 'pending')] }),
    ).toBeNull();
    // The course itself still missing: start it, whatever else is needed.
    expect(
      requirementAction({
        ...base,
        courseId: 'c1',
        evidence: [piece('course', 'pending'), piece('evaluation', 'pending')],
      }),
    ).toBe('start');
  });
});

describe('the date shown for a required course', () => {
  const dueAt = '2027-01-10T00:00:00.000Z';
  const validUntil = '2027-03-01T00:00:00.000Z';

  it('shows the due date while training is due, and the certificate expiry once it is held', () => {
    expect(requirementDate({ status: 'pending', dueAt, validUntil: null })).toEqual({ label: 'Due by', at: dueAt });
    expect(requirementDate({ status: 'overdue', dueAt, validUntil: null })).toEqual({
      label: 'Overdue since',
      at: dueAt,
    });
    expect(requirementDate({ status: 'due-soon', dueAt: validUntil, validUntil })).toEqual({
      label: 'Valid until',
      at: validUntil,
    });
    expect(requirementDate({ status: 'compliant', dueAt: validUntil, validUntil })).toEqual({
      label: 'Valid until',
      at: validUntil,
    });
  });

  it('shows nothing for an exemption without a valid certificate, or a missing date', () => {
    expect(requirementDate({ status: 'exempt', dueAt: null, validUntil: null })).toBeNull();
    expect(requirementDate({ status: 'exempt', dueAt: null, validUntil })).toEqual({
      label: 'Valid until',
      at: validUntil,
    });
    expect(requirementDate({ status: 'pending', dueAt: null, validUntil: null })).toBeNull();
  });

  it('shows no date for a certificate that does not expire', () => {
    expect(requirementDate({ status: 'compliant', dueAt: NEVER_EXPIRES, validUntil: NEVER_EXPIRES })).toBeNull();
  });
});
