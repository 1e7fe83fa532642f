import type { LearnerRequirement } from '@contract/compliance';
import type { ComplianceStatus } from '@contract/rules/compliance';
import { formatDate } from '../format';
import { requirementDate } from '../state/requirement-display';
import { Chip, type ChipProps } from '../ui/chip';
import { COMPLIANCE_STATUS_IDS, REQUIREMENT_DATE_IDS } from '../i18n/labels';
import { t } from '../i18n';

// The chip always carries the label: the colour only repeats what the text says.
const STATUS_PALETTE: Record<ComplianceStatus, NonNullable<ChipProps['palette']>> = {
  overdue: 'error',
  'due-soon': 'warning',
  compliant: 'success',
  pending: 'info',
  exempt: 'neutral',
};

/** The learner's compliance status of one required course: Overdue, Due soon, Compliant, Pending or Exempt. */
export function ComplianceChip({
  status,
  size,
  className,
}: {
  status: ComplianceStatus;
  size?: ChipProps['size'];
  className?: string;
}) {
  return (
    <Chip palette={STATUS_PALETTE[status]} size={size} className={className} data-status={status}>
      {t(COMPLIANCE_STATUS_IDS[status])}
    </Chip>
  );
}

/** "Due by 10 Jan 2027", "Valid until ...": the date that matters for the status, in the reader's time zone. */
export function RequirementDate({
  requirement,
  className,
}: {
  requirement: Pick<LearnerRequirement, 'status' | 'dueAt' | 'validUntil'>;
  className?: string;
}) {
  const date = requirementDate(requirement);
  if (!date) return null;
  return (
    <span className={className}>
      {t(REQUIREMENT_DATE_IDS[date.label])} <time dateTime={date.at}>{formatDate(date.at)}</time>
    </span>
  );
}
