import { Package } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { assessmentsApi } from '../../../api/admin-people';
import { queryKeys } from '../../../api/query-keys';
import { errorText } from '../../../i18n/error-text';
import { t, translate } from '../../../i18n';
import { Chip } from '../../../ui';
import { formatDate, formatDateTime, formatDuration, formatNumber, formatScore } from '../../../format';
import { PagedTablePanel } from './paged-table-panel';

/** A SCORM status word (`not attempted`, `incomplete`...) in the interface language; an unknown one as sent. */
const scormStatus = (status: string) =>
  translate(`admin.assessments.scorm.status.${status.replace(/\s+/g, '_')}`, status);

/** SCORM packages report their own status, score and time: one row per learner, component and training cycle. */
export function ScormResultsPanel() {
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
    <PagedTablePanel
      id="scorm-results-title"
      icon={Package}
      title={t('admin.assessments.scorm.title')}
      intro={t('admin.assessments.scorm.intro')}
      error={error}
      loadingLabel={t('admin.assessments.scorm.loading')}
      emptyTitle={t('admin.assessments.scorm.emptyTitle')}
      emptyBody={t('admin.assessments.scorm.emptyBody')}
      rows={data?.results ?? null}
      table={{
        getRowKey: (r) => `${r.userId}:${r.componentId}:${r.cycle}`,
        cardTitle: (r) => <bdi>{`${r.userName} · ${r.componentTitle}`}</bdi>,
        columns: [
          {
            key: 'learner',
            header: t('admin.assessments.col.learner'),
            hideInCard: true,
            cell: (r) => <span title={r.username}>{r.userName}</span>,
          },
          {
            key: 'package',
            header: t('admin.assessments.col.package'),
            hideInCard: true,
            cell: (r) => <bdi>{r.componentTitle}</bdi>,
          },
          { key: 'course', header: t('admin.assessments.col.course'), cell: (r) => <bdi>{r.courseTitle}</bdi> },
          {
            key: 'status',
            header: t('admin.assessments.col.status'),
            cell: (r) => (
              <Chip
                palette={r.summary.completed ? 'success' : r.summary.successStatus === 'failed' ? 'error' : 'neutral'}
                size="sm"
              >
                {r.summary.completed ? t('admin.assessments.status.Completed') : scormStatus(r.summary.status)}
              </Chip>
            ),
          },
          {
            key: 'score',
            header: t('admin.assessments.col.score'),
            cell: (r) => formatScore(r.summary.score, '—'),
          },
          {
            key: 'time',
            header: t('admin.assessments.col.time'),
            cell: (r) => (
              <span className={css({ whiteSpace: 'nowrap' })}>{formatDuration(r.summary.totalSeconds, 'second')}</span>
            ),
          },
          { key: 'cycle', header: t('admin.assessments.col.cycle'), cell: (r) => formatNumber(r.cycle) },
          {
            key: 'updated',
            header: t('admin.assessments.col.lastActivity'),
            cell: (r) =>
              r.summary.updatedAt ? (
                <span title={formatDateTime(r.summary.updatedAt)}>{formatDate(r.summary.updatedAt)}</span>
              ) : (
                '—'
              ),
          },
        ],
      }}
      totalItems={data?.pagination.totalItems ?? 0}
      pageSize={size}
      page={page}
      onPageChange={setPage}
    />
  );
}
