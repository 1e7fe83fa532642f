import type { ComplianceRow, MatrixCell } from '@contract/compliance';
import type { MatrixColumn } from '@contract/requirement-evidence';
import { useQuery } from '@tanstack/react-query';
import { Search, ShieldCheck, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { fetchTeamMatrixPage, siteQueries } from '../../api/site-queries';
import { queryKeys } from '../../api/query-keys';
import { ComplianceChip } from '../../components/compliance-status';
import { QueryState } from '../../components/query-state';
import { EmailReportButton, ReportEmailList } from '../../components/report-email';
import { TeamFrame, TeamPersonLink, TeamSearch } from '../../components/team/team-frame';
import { TablePagination } from '../../components/table-pagination';
import { formatDate } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { EmptyState, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from '../../ui';
import { t } from '../../i18n';

const TEAM_PAGE_SIZE = 25;
const FILTERS = { status: '' };

/**
 * /team (issue 30): a supervisor's team, read-only: the compliance matrix of everyone who reports to
 * them, directly or through others (GET /api/v2/team/compliance), searchable within the team; each
 * name opens the member's record. The other sections are in TeamFrame's navigation.
 */
export function TeamPage() {
  useDocumentTitle(t('team.title'));
  const members = useQuery(siteQueries.teamMembers());
  const list = usePagedList({
    queryKey: queryKeys.learner.team.matrix,
    fetchPage: fetchTeamMatrixPage,
    filters: FILTERS,
    defaultLimit: TEAM_PAGE_SIZE,
  });
  const count = members.data?.members.length ?? 0;
  return (
    <TeamFrame
      subtitle={members.data ? t('team.subtitle', { count }) : t('team.subtitleLoading')}
      actions={count > 0 ? <EmailReportButton scope="team" filter={{ q: list.search }} /> : null}
    >
      <QueryState query={members} loadingLabel={t('team.loading')} failureMessage={t('team.loadFailed')}>
        {count === 0 ? (
          <EmptyState bordered icon={<Users />} title={t('team.emptyTitle')} description={t('team.emptyText')} />
        ) : (
          <>
            <div className={css({ mb: '5' })}>
              <TeamSearch value={list.search} onChange={list.setSearch} />
            </div>
            <QueryState query={list.query} loadingLabel={t('team.loading')} failureMessage={t('team.loadFailed')}>
              {list.query.data ? (
                <TeamMatrix
                  rows={list.query.data.rows}
                  columns={list.query.data.requirements}
                  filtering={list.isFiltering}
                />
              ) : null}
              <TablePagination list={list} />
            </QueryState>
          </>
        )}
      </QueryState>
      <ReportEmailList scope="team" />
    </TeamFrame>
  );
}

function TeamMatrix({
  rows,
  columns,
  filtering,
}: {
  rows: ComplianceRow[];
  columns: Omit<MatrixColumn, 'key'>[];
  filtering: boolean;
}) {
  if (columns.length === 0)
    return (
      <EmptyState
        bordered
        icon={<ShieldCheck />}
        title={t('team.noRequirementsTitle')}
        description={t('team.noRequirementsText')}
      />
    );
  if (rows.length === 0)
    return filtering ? (
      <EmptyState bordered icon={<Search />} title={t('team.noMatchTitle')} description={t('team.noMatchText')} />
    ) : (
      <EmptyState
        bordered
        icon={<Users />}
        title={t('team.nobodyCoveredTitle')}
        description={t('team.nobodyCoveredText')}
      />
    );
  return (
    <Table frozen scrollLabel={t('team.matrixLabel')}>
      <caption className={css({ srOnly: true })}>{t('team.caption')}</caption>
      <TableHead>
        <TableRow>
          <TableHeader className={css({ minW: { base: '9.5rem', md: '13rem' } })}>{t('team.person')}</TableHeader>
          {columns.map((column) => (
            <TableHeader key={column.id} className={css({ whiteSpace: 'normal', minW: '9.5rem', maxW: '14rem' })}>
              <bdi>{column.courseTitle}</bdi>
            </TableHeader>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.user.id}>
            <TableRowHeader>
              <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                <TeamPersonLink id={row.user.id} name={row.user.name} />
                <bdi className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  {[row.user.jobTitle, row.user.department].filter(Boolean).join(' · ') || row.user.username}
                </bdi>
              </span>
            </TableRowHeader>
            {columns.map((column, index) => (
              <TableCell key={column.id}>
                <TeamCell cell={row.cells[index] ?? null} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function TeamCell({ cell }: { cell: MatrixCell | null }) {
  if (!cell)
    return (
      <span className={css({ color: 'fg.subtle' })}>
        <span aria-hidden>—</span>
        <span className={css({ srOnly: true })}>{t('team.notRequired')}</span>
      </span>
    );
  const until = cell.exemptUntil ?? cell.validUntil;
  const date =
    cell.status === 'pending' || cell.status === 'overdue'
      ? cell.dueAt && t('team.cellDue', { date: formatDate(cell.dueAt) })
      : until && t('team.cellUntil', { date: formatDate(until) });
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
      <ComplianceChip status={cell.status} size="sm" />
      {date ? <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>{date}</span> : null}
    </span>
  );
}
