import {
  ASSESSMENT_PAGE_SIZE,
  attemptStatusText,
  type AttemptRow,
  type AttemptStatusFilter,
} from '@contract/admin-assessments';
import { MAX_ATTEMPTS } from '@contract/course';
import { CheckCircle2, ClipboardList, RotateCcw, Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { listDomains } from '../../api/admin-content';
import { assessmentsApi, type AttemptListFilters } from '../../api/admin-people';
import { hasErrorCode } from '../../api/client';
import { AuditLogPanel } from '../../components/admin/assessments/audit-log-panel';
import { InterventionDialog, type Intervention } from '../../components/admin/assessments/intervention-dialog';
import { ScormResultsPanel } from '../../components/admin/assessments/scorm-results-panel';
import { t, translate } from '../../i18n';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, Card, Chip, DataTable, EmptyState, Select, toaster, type SelectOption } from '../../ui';
import { formatDate, formatDateTime, formatNumber, formatScore } from '../../format';
import { errorText } from '../../i18n/error-text';
import { AllOrOneSelect, ListSearchField } from '../../components/admin/shared/list-filters';

const statusOptions = (): readonly SelectOption<AttemptStatusFilter>[] => [
  { value: 'ALL', label: t('admin.assessments.filter.ALL') },
  { value: 'PASSED', label: t('admin.assessments.filter.PASSED') },
  { value: 'FAILED', label: t('admin.assessments.filter.FAILED') },
];
/**
 * A server without the assessment-management endpoints (they answer 404) gets the specification's
 * words for exactly that case; any other failure is an ordinary one, with the server's message.
 * The Worker and this client ship together, so a failed load is a failure to retry, not a missing backend.
 */
const loadFailure = (error: unknown) =>
  hasErrorCode(error, 'NOT_FOUND')
    ? t('admin.assessments.loadFailedNoEndpoints')
    : errorText(error, t('admin.assessments.loadFailed'));

/** The attempts cell: 'Passed (n/3)', 'Exhausted (3/3)' or 'n/3 (k left)'. */
function attemptText(row: AttemptRow): string {
  const max = row.maxAttempts || MAX_ATTEMPTS;
  if (row.passed)
    return t('admin.assessments.attempt.passed', {
      used: formatNumber(Math.min(row.attemptNumber, max)),
      max: formatNumber(max),
    });
  if (row.remainingAttempts <= 0) return t('admin.assessments.attempt.exhausted', { max: formatNumber(max) });
  return t('admin.assessments.attempt.left', {
    used: formatNumber(row.attemptNumber),
    max: formatNumber(max),
    count: row.remainingAttempts,
  });
}

/** What the Actions cell says when no intervention is allowed. */
function noActionText(row: AttemptRow): string {
  if (row.passed) return t('admin.assessments.status.Passed');
  if (row.remainingAttempts > 0) return t('admin.assessments.attemptsLeft', { count: row.remainingAttempts });
  return t('admin.assessments.noActions');
}

const DEFAULT_FILTERS: AttemptListFilters = { status: 'PASSED', domainId: '' };

