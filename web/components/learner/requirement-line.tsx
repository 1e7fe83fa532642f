import type { LearnerRequirement } from '@contract/compliance';
import type { ReactNode } from 'react';
import { wrap } from 'styled-system/patterns';
import type { ChipProps } from '../../ui';
import { ComplianceChip, RequirementDate } from '../compliance-status';

/** A required course's standing in one line: its compliance chip and the date that matters (due or valid until). */
export function RequirementLine({
  requirement,
  chipSize,
  children,
}: {
  requirement: Pick<LearnerRequirement, 'status' | 'dueAt' | 'validUntil'>;
  chipSize?: ChipProps['size'];
  /** Put before the standing (the "Required" chip). */
  children?: ReactNode;
}) {
  return (
    <div className={wrap({ align: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
      {children}
      <ComplianceChip status={requirement.status} size={chipSize} />
      <RequirementDate requirement={requirement} />
    </div>
  );
}
