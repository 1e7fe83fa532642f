import { CalendarPlus, Plus, Search, ShieldCheck, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { Link } from 'wouter';
import { useAdminPermission } from '../../../hooks/use-admin-permission';
import type { ComplianceResponse, ComplianceRow } from '../../../api/compliance';
import { t } from '../../../i18n';
import {
  Button,
  Checkbox,
  EmptyState,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '../../../ui';
import { ComplianceCellView } from '../compliance-status';

/** What a training record's Back link returns to: the matrix as the admin left it. */
export interface RecordLinkState {
  matrixSearch?: string;
}

const personColumn = css({
  minW: { base: '9.5rem', md: '13rem' },
  maxW: { base: '11rem', md: '16rem' },
  hyphens: 'auto',
});
const courseColumn = css({
  whiteSpace: 'normal',
  textTransform: 'none',
  letterSpacing: 'normal',
  minW: '9.5rem',
  maxW: '14rem',
  verticalAlign: 'bottom',
});

const scheduleLink = hstack({
  gap: '1',
  minH: '44px',
  minW: '44px',
  color: 'brand.fg',
  fontWeight: 'medium',
  fontSize: 'xs',
  _hover: { textDecoration: 'underline' },
});

interface MatrixTableProps {
  data: ComplianceResponse;
  busy: boolean;
  filtering: boolean;
  bookFiltered: boolean;
  matrixSearch: string;
  onAddRequirement: () => void;
  onClearFilters: () => void;
  /** The rows chosen for "Send reminder" (people's ids), kept across pages. */
  selected: ReadonlySet<string>;
  onSelect: (userIds: string[], chosen: boolean) => void;
}

export function MatrixTable({
  data,
  busy,
  filtering,
  bookFiltered,
  matrixSearch,
  onAddRequirement,
  onClearFilters,
  selected,
  onSelect,
}: MatrixTableProps) {
  // Issue 29: "Schedule a session" for a requirement invites everyone it finds not compliant (Module Management's).
  const maySchedule = useAdminPermission()(['moduleManagement']);
  const addButton = (
    <Button leftIcon={<Plus />} onClick={onAddRequirement}>
      {t('admin.compliance.addRequirement')}
    </Button>
  );
  if (data.requirements.length === 0) {
    return bookFiltered ? (
      <EmptyState
        bordered
        icon={<ShieldCheck />}
        title={t('admin.compliance.emptyBookTitle')}
        description={t('admin.compliance.emptyBookText')}
        actions={
          <>
            {addButton}
            <Button variant="outline" onClick={onClearFilters}>
              {t('admin.compliance.clearFilters')}
            </Button>
          </>
        }
      />
    ) : (
      <EmptyState
        bordered
        icon={<ShieldCheck />}
        title={t('admin.compliance.emptyTitle')}
        description={t('admin.compliance.emptyText')}
        actions={addButton}
      />
    );
  }
  if (data.rows.length === 0) {
    return filtering ? (
      <EmptyState
        bordered
        icon={<Search />}
        title={t('admin.compliance.noMatchTitle')}
        description={t('admin.compliance.noMatchText')}
        actions={
          <Button variant="outline" onClick={onClearFilters}>
            {t('admin.compliance.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        bordered
        icon={<Users />}
        title={t('admin.compliance.nobodyTitle')}
        description={t('admin.compliance.nobodyText')}
      />
    );
  }
  const pageIds = data.rows.map((row) => row.user.id);
  const chosenOnPage = pageIds.filter((id) => selected.has(id)).length;
  const pageChosen = chosenOnPage === 0 ? 'none' : chosenOnPage === pageIds.length ? 'all' : 'some';
  return (
    <Table
      frozen
      scrollLabel={t('admin.compliance.matrixLabel')}
      aria-busy={busy || undefined}
      className={busy ? css({ opacity: 0.7 }) : undefined}
    >
      <caption className={css({ srOnly: true })}>{t('admin.compliance.caption')}</caption>
      <TableHead>
        <TableRow>
          <TableHeader className={personColumn}>
            <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
              <Checkbox
                aria-label={t('admin.compliance.selectPage')}
                checked={pageChosen === 'all' ? true : pageChosen === 'some' ? 'indeterminate' : false}
                onCheckedChange={(chosen) => onSelect(pageIds, chosen)}
              />
              {t('admin.compliance.person')}
            </span>
          </TableHeader>
          {data.requirements.map((column) => (
            // Named by the requirement alone: each cell is read with its column's title, not with the link in it.
            <TableHeader key={column.id} className={courseColumn} aria-label={column.courseTitle}>
              {/* A requirement that needs more than a course has its own column, titled with every piece ("Forklift + Reach truck"). */}
              <bdi>{column.courseTitle}</bdi>
              {maySchedule ? (
                <Link
                  href={`/admin/sessions/new?requirement=${encodeURIComponent(column.id)}`}
                  className={scheduleLink}
                >
                  <CalendarPlus aria-hidden size={16} />
                  {t('sessions.matrix.schedule')}
                  <span className={css({ srOnly: true })}>
                    {t('sessions.matrix.forCourse', { course: column.courseTitle })}
                  </span>
                </Link>
              ) : null}
            </TableHeader>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.rows.map((row) => (
          <TableRow key={row.user.id}>
            <TableRowHeader className={personColumn}>
              <span className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
                <Checkbox
                  aria-label={t('admin.compliance.selectPerson', { name: row.user.name })}
                  checked={selected.has(row.user.id)}
                  onCheckedChange={(chosen) => onSelect([row.user.id], chosen)}
                />
                <PersonLink row={row} matrixSearch={matrixSearch} />
              </span>
            </TableRowHeader>
            {data.requirements.map((column, index) => {
              const cell = row.cells[index];
              return (
                <TableCell key={column.id}>
                  {cell ? (
                    <ComplianceCellView cell={cell} />
                  ) : (
                    <span className={css({ color: 'fg.subtle' })} title={t('admin.compliance.notRequired')}>
                      <span aria-hidden>—</span>
                      <span className={css({ srOnly: true })}>{t('admin.compliance.notRequired')}</span>
                    </span>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PersonLink({ row, matrixSearch }: { row: ComplianceRow; matrixSearch: string }) {
  const { user } = row;
  const role = [user.jobTitle, user.department].filter(Boolean).join(' · ');
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 })}>
      <Link
        href={`/admin/compliance/people/${encodeURIComponent(user.id)}`}
        state={{ matrixSearch } satisfies RecordLinkState}
        className={css({
          fontWeight: 'semibold',
          fontSize: { base: 'sm', md: 'md' },
          color: 'brand.fg',
          overflowWrap: 'break-word',
          _hover: { textDecoration: 'underline' },
        })}
      >
        {user.name}
      </Link>
      <span className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'break-word' })}>
        {role || user.username}
      </span>
    </span>
  );
}
