import {
  ASSESSMENT_PAGE_SIZE,
  attemptStatusText,
  attemptText,
  DEFAULT_MARK_PASSED_SCORE,
  INTERVENTION_MESSAGES,
  noActionText,
  type AttemptRow,
  type AttemptStatusFilter,
  type AuditEntry,
} from '@contract/admin-people';
import { CheckCircle2, ClipboardList, History, Package, RotateCcw, Search } from 'lucide-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { listDomains } from '../../api/admin-content';
import { assessmentsApi, type AttemptListFilters } from '../../api/admin-people';
import { errorMessage, hasErrorCode } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Alert, Button, Card, Chip, DataTable, Dialog, EmptyState, LoadingBlock, Pagination, Select, TextField, toaster, type SelectOption } from '../../ui';
import { formatDate, formatDateTime, formatScore } from '../../format';

const STATUS_OPTIONS: readonly SelectOption<AttemptStatusFilter>[] = [
  { value: 'ALL', label: 'All' },
  { value: 'PASSED', label: 'Passed' },
  { value: 'FAILED', label: 'Failed (Max Attempts)' },
];
/** The Worker and this client ship together, so a failed load is a failure to retry, not a missing backend. */
const LOAD_ERROR = 'Failed to load assessment data. Please try again.';
const LOAD_ERROR_NO_ENDPOINTS = 'Failed to load assessment data. The backend endpoints for assessment management may not be deployed yet.';
/**
 * A server without the assessment-management endpoints (they answer 404) gets the specification's
 * words for exactly that case; any other failure is an ordinary one, with the server's message.
 */
const loadFailure = (error: unknown) => (hasErrorCode(error, 'NOT_FOUND') ? LOAD_ERROR_NO_ENDPOINTS : errorMessage(error, LOAD_ERROR));

const ACTION_LABEL: Record<string, string> = { ASSESSMENT_RESET: 'Reset attempts', ASSESSMENT_MARK_PASSED: 'Marked as passed' };

type Intervention = { kind: 'reset' | 'pass'; row: AttemptRow } | null;

const DEFAULT_FILTERS: AttemptListFilters = { status: 'PASSED', domainId: '' };

/** /admin/assessments: assessment oversight: attempts by status, book and search (10 a page), reset or mark as passed, and the audit log. */
export function AdminAssessmentsPage() {
  useDocumentTitle('Assessment Management');
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
  const bookOptions: SelectOption[] = [{ value: 'ALL', label: 'All Books' }, ...domains.map((d) => ({ value: d.id, label: d.name }))];

  const actions = (row: AttemptRow) =>
    row.canAdminIntervene ? (
      <div className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
        <Button size="xs" variant="outline" leftIcon={<RotateCcw />} onClick={() => setIntervention({ kind: 'reset', row })}>
          Reset
        </Button>
        <Button size="xs" leftIcon={<CheckCircle2 />} onClick={() => setIntervention({ kind: 'pass', row })}>
          Mark as Passed
        </Button>
      </div>
    ) : (
      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{noActionText(row)}</span>
    );

  const rows = list.items ?? [];
  const totalItems = list.pagination?.totalItems ?? 0;
  return (
    <>
      <PageHeader title="Assessment Management" subtitle="Review learners' assessment results, reset exhausted attempts or mark an assessment as passed. Every change is recorded in the audit log." />
      {summary ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(3, 1fr)' }, gap: '3', mb: '5' })}>
          <SummaryCard label="Total attempts" value={summary.totalAttempts} />
          <SummaryCard label="Passed" value={summary.passedAttempts} tone="success.fg" />
          <SummaryCard label="Failed" value={summary.failedAttempts} tone="error.fg" />
        </div>
      ) : null}
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 2fr auto' }, gap: '3', alignItems: 'end', mb: '4' })}>
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={list.filters.status}
          onValueChange={(value) => list.setFilter('status', value)}
        />
        <Select
          label="Books"
          options={bookOptions}
          value={list.filters.domainId || 'ALL'}
          onValueChange={(value) => list.setFilter('domainId', value === 'ALL' ? '' : value)}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="User or component name..."
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
        />
        <Button variant="ghost" onClick={clearAll}>
          Clear All
        </Button>
      </div>
      <QueryState query={list.query} loadingLabel="Loading assessment data..." failureMessage={loadFailure}>
        <DataTable
          label="Assessment attempts"
          rows={rows}
          getRowKey={(r) => r.id}
          cardTitle={(r) => `${r.username} · ${r.componentTitle}`}
          cardActions={actions}
          columns={[
            {
              key: 'user',
              header: 'User',
              hideInCard: true,
              cell: (r) => (
                <span className={css({ fontWeight: 'medium' })} title={r.email}>
                  {r.username}
                </span>
              ),
            },
            { key: 'component', header: 'Component', hideInCard: true, cell: (r) => r.componentTitle },
            { key: 'course', header: 'Course', cell: (r) => r.courseTitle },
            { key: 'book', header: 'Books', cell: (r) => r.domainName },
            { key: 'attempt', header: 'Attempt', cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{attemptText(r)}</span> },
            { key: 'score', header: 'Score', cell: (r) => formatScore(r.score, '—') },
            { key: 'status', header: 'Status', cell: (r) => <StatusChip row={r} /> },
            { key: 'date', header: 'Date', cell: (r) => <span title={formatDateTime(r.submittedAt)}>{formatDate(r.submittedAt)}</span> },
            { key: 'actions', header: 'Actions', hideInCard: true, cell: actions },
          ]}
          empty={
            <EmptyState
              bordered
              icon={query ? <Search /> : <ClipboardList />}
              title="No assessment attempts found"
              description="Try another status, book or search."
              actions={
                <Button variant="outline" onClick={clearAll}>
                  Clear All
                </Button>
              }
            />
          }
        />
        {totalItems > 0 ? <TablePagination list={list} pageSizes={[ASSESSMENT_PAGE_SIZE]} summary={`Showing ${rows.length} of ${totalItems} results`} /> : null}
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
        {value}
      </p>
    </Card>
  );
}