/** /admin/assessments: assessment oversight: attempts by status, book and search (10 a page), reset or mark as passed, and the audit log. */
export function AdminAssessmentsPage() {
  useDocumentTitle(t('admin.assessments.pageTitle'));
  const list = usePagedList({
    queryKey: queryKeys.admin.assessments.attempts,
    fetchPage: assessmentsApi.attemptsPage,
    filters: DEFAULT_FILTERS,
    defaultLimit: ASSESSMENT_PAGE_SIZE,
  });
  const summaryQuery = useQuery({
    queryKey: queryKeys.admin.assessments.summary,
    queryFn: ({ signal }) => assessmentsApi.summary(signal),
  });
  const books = useQuery({ queryKey: queryKeys.admin.domains.options, queryFn: ({ signal }) => listDomains(signal) });
  const domains = books.data ?? [];
  const summary = summaryQuery.data;
  const [intervention, setIntervention] = useState<Intervention>(null);
  const clearAll = list.clearFilters;
  const query = list.isFiltering;
  const bookOptions: SelectOption[] = domains.map((d) => ({ value: d.id, label: d.name }));

  const actions = (row: AttemptRow) =>
    row.canAdminIntervene ? (
      <div className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
        <Button
          size="xs"
          variant="outline"
          leftIcon={<RotateCcw />}
          onClick={() => setIntervention({ kind: 'reset', row })}
        >
          {t('admin.assessments.reset')}
        </Button>
        <Button size="xs" leftIcon={<CheckCircle2 />} onClick={() => setIntervention({ kind: 'pass', row })}>
          {t('admin.assessments.markPassed')}
        </Button>
      </div>
    ) : (
      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{noActionText(row)}</span>
    );

  const rows = list.items ?? [];
  const totalItems = list.pagination?.totalItems ?? 0;
  return (
    <>
      <PageHeader title={t('admin.assessments.pageTitle')} subtitle={t('admin.assessments.subtitle')} />
      {summary ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(3, 1fr)' }, gap: '3', mb: '5' })}>
          <SummaryCard label={t('admin.assessments.total')} value={summary.totalAttempts} />
          <SummaryCard label={t('admin.assessments.status.Passed')} value={summary.passedAttempts} tone="success.fg" />
          <SummaryCard label={t('admin.assessments.status.Failed')} value={summary.failedAttempts} tone="error.fg" />
        </div>
      ) : null}
      <div
        className={grid({
          gap: '3',
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr 2fr auto' },
          alignItems: 'end',
          mb: '4',
        })}
      >
        <Select
          label={t('admin.assessments.col.status')}
          options={statusOptions()}
          value={list.filters.status}
          onValueChange={(value) => list.setFilter('status', value)}
        />
        <AllOrOneSelect
          label={t('admin.assessments.col.books')}
          allLabel={t('admin.assessments.allBooks')}
          options={bookOptions}
          value={list.filters.domainId}
          onChange={(value) => list.setFilter('domainId', value)}
        />
        <ListSearchField
          list={list}
          label={t('admin.assessments.search')}
          placeholder={t('admin.assessments.searchPlaceholder')}
        />
        <Button variant="ghost" onClick={clearAll}>
          {t('admin.assessments.clearAll')}
        </Button>
      </div>
      <QueryState query={list.query} loadingLabel={t('admin.assessments.loading')} failureMessage={loadFailure}>
        <DataTable
          label={t('admin.assessments.tableLabel')}
          rows={rows}
          getRowKey={(r) => r.id}
          cardTitle={(r) => <bdi>{`${r.username} · ${r.componentTitle}`}</bdi>}
          cardActions={actions}
          columns={[
            {
              key: 'user',
              header: t('admin.assessments.col.user'),
              hideInCard: true,
              cell: (r) => (
                <span className={css({ fontWeight: 'medium' })} title={r.email}>
                  {r.username}
                </span>
              ),
            },
            {
              key: 'component',
              header: t('admin.assessments.col.component'),
              hideInCard: true,
              cell: (r) => <bdi>{r.componentTitle}</bdi>,
            },
            { key: 'course', header: t('admin.assessments.col.course'), cell: (r) => <bdi>{r.courseTitle}</bdi> },
            { key: 'book', header: t('admin.assessments.col.books'), cell: (r) => <bdi>{r.domainName}</bdi> },
            {
              key: 'attempt',
              header: t('admin.assessments.col.attempt'),
              cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{attemptText(r)}</span>,
            },
            { key: 'score', header: t('admin.assessments.col.score'), cell: (r) => formatScore(r.score, '—') },
            { key: 'status', header: t('admin.assessments.col.status'), cell: (r) => <StatusChip row={r} /> },
            {
              key: 'date',
              header: t('admin.assessments.col.date'),
              cell: (r) => <span title={formatDateTime(r.submittedAt)}>{formatDate(r.submittedAt)}</span>,
            },
            { key: 'actions', header: t('admin.assessments.col.actions'), hideInCard: true, cell: actions },
          ]}
          empty={
            <EmptyState
              bordered
              icon={query ? <Search /> : <ClipboardList />}
              title={t('admin.assessments.emptyTitle')}
              description={t('admin.assessments.emptyBody')}
              actions={
                <Button variant="outline" onClick={clearAll}>
                  {t('admin.assessments.clearAll')}
                </Button>
              }
            />
          }
        />
        {totalItems > 0 ? (
          <TablePagination
            list={list}
            pageSizes={[ASSESSMENT_PAGE_SIZE]}
            summary={t('admin.assessments.showing', { shown: rows.length, total: totalItems })}
          />
        ) : null}
      </QueryState>
      <ScormResultsPanel />
      <AuditLogPanel />
      <InterventionDialog
        state={intervention}
        onClose={() => setIntervention(null)}
        onDone={(message) => {
          setIntervention(null);
          toaster.create({ type: 'success', title: message });
        }}
      />
    </>
  );
}

function SummaryCard({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Card className={css({ p: { base: '3', md: '4' } })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{label}</p>
      <p
        className={css({ fontSize: '2xl', fontWeight: 'bold' })}
        style={tone ? { color: `var(--colors-${tone.replace('.', '-')})` } : undefined}
      >
        {formatNumber(value)}
      </p>
    </Card>
  );
}

function StatusChip({ row }: { row: AttemptRow }) {
  // The contract's English word is the key; the chip shows the catalog's.
  const key = attemptStatusText(row);
  const text = translate(`admin.assessments.status.${key.replace(/\s+/g, '')}`, key);
  const palette =
    key === 'Passed' || key === 'Completed'
      ? 'success'
      : key === 'Failed'
        ? 'error'
        : key === 'In Progress'
          ? 'warning'
          : 'neutral';
  return (
    <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' })}>
      <Chip palette={palette}>{text}</Chip>
      {row.markedByAdmin ? (
        <Chip size="sm" palette="info">
          {t('admin.assessments.byAdmin')}
        </Chip>
      ) : null}
    </span>
  );
}
