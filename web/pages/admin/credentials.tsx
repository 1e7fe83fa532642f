import type { AdminCredential, CredentialStatus } from '@contract/credentials';
import { Eye, IdCard } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { credentialApi, type CredentialQueueFilters } from '../../api/credential-queries';
import { queryKeys } from '../../api/query-keys';
import { CredentialTypesPanel } from '../../components/admin/credentials/credential-types';
import { ReviewDialog } from '../../components/admin/credentials/review-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { formatDateTime, formatDay } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { t } from '../../i18n';
import { Button, DataTable, EmptyState, TabContent, TabList, Tabs, TabTrigger } from '../../ui';
import { actionsColumn, titleColumn } from '../../components/admin/shared/list-columns';

const STATUSES: readonly CredentialStatus[] = ['PENDING', 'APPROVED', 'REJECTED'];
const NO_FILTERS: CredentialQueueFilters = { status: 'PENDING' };
type Tab = CredentialStatus | 'TYPES';
const TAB_LABEL = (): Record<Tab, string> => ({
  PENDING: t('admin.credentials.tab.PENDING'),
  APPROVED: t('admin.credentials.tab.APPROVED'),
  REJECTED: t('admin.credentials.tab.REJECTED'),
  TYPES: t('admin.credentials.tab.TYPES'),
});

function Queue({ status }: { status: CredentialStatus }) {
  const list = usePagedList({
    queryKey: [...queryKeys.admin.credentials.queue, status],
    fetchPage: (params, signal) => credentialApi.queue({ ...params, status }, signal),
    filters: {},
    defaultLimit: 25,
    // Workers submit while the page is away: the queue is read afresh each time it opens.
    staleTime: 0,
  });
  const [open, setOpen] = useState<AdminCredential | null>(null);
  const review = (c: AdminCredential) => (
    <Button
      size="sm"
      variant={c.status === 'PENDING' ? 'solid' : 'outline'}
      leftIcon={<Eye />}
      aria-label={t('admin.credentials.reviewAria', { type: c.typeName, name: c.userName })}
      onClick={() => setOpen(c)}
    >
      {c.status === 'PENDING' ? t('admin.credentials.review') : t('admin.credentials.view')}
    </Button>
  );
  const person = titleColumn<AdminCredential>('person', t('admin.credentials.col.person'), (c) => c.userName);
  const actionsCol = actionsColumn(t('admin.credentials.col.actions'), review);
  return (
    <QueryState
      query={list.query}
      loadingLabel={t('admin.credentials.loading')}
      failureMessage={t('admin.credentials.loadFailed')}
    >
      <DataTable
        label={TAB_LABEL()[status]}
        rows={list.items ?? []}
        getRowKey={(c) => c.id}
        cardTitle={person.cardTitle}
        cardActions={actionsCol.cardActions}
        columns={[
          person.column,
          {
            key: 'department',
            header: t('admin.credentials.col.department'),
            cell: (c) => <bdi>{c.department ?? '—'}</bdi>,
          },
          { key: 'type', header: t('admin.credentials.col.type'), cell: (c) => <bdi>{c.typeName}</bdi> },
          { key: 'expires', header: t('admin.credentials.expiresOn'), cell: (c) => formatDay(c.expiresOn) },
          {
            key: 'submitted',
            header: t('admin.credentials.col.submitted'),
            cell: (c) => formatDateTime(c.submittedAt),
          },
          actionsCol.column,
        ]}
        empty={
          <EmptyState
            bordered
            icon={<IdCard />}
            title={status === 'PENDING' ? t('admin.credentials.emptyPending') : t('admin.credentials.empty')}
          />
        }
      />
      <TablePagination list={list} />
      <ReviewDialog credential={open} onClose={() => setOpen(null)} />
    </QueryState>
  );
}

/**
 * /admin/credentials: credentials workers earned elsewhere, waiting for approval (oldest first),
 * approved and rejected, and the credential types they may submit (userManagement).
 */
export function AdminCredentialsPage() {
  useDocumentTitle(t('admin.credentials.title'));
  const [tab, setTab] = useState<Tab>(NO_FILTERS.status);
  return (
    <>
      <PageHeader title={t('admin.credentials.title')} subtitle={t('admin.credentials.subtitle')} />
      <Tabs value={tab} onValueChange={(value) => setTab((value as Tab) ?? 'PENDING')}>
        <TabList aria-label={t('admin.credentials.tabsLabel')}>
          {[...STATUSES, 'TYPES' as const].map((value) => (
            <TabTrigger key={value} value={value}>
              {TAB_LABEL()[value]}
            </TabTrigger>
          ))}
        </TabList>
        {STATUSES.map((status) => (
          <TabContent key={status} value={status} className={css({ pt: '4' })}>
            {tab === status ? <Queue status={status} /> : null}
          </TabContent>
        ))}
        <TabContent value="TYPES" className={css({ pt: '4' })}>
          {tab === 'TYPES' ? <CredentialTypesPanel /> : null}
        </TabContent>
      </Tabs>
    </>
  );
}
