import {
  ASSESSMENT_PAGE_SIZE,
  attemptStatusText,
  DEFAULT_MARK_PASSED_SCORE,
  INTERVENTION_MESSAGES,
  type AttemptRow,
  type AttemptStatusFilter,
  type AuditEntry,
} from '@contract/admin-people';
import { MAX_ATTEMPTS } from '@contract/course';
import { CheckCircle2, ClipboardList, History, Package, RotateCcw, Search } from 'lucide-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { listDomains } from '../../api/admin-content';
import { assessmentsApi, type AttemptListFilters } from '../../api/admin-people';
import { hasErrorCode } from '../../api/client';
import { isolate } from '../../components/admin/content-text';
import { formatLocale, serverText, t, translate, type MessageId } from '../../i18n';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Alert, Button, Card, Chip, DataTable, Dialog, EmptyState, LoadingBlock, Pagination, Select, TextField, toaster, type SelectOption } from '../../ui';
import { formatDate, formatDateTime, formatNumber, formatScore } from '../../format';
import { errorText, declaredText } from '../../i18n/error-text';

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
const loadFailure = (error: unknown) => (hasErrorCode(error, 'NOT_FOUND') ? t('admin.assessments.loadFailedNoEndpoints') : errorText(error, t('admin.assessments.loadFailed')));

const ACTION_IDS: Record<string, MessageId> = { ASSESSMENT_RESET: 'admin.assessments.action.ASSESSMENT_RESET', ASSESSMENT_MARK_PASSED: 'admin.assessments.action.ASSESSMENT_MARK_PASSED' };
const actionLabel = (action: string) => (ACTION_IDS[action] ? t(ACTION_IDS[action]) : action);

/** The attempts cell: 'Passed (n/3)', 'Exhausted (3/3)' or 'n/3 (k left)'. */
function attemptText(row: AttemptRow): string {
  const max = row.maxAttempts || MAX_ATTEMPTS;
  if (row.passed) return t('admin.assessments.attempt.passed', { used: formatNumber(Math.min(row.attemptNumber, max)), max: formatNumber(max) });
  if (row.remainingAttempts <= 0) return t('admin.assessments.attempt.exhausted', { max: formatNumber(max) });
  return t('admin.assessments.attempt.left', { used: formatNumber(row.attemptNumber), max: formatNumber(max), count: row.remainingAttempts });
}

/** What the Actions cell says when no intervention is allowed. */
function noActionText(row: AttemptRow): string {
  if (row.passed) return t('admin.assessments.status.Passed');
  if (row.remainingAttempts > 0) return t('admin.assessments.attemptsLeft', { count: row.remainingAttempts });
  return t('admin.assessments.noActions');
}

/** Progress statuses as the audit log stores them, in words. */
const progressStatus = (status: string) => translate(`admin.assessments.progress.${status}`, status);

type Intervention = { kind: 'reset' | 'pass'; row: AttemptRow } | null;

const DEFAULT_FILTERS: AttemptListFilters = { status: 'PASSED', domainId: '' };