function StatusChip({ row }: { row: AttemptRow }) {
  const text = attemptStatusText(row);
  const palette = text === 'Passed' || text === 'Completed' ? 'success' : text === 'Failed' ? 'error' : text === 'In Progress' ? 'warning' : 'neutral';
  return (
    <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' })}>
      <Chip palette={palette}>{text}</Chip>
      {row.markedByAdmin ? <Chip size="sm" palette="info">By admin</Chip> : null}
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
    onSuccess: (res, { target }) => onDone(res.message || (target.kind === 'reset' ? INTERVENTION_MESSAGES.resetDone : INTERVENTION_MESSAGES.passedDone)),
  });
  const { reset } = intervene;
  const busy = intervene.isPending;
  const detail = intervene.error instanceof Error ? intervene.error.message : 'Unknown error';
  const error = intervene.isError ? (intervene.variables.target.kind === 'reset' ? `Failed to reset attempts: ${detail}` : `Failed to mark as passed: ${detail}`) : null;

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
    if (!reason.trim()) found.reason = INTERVENTION_MESSAGES.reasonRequired;
    const n = Number(score);
    if (state.kind === 'pass' && (score.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100)) found.score = INTERVENTION_MESSAGES.score;
    setErrors(found);
    if (found.reason || found.score) return;
    intervene.mutate({ target: state, why: reason.trim(), passScore: n });
  };

  const kind = state?.kind ?? 'reset';
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={kind === 'reset' ? 'Reset Assessment Attempts' : 'Mark Assessment as Passed'}
      description={state ? `${state.row.username} · ${state.row.componentTitle} (${state.row.courseTitle})` : undefined}
      role={kind === 'reset' ? 'alertdialog' : 'dialog'}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="intervention-form" palette={kind === 'reset' ? 'danger' : 'brand'} loading={busy}>
            {kind === 'reset' ? 'Reset Attempts' : 'Mark as Passed'}
          </Button>
        </>
      }
    >
      <form id="intervention-form" noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {kind === 'reset' ? <Alert status="warning">{INTERVENTION_MESSAGES.resetWarning}</Alert> : null}
        {kind === 'pass' ? (
          <TextField
            label="Score (%)"
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
          label="Reason"
          required
          rows={3}
          helperText="Recorded in the audit log with your name and the time."
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
/** Seconds as "1 h 5 min", "4 min 10 s" or "35 s". */
function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${s} s`;
}

/** SCORM packages report their own status, score and time: one row per learner, component and training cycle. */
function ScormResultsPanel() {
  const [page, setPage] = useState(1);
  const size = 10;
  const results = useQuery({
    queryKey: queryKeys.admin.assessments.scorm(page),
    queryFn: ({ signal }) => assessmentsApi.scormResults(page, size, signal),
    placeholderData: keepPreviousData,
  });
  const error = results.isError ? errorMessage(results.error, 'Failed to load SCORM results') : null;
  const data = results.data ?? null;
  return (
    <section aria-labelledby="scorm-results-title" className={css({ mt: '10' })}>
      <h2 id="scorm-results-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '1', display: 'flex', alignItems: 'center', gap: '2' })}>
        <Package aria-hidden size={20} /> SCORM Results
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>What each SCORM package reported for a learner in the current or an earlier training cycle: status, score and time spent.</p>
      {error ? <Alert status="error" className={css({ mb: '3' })}>{error}</Alert> : null}
      {data === null ? (
        error ? null : <LoadingBlock label="Loading SCORM results..." />
      ) : (
        <>
          <DataTable
            label="SCORM results"
            rows={data.results}
            getRowKey={(r) => `${r.userId}:${r.componentId}:${r.cycle}`}
            cardTitle={(r) => `${r.userName} · ${r.componentTitle}`}
            columns={[
              { key: 'learner', header: 'Learner', hideInCard: true, cell: (r) => <span title={r.username}>{r.userName}</span> },
              { key: 'package', header: 'Package', hideInCard: true, cell: (r) => r.componentTitle },
              { key: 'course', header: 'Course', cell: (r) => r.courseTitle },
              { key: 'status', header: 'Status', cell: (r) => <Chip palette={r.summary.completed ? 'success' : r.summary.successStatus === 'failed' ? 'error' : 'neutral'} size="sm">{r.summary.completed ? 'Completed' : r.summary.status}</Chip> },
              { key: 'score', header: 'Score', cell: (r) => formatScore(r.summary.score, '—') },
              { key: 'time', header: 'Time', cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDuration(r.summary.totalSeconds)}</span> },
              { key: 'cycle', header: 'Cycle', cell: (r) => r.cycle },
              { key: 'updated', header: 'Last activity', cell: (r) => (r.summary.updatedAt ? <span title={formatDateTime(r.summary.updatedAt)}>{formatDate(r.summary.updatedAt)}</span> : '—') },
            ]}
            empty={<EmptyState bordered icon={<Package />} title="No SCORM results yet" description="Results appear once a learner opens a SCORM package." headingLevel="h3" />}
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
  const error = audit.isError ? errorMessage(audit.error, 'Failed to load the audit log') : null;

  return (
    <section aria-labelledby="audit-log-title" className={css({ mt: '10' })}>
      <h2 id="audit-log-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '1', display: 'flex', alignItems: 'center', gap: '2' })}>
        <History aria-hidden size={20} /> Audit Log
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>Every reset and mark-as-passed: who, whom, what changed, when and why. Entries cannot be edited or deleted.</p>
      {error ? <Alert status="error" className={css({ mb: '3' })}>{error}</Alert> : null}
      {log === null ? (
        <LoadingBlock label="Loading audit log..." />
      ) : (
        <>
          <DataTable
            label="Audit log"
            rows={log.entries}
            getRowKey={(e) => e.id}
            cardTitle={(e) => `${ACTION_LABEL[e.action] ?? e.action} · ${e.targetUsername ?? ''}`}
            columns={[
              { key: 'when', header: 'When', cell: (e) => formatDateTime(e.createdAt) },
              { key: 'actor', header: 'Admin', cell: (e) => e.actorUsername },
              { key: 'action', header: 'Action', hideInCard: true, cell: (e) => ACTION_LABEL[e.action] ?? e.action },
              { key: 'target', header: 'Learner', hideInCard: true, cell: (e) => e.targetUsername ?? '—' },
              { key: 'change', header: 'Change', cell: (e) => describeChange(e) },
              { key: 'reason', header: 'Reason', cell: (e) => <span className={css({ whiteSpace: 'pre-wrap' })}>{e.reason}</span> },
            ]}
            empty={<EmptyState bordered icon={<History />} title="No interventions yet" description="Resets and mark-as-passed actions will be listed here." headingLevel="h3" />}
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
  if (entry.action === 'ASSESSMENT_RESET') return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} deleted; ${from} → NOT_STARTED`;
  if (entry.action === 'ASSESSMENT_MARK_PASSED') return `${from} → COMPLETED with score ${after?.score ?? '—'}%`;
  return '';
}
