import type { AdminCredential } from '@contract/credentials';
import { Eye, IdCard } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { teamApi, teamWrites } from '../../api/team-queries';
import { queueColumns } from '../../components/admin/credentials/queue-columns';
import { ReviewDialog } from '../../components/admin/credentials/review-dialog';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { TeamFrame, TeamPersonLink } from '../../components/team/team-frame';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { t } from '../../i18n';
import { Button, DataTable, EmptyState } from '../../ui';

const NO_FILTERS = {};

/**
 * /team/approvals (issue 30): the team's credentials waiting for a decision, oldest first; the
 * supervisor reviews the scan and approves, or rejects with a reason, as an administrator would.
 */
export function TeamApprovalsPage() {
  useDocumentTitle(t('team.approvals.title'));
  const list = usePagedList({
    queryKey: queryKeys.learner.team.credentials,
    fetchPage: (params, signal) => teamApi.credentials({ ...params, status: 'PENDING' }, signal),
    filters: NO_FILTERS,
    defaultLimit: 25,
    // Workers submit while the page is away: the queue is read afresh each time it opens.
    staleTime: 0,
  });
  const [open, setOpen] = useState<AdminCredential | null>(null);
  const review = (c: AdminCredential) => (
    <Button
      leftIcon={<Eye />}
      className={css({ minH: '44px' })}
      aria-label={t('admin.credentials.reviewAria', { type: c.typeName, name: c.userName })}
      onClick={() => setOpen(c)}
    >
      {t('admin.credentials.review')}
    </Button>
  );
  const total = list.query.data?.pagination.totalItems;
  return (
    <TeamFrame
      subtitle={
        total === undefined ? t('team.approvals.subtitleLoading') : t('team.approvals.subtitle', { count: total })
      }
    >
      <QueryState
        query={list.query}
        loadingLabel={t('team.approvals.loading')}
        failureMessage={t('team.approvals.loadFailed')}
      >
        <DataTable
          label={t('team.approvals.tableLabel')}
          rows={list.items ?? []}
          getRowKey={(c) => c.id}
          cardTitle={(c) => <TeamPersonLink id={c.userId} name={c.userName} />}
          cardActions={review}
          columns={[
            {
              key: 'person',
              header: t('admin.credentials.col.person'),
              hideInCard: true,
              cell: (c) => <TeamPersonLink id={c.userId} name={c.userName} />,
            },
            ...queueColumns(review),
          ]}
          empty={
            <EmptyState
              bordered
              icon={<IdCard />}
              title={t('team.approvals.emptyTitle')}
              description={t('team.approvals.emptyText')}
            />
          }
        />
        <TablePagination list={list} />
      </QueryState>
      <ReviewDialog credential={open} onClose={() => setOpen(null)} writes={teamWrites} />
    </TeamFrame>
  );
}