/** /admin/assessments: assessment oversight: attempts by status, book and search (10 a page), reset or mark as passed, and the audit log. */
export function AdminAssessmentsPage() {
  useDocumentTitle(t('admin.assessments.pageTitle'));
  const queryClient = useQueryClient();
  const list = usePagedList({ queryKey: queryKeys.admin.assessments.attempts, fetchPage: assessmentsApi.attemptsPage, filters: DEFAULT_FILTERS, defaultLimit: ASSESSMENT_PAGE_SIZE });
  const summaryQuery = useQuery({ queryKey: queryKeys.admin.assessments.summary, queryFn: ({ signal }) => assessmentsApi.summary(signal) });
  const books = useQuery({ queryKey: queryKeys.admin.domains.options, queryFn: ({ signal }) => listDomains(signal) });
  const domains = books.data ?? [];
  const summary = summaryQuery.data;
  const [intervention, setIntervention] = useState<Intervention>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.assessments.all });
  const clearAll = list.clearFilters;
  const query = list.isFiltering;
  const bookOptions: SelectOption[] = [{ value: 'ALL', label: t('admin.assessments.allBooks') }, ...domains.map((d) => ({ value: d.id, label: d.name }))];

  const actions = (row: AttemptRow) =>
    row.canAdminIntervene ? (
      <div className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
        <Button size="xs" variant="outline" leftIcon={<RotateCcw />} onClick={() => setIntervention({ kind: 'reset', row })}>
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
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 2fr auto' }, gap: '3', alignItems: 'end', mb: '4' })}>
        <Select
          label={t('admin.assessments.col.status')}
          options={statusOptions()}
          value={list.filters.status}
          onValueChange={(value) => list.setFilter('status', value)}
        />
        <Select
          label={t('admin.assessments.col.books')}
          options={bookOptions}
          value={list.filters.domainId || 'ALL'}
          onValueChange={(value) => list.setFilter('domainId', value === 'ALL' ? '' : value)}
        />
        <TextField
          label={t('admin.assessments.search')}
          type="search"
          placeholder={t('admin.assessments.searchPlaceholder')}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
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
            { key: 'component', header: t('admin.assessments.col.component'), hideInCard: true, cell: (r) => <bdi>{r.componentTitle}</bdi> },
            { key: 'course', header: t('admin.assessments.col.course'), cell: (r) => <bdi>{r.courseTitle}</bdi> },
            { key: 'book', header: t('admin.assessments.col.books'), cell: (r) => <bdi>{r.domainName}</bdi> },
            { key: 'attempt', header: t('admin.assessments.col.attempt'), cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{attemptText(r)}</span> },
            { key: 'score', header: t('admin.assessments.col.score'), cell: (r) => formatScore(r.score, '—') },
            { key: 'status', header: t('admin.assessments.col.status'), cell: (r) => <StatusChip row={r} /> },
            { key: 'date', header: t('admin.assessments.col.date'), cell: (r) => <span title={formatDateTime(r.submittedAt)}>{formatDate(r.submittedAt)}</span> },
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
        {totalItems > 0 ? <TablePagination list={list} pageSizes={[ASSESSMENT_PAGE_SIZE]} summary={t('admin.assessments.showing', { shown: rows.length, total: totalItems })} /> : null}
      </QueryState>
      <ScormResultsPanel />
      <AuditLogPanel />
      <InterventionDialog
        state={intervention}
        onClose={() => setIntervention(null)}
        onDone={(message) => {
          setIntervention(null);
          toaster.create({ type: 'success', title: message });
          void refresh();
        }}
      />
    </>
  );
}

function SummaryCard({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Card className={css({ p: { base: '3', md: '4' } })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{label}</p>
      <p className={css({ fontSize: '2xl', fontWeight: 'bold' })} style={tone ? { color: `var(--colors-${tone.replace('.', '-')})` } : undefined}>
        {formatNumber(value)}
      </p>
    </Card>
  );
}

function StatusChip({ row }: { row: AttemptRow }) {
  // The contract's English word is the key; the chip shows the catalog's.
  const key = attemptStatusText(row);
  const text = translate(`admin.assessments.status.${key.replace(/\s+/g, '')}`, key);
  const palette = key === 'Passed' || key === 'Completed' ? 'success' : key === 'Failed' ? 'error' : key === 'In Progress' ? 'warning' : 'neutral';
  return (
    <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' })}>
      <Chip palette={palette}>{text}</Chip>
      {row.markedByAdmin ? <Chip size="sm" palette="info">{t('admin.assessments.byAdmin')}</Chip> : null}
    </span>
  );
}

/** Reset Assessment Attempts / Mark Assessment as Passed: both need a reason, recorded in the audit log. */
function InterventionDialog({ state, onClose, onDone }: { state: Intervention; onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [score, setScore] = useState(String(DEFAULT_MARK_PASSED_SCORE));
  const [errors, setErrors] = useState<{ reason?: string; score?: string }>({});
  const intervene = useMutation({
    mutationFn: ({ target, why, passScore }: { target: NonNullable<Intervention>; why: string; passScore: number }) =>
      target.kind === 'reset' ? assessmentsApi.reset(target.row.componentId, target.row.userId, why) : assessmentsApi.markPassed(target.row.componentId, target.row.userId, passScore, why),
    onSuccess: (res, { target }) => onDone(serverText(res.message || (target.kind === 'reset' ? INTERVENTION_MESSAGES.resetDone : INTERVENTION_MESSAGES.passedDone), target.kind === 'reset' ? t('admin.assessments.resetDone') : t('admin.assessments.passedDone'))),
  });
  const { reset } = intervene;
  const busy = intervene.isPending;
  const detail = intervene.isError ? errorText(intervene.error, t('common.unknownError')) : '';
  const error = intervene.isError ? (intervene.variables.target.kind === 'reset' ? t('admin.assessments.resetFailed', { detail }) : t('admin.assessments.passFailed', { detail })) : null;

  useEffect(() => {
    setReason('');
    setScore(String(DEFAULT_MARK_PASSED_SCORE));
    setErrors({});
    reset();
  }, [state, reset]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!state) return;
    const found: typeof errors = {};
    if (!reason.trim()) found.reason = declaredText(INTERVENTION_MESSAGES.reasonRequired);
    const n = Number(score);
    if (state.kind === 'pass' && (score.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100)) found.score = declaredText(INTERVENTION_MESSAGES.score);
    setErrors(found);
    if (found.reason || found.score) return;
    intervene.mutate({ target: state, why: reason.trim(), passScore: n });
  };

  const kind = state?.kind ?? 'reset';
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={kind === 'reset' ? t('admin.assessments.resetTitle') : t('admin.assessments.passTitle')}
      description={state ? `${state.row.username} · ${state.row.componentTitle} (${state.row.courseTitle})` : undefined}
      role={kind === 'reset' ? 'alertdialog' : 'dialog'}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="intervention-form" palette={kind === 'reset' ? 'danger' : 'brand'} loading={busy}>
            {kind === 'reset' ? t('admin.assessments.resetSubmit') : t('admin.assessments.markPassed')}
          </Button>
        </>
      }
    >
      <form id="intervention-form" noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {kind === 'reset' ? <Alert status="warning">{t('admin.assessments.resetWarning')}</Alert> : null}
        {kind === 'pass' ? (
          <TextField
            label={t('admin.assessments.scoreField')}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            required
            value={score}
            error={errors.score}
            onChange={(e) => {
              setScore(e.target.value);
              setErrors((c) => ({ ...c, score: undefined }));
            }}
          />
        ) : null}
        <TextField
          multiline
          label={t('admin.assessments.reason')}
          required
          rows={3}
          helperText={t('admin.assessments.reasonHelp')}
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors((c) => ({ ...c, reason: undefined }));
          }}
        />
      </form>
    </Dialog>
  );
}

