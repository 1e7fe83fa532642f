import { LAPSE_WINDOWS, type LapseRow, type LapseWindow } from '@contract/compliance-lapses';
import { CalendarClock, Search } from 'lucide-react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { queryKeys } from '../../api/query-keys';
import { teamApi } from '../../api/team-queries';
import { ComplianceChip } from '../../components/compliance-status';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { RemindButton } from '../../components/team/remind-button';
import { TeamFrame, TeamPersonLink, TeamSearch } from '../../components/team/team-frame';
import { formatDate } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { t } from '../../i18n';
import { Button, DataTable, EmptyState } from '../../ui';

const FILTERS = { days: '30' };

/**
 * /team/forecast (issue 30): who in the team stops being trained within 30, 60 or 90 days, soonest
 * first (the administrators' forecast list, the team only), with a one-tap reminder per person.
 */
export function TeamForecastPage() {
  useDocumentTitle(t('team.forecast.title'));
  const list = usePagedList({
    queryKey: queryKeys.learner.team.lapses,
    fetchPage: (params, signal) => teamApi.lapses({ ...params, days: Number(params.days) as LapseWindow }, signal),
    filters: FILTERS,
    defaultLimit: 25,
  });
  const days = Number(list.filters.days) as LapseWindow;
  return (
    <TeamFrame
      subtitle={
        list.query.data
          ? t('team.forecast.subtitle', { count: list.query.data.people, days })
          : t('team.forecast.subtitleLoading')
      }
    >
      <div className={wrap({ align: 'flex-end', gap: '4', mb: '5' })}>
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>
            {t('team.forecast.window')}
          </legend>
          <div className={css({ display: 'flex', gap: '2' })}>
            {LAPSE_WINDOWS.map((window) => (
              <Button
                key={window}
                variant={window === days ? 'solid' : 'outline'}
                aria-pressed={window === days}
                className={css({ minH: '44px' })}
                onClick={() => list.setFilter('days', String(window))}
              >
                {t('team.forecast.days', { days: window })}
              </Button>
            ))}
          </div>
        </fieldset>
        <TeamSearch value={list.search} onChange={list.setSearch} />
      </div>
      <QueryState
        query={list.query}
        loadingLabel={t('team.forecast.loading')}
        failureMessage={t('team.forecast.loadFailed')}
      >
        <DataTable<LapseRow>
          label={t('team.forecast.tableLabel', { days })}
          rows={list.items ?? []}
          getRowKey={(row) => `${row.user.id}:${row.key}`}
          cardTitle={(row) => <TeamPersonLink id={row.user.id} name={row.user.name} />}
          cardActions={(row) => <RemindButton userId={row.user.id} name={row.user.name} />}
          columns={[
            {
              key: 'person',
              header: t('team.person'),
              hideInCard: true,
              cell: (row) => <TeamPersonLink id={row.user.id} name={row.user.name} />,
            },
            { key: 'requirement', header: t('team.forecast.requirement'), cell: (row) => <bdi>{row.courseTitle}</bdi> },
            {
              key: 'status',
              header: t('team.forecast.status'),
              cell: (row) => <ComplianceChip status={row.status} size="sm" />,
            },
            { key: 'lapses', header: t('team.forecast.lapsesOn'), cell: (row) => formatDate(row.lapsesAt) },
            {
              key: 'actions',
              header: t('team.forecast.actions'),
              hideInCard: true,
              align: 'right',
              cell: (row) => <RemindButton userId={row.user.id} name={row.user.name} />,
            },
          ]}
          empty={
            list.isFiltering && list.search ? (
              <EmptyState
                bordered
                icon={<Search />}
                title={t('team.noMatchTitle')}
                description={t('team.noMatchText')}
              />
            ) : (
              <EmptyState
                bordered
                icon={<CalendarClock />}
                title={t('team.forecast.emptyTitle', { days })}
                description={t('team.forecast.emptyText')}
              />
            )
          }
        />
        <TablePagination list={list} />
      </QueryState>
    </TeamFrame>
  );
}
