import { COMPLIANCE_STATUSES, type ComplianceStatus } from '@contract/rules/compliance';
import { CircleCheck, CircleMinus, Clock, Hourglass, TriangleAlert } from 'lucide-react';
import type { ReactElement } from 'react';
import { css } from 'styled-system/css';
import type { CellEvidence, ComplianceCell } from '../../api/compliance';
import { certificateExpires } from '@contract/certificates';
import { formatDate } from '../../format';
import { Chip, type ChipProps, type SelectOption } from '../../ui';
import { t } from '../../i18n';
import { COMPLIANCE_STATUS_IDS } from '../../i18n/labels';

/** Each status's colour and icon: the label text always comes with them, so colour is never the only signal. */
const STATUS_LOOK: Record<ComplianceStatus, { palette: NonNullable<ChipProps['palette']>; icon: ReactElement }> = {
  overdue: { palette: 'error', icon: <TriangleAlert aria-hidden /> },
  'due-soon': { palette: 'warning', icon: <Clock aria-hidden /> },
  compliant: { palette: 'success', icon: <CircleCheck aria-hidden /> },
  pending: { palette: 'info', icon: <Hourglass aria-hidden /> },
  exempt: { palette: 'neutral', icon: <CircleMinus aria-hidden /> },
};

/** A function, not a constant: the labels are read in the current language. */
export const STATUS_OPTIONS = (): readonly SelectOption<ComplianceStatus>[] =>
  COMPLIANCE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** A status's label in the reader's language (the contract's English words through the catalog). */
export const statusLabel = (status: ComplianceStatus): string => t(COMPLIANCE_STATUS_IDS[status]);

export function isComplianceStatus(value: string): value is ComplianceStatus {
  return (COMPLIANCE_STATUSES as readonly string[]).includes(value);
}

export function ComplianceChip({ status, size = 'sm' }: { status: ComplianceStatus; size?: ChipProps['size'] }) {
  const look = STATUS_LOOK[status];
  return (
    <Chip palette={look.palette} size={size} icon={look.icon}>
      {statusLabel(status)}
    </Chip>
  );
}

/** The fields a cell view reads: a matrix cell leaves out what has no value, a training record's course has nulls. */
type CellDates = Pick<ComplianceCell, 'status'> & {
  dueAt?: string | null;
  validUntil?: string | null;
  exemptUntil?: string | null;
  /** Each piece of a requirement that needs more than a course. */
  evidence?: CellEvidence[];
};

/** What a piece says in a cell: the number of the valid one ("Authorisation AUT-2026-…"), or what is still needed. */
function pieceText(piece: CellEvidence): string {
  const held = piece.status === 'compliant' || piece.status === 'due-soon';
  if (!held) return t('admin.compliance.evidence.missing', { name: piece.name });
  if (piece.kind === 'course') return t('admin.compliance.evidence.course', { number: piece.number ?? '' });
  if (piece.kind === 'evaluation') return t('admin.compliance.evidence.evaluation', { number: piece.number ?? '' });
  return piece.number ? `${piece.name} ${piece.number}` : piece.name;
}

/**
 * The date that matters for a cell: how long a valid certificate lasts ("until ..."), or when
 * training is due ("due ..."), or when an exemption ends ("Exempt" "until ...").
 */
/** A certificate of a course without expiry lasts: "Does not expire" instead of a date. */
const untilText = (validUntil: string) =>
  certificateExpires(validUntil)
    ? t('admin.compliance.cellUntil', { date: formatDate(validUntil) })
    : t('certDialog.noExpiry');

export function cellDateText(cell: CellDates): string | null {
  if (cell.status === 'compliant' || cell.status === 'due-soon')
    return cell.validUntil ? untilText(cell.validUntil) : null;
  if (cell.status === 'pending' || cell.status === 'overdue')
    return cell.dueAt ? t('admin.compliance.cellDue', { date: formatDate(cell.dueAt) }) : null;
  return cell.exemptUntil ? t('admin.compliance.cellUntil', { date: formatDate(cell.exemptUntil) }) : null;
}

/** A status chip with its date under it (a matrix cell, a course in a training record). */
export function ComplianceCellView({ cell }: { cell: CellDates }) {
  const date = cellDateText(cell);
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
      <ComplianceChip status={cell.status} />
      {date ? <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>{date}</span> : null}
      {cell.evidence?.map((piece) => (
        <span key={`${piece.kind} ${piece.name}`} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          <bdi>{pieceText(piece)}</bdi>
        </span>
      ))}
    </span>
  );
}