/** The append-only audit log of interventions, newest first. */
/** Seconds as "1 h 5 min", "4 min 10 s" or "35 s", in the reader's locale (Intl units). */
function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') => new Intl.NumberFormat(formatLocale(), { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (s >= 3600) return `${unit(Math.floor(s / 3600), 'hour')} ${unit(Math.floor((s % 3600) / 60), 'minute')}`;
  if (s >= 60) return `${unit(Math.floor(s / 60), 'minute')} ${unit(s % 60, 'second')}`;
  return unit(s, 'second');
}

/** A SCORM status word (`not attempted`, `incomplete`...) in the interface language; an unknown one as sent. */
const scormStatus = (status: string) => translate(`admin.assessments.scorm.status.${status.replace(/\s+/g, '_')}`, status);

/** SCORM packages report their own status, score and time: one row per learner, component and training cycle. */
function ScormResultsPanel() {
  const [page, setPage] = useState(1);
  const size = 10;
  const results = useQuery({
    queryKey: queryKeys.admin.assessments.scorm(page),
    queryFn: ({ signal }) => assessmentsApi.scormResults(page, size, signal),
    placeholderData: keepPreviousData,
  });
  const error = results.isError ? errorText(results.error, t('admin.assessments.scorm.loadFailed')) : null;
  const data = results.data ?? null;
  return (
    <section aria-labelledby="scorm-results-title" className={css({ mt: '10' })}>
      <h2 id="scorm-results-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '1', display: 'flex', alignItems: 'center', gap: '2' })}>
        <Package aria-hidden size={20} /> {t('admin.assessments.scorm.title')}
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>{t('admin.assessments.scorm.intro')}</p>
      {error ? <Alert status="error" className={css({ mb: '3' })}>{error}</Alert> : null}
      {data === null ? (
        error ? null : <LoadingBlock label={t('admin.assessments.scorm.loading')} />
      ) : (
        <>
          <DataTable
            label={t('admin.assessments.scorm.title')}
            rows={data.results}
            getRowKey={(r) => `${r.userId}:${r.componentId}:${r.cycle}`}
            cardTitle={(r) => <bdi>{`${r.userName} · ${r.componentTitle}`}</bdi>}
            columns={[
              { key: 'learner', header: t('admin.assessments.col.learner'), hideInCard: true, cell: (r) => <span title={r.username}>{r.userName}</span> },
              { key: 'package', header: t('admin.assessments.col.package'), hideInCard: true, cell: (r) => <bdi>{r.componentTitle}</bdi> },
              { key: 'course', header: t('admin.assessments.col.course'), cell: (r) => <bdi>{r.courseTitle}</bdi> },
              { key: 'status', header: t('admin.assessments.col.status'), cell: (r) => <Chip palette={r.summary.completed ? 'success' : r.summary.successStatus === 'failed' ? 'error' : 'neutral'} size="sm">{r.summary.completed ? t('admin.assessments.status.Completed') : scormStatus(r.summary.status)}</Chip> },
              { key: 'score', header: t('admin.assessments.col.score'), cell: (r) => formatScore(r.summary.score, '—') },
              { key: 'time', header: t('admin.assessments.col.time'), cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDuration(r.summary.totalSeconds)}</span> },
              { key: 'cycle', header: t('admin.assessments.col.cycle'), cell: (r) => formatNumber(r.cycle) },
              { key: 'updated', header: t('admin.assessments.col.lastActivity'), cell: (r) => (r.summary.updatedAt ? <span title={formatDateTime(r.summary.updatedAt)}>{formatDate(r.summary.updatedAt)}</span> : '—') },
            ]}
            empty={<EmptyState bordered icon={<Package />} title={t('admin.assessments.scorm.emptyTitle')} description={t('admin.assessments.scorm.emptyBody')} headingLevel="h3" />}
          />
          {data.pagination.totalItems > size ? (
            <Pagination className={css({ mt: '3' })} count={data.pagination.totalItems} pageSize={size} page={page} onPageChange={setPage} />
          ) : null}
        </>
      )}
    </section>
  );
}

