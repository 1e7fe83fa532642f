import type { AuditEntry } from '@contract/admin-assessments';
import { History } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { assessmentsApi } from '../../../api/admin-people';
import { queryKeys } from '../../../api/query-keys';
import { isolate } from '../content-text';
import { errorText } from '../../../i18n/error-text';
import { t, translate } from '../../../i18n';
import { formatDateTime, formatScore } from '../../../format';
import { PagedTablePanel } from './paged-table-panel';

/**
 * Every audit action in words: `admin.assessments.action.<ACTION>` for each entry of AUDIT_ACTIONS
 * (test/unit/audit-action-labels.test.ts names the key a new action lacks); the code itself only
 * for an action a newer Worker wrote before this client knew it.
 */
const actionLabel = (action: string) => translate(`admin.assessments.action.${action}`, action);

/** Progress statuses as the audit log stores them, in words. */
const progressStatus = (status: string) => translate(`admin.assessments.progress.${status}`, status);

/** The append-only audit log of interventions, newest first. */
export function AuditLogPanel() {
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
    <PagedTablePanel
      id="audit-log-title"
      icon={History}
      title={t('admin.assessments.audit.title')}
      intro={t('admin.assessments.audit.intro')}
      error={error}
      loadingLabel={t('admin.assessments.audit.loading')}
      emptyTitle={t('admin.assessments.audit.emptyTitle')}
      emptyBody={t('admin.assessments.audit.emptyBody')}
      rows={log?.entries ?? null}
      table={{
        getRowKey: (e) => e.id,
        cardTitle: (e) => `${actionLabel(e.action)} · ${e.targetUsername ?? ''}`,
        columns: [
          { key: 'when', header: t('admin.assessments.col.when'), cell: (e) => formatDateTime(e.createdAt) },
          { key: 'actor', header: t('admin.assessments.col.admin'), cell: (e) => e.actorUsername },
          {
            key: 'action',
            header: t('admin.assessments.col.action'),
            hideInCard: true,
            cell: (e) => actionLabel(e.action),
          },
          {
            key: 'target',
            header: t('admin.assessments.col.learner'),
            hideInCard: true,
            cell: (e) => e.targetUsername ?? '—',
          },
          { key: 'change', header: t('admin.assessments.col.change'), cell: (e) => describeChange(e) },
          {
            key: 'reason',
            header: t('admin.assessments.col.reason'),
            cell: (e) => <span className={css({ whiteSpace: 'pre-wrap' })}>{e.reason}</span>,
          },
        ],
      }}
      totalItems={log?.totalItems ?? 0}
      pageSize={size}
      page={page + 1}
      onPageChange={(p) => setPage(p - 1)}
    />
  );
}

function describeChange(entry: AuditEntry): string {
  const before = entry.before as {
    attempts?: unknown[];
    progress?: { status?: string; score?: number | null } | null;
  } | null;
  const after = entry.after as { score?: number; progress?: { status?: string } } | null;
  const attempts = before?.attempts?.length ?? 0;
  const from = before?.progress?.status ?? 'NOT_STARTED';
  if (entry.action === 'ASSESSMENT_RESET')
    return t('admin.assessments.audit.resetChange', {
      count: attempts,
      from: progressStatus(from),
      to: progressStatus('NOT_STARTED'),
    });
  if (entry.action === 'ASSESSMENT_MARK_PASSED')
    return t('admin.assessments.audit.passChange', {
      from: progressStatus(from),
      to: progressStatus('COMPLETED'),
      score: isolate(formatScore(after?.score, '—')),
    });
  return '';
}