function AuditLogPanel() {
  const [page, setPage] = useState(0);
  const size = 10;
  const audit = useQuery({
    queryKey: queryKeys.admin.assessments.auditLog(page),
    queryFn: ({ signal }) => assessmentsApi.auditLog(page, size, signal),
    placeholderData: keepPreviousData,
  });
  const log = audit.data ?? (audit.isError ? { entries: [], totalItems: 0, totalPages: 0, currentPage: 0 } : null);
  const error = audit.isError ? errorText(audit.error, t('admin.assessments.audit.loadFailed')) : null;

  return (
    <section aria-labelledby="audit-log-title" className={css({ mt: '10' })}>
      <h2 id="audit-log-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '1', display: 'flex', alignItems: 'center', gap: '2' })}>
        <History aria-hidden size={20} /> {t('admin.assessments.audit.title')}
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>{t('admin.assessments.audit.intro')}</p>
      {error ? <Alert status="error" className={css({ mb: '3' })}>{error}</Alert> : null}
      {log === null ? (
        <LoadingBlock label={t('admin.assessments.audit.loading')} />
      ) : (
        <>
          <DataTable
            label={t('admin.assessments.audit.title')}
            rows={log.entries}
            getRowKey={(e) => e.id}
            cardTitle={(e) => `${actionLabel(e.action)} · ${e.targetUsername ?? ''}`}
            columns={[
              { key: 'when', header: t('admin.assessments.col.when'), cell: (e) => formatDateTime(e.createdAt) },
              { key: 'actor', header: t('admin.assessments.col.admin'), cell: (e) => e.actorUsername },
              { key: 'action', header: t('admin.assessments.col.action'), hideInCard: true, cell: (e) => actionLabel(e.action) },
              { key: 'target', header: t('admin.assessments.col.learner'), hideInCard: true, cell: (e) => e.targetUsername ?? '—' },
              { key: 'change', header: t('admin.assessments.col.change'), cell: (e) => describeChange(e) },
              { key: 'reason', header: t('admin.assessments.col.reason'), cell: (e) => <span className={css({ whiteSpace: 'pre-wrap' })}>{e.reason}</span> },
            ]}
            empty={<EmptyState bordered icon={<History />} title={t('admin.assessments.audit.emptyTitle')} description={t('admin.assessments.audit.emptyBody')} headingLevel="h3" />}
          />
          {log.totalItems > size ? (
            <Pagination className={css({ mt: '3' })} count={log.totalItems} pageSize={size} page={page + 1} onPageChange={(p) => setPage(p - 1)} />
          ) : null}
        </>
      )}
    </section>
  );
}

function describeChange(entry: AuditEntry): string {
  const before = entry.before as { attempts?: unknown[]; progress?: { status?: string; score?: number | null } | null } | null;
  const after = entry.after as { score?: number; progress?: { status?: string } } | null;
  const attempts = before?.attempts?.length ?? 0;
  const from = before?.progress?.status ?? 'NOT_STARTED';
  if (entry.action === 'ASSESSMENT_RESET') return t('admin.assessments.audit.resetChange', { count: attempts, from: progressStatus(from), to: progressStatus('NOT_STARTED') });
  if (entry.action === 'ASSESSMENT_MARK_PASSED') return t('admin.assessments.audit.passChange', { from: progressStatus(from), to: progressStatus('COMPLETED'), score: isolate(formatScore(after?.score, '—')) });
  return '';
}
