import { Inbox, RotateCw } from 'lucide-react';
import { css } from 'styled-system/css';
import { outboxApi, outboxWrites, type MailDto, type MailStatus, type OutboxFilters } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { useWrite } from '../../api/writes';
import { MAIL_STATUS_IDS, MailStatusChip, mailKindText } from '../../components/admin/outbox/mail-labels';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { formatDateTime } from '../../format';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Button, DataTable, EmptyState, TabContent, TabList, Tabs, TabTrigger, toaster } from '../../ui';
import { actionsColumn } from '../../components/admin/shared/list-columns';

const STATUSES: readonly MailStatus[] = ['FAILED', 'PENDING', 'SENT', 'RECORDED'];
const NO_FILTERS: OutboxFilters = { status: '' };
const isStatus = (value: string): value is MailStatus => (STATUSES as readonly string[]).includes(value);

/**
 * /admin/outbox: every message the platform sent or tried to (reminders, digests, account mail),
 * newest first, by status; a failed one shows its reason and can be sent again. Bodies are never
 * shown (a password-reset link may be in one).
 */
export function AdminOutboxPage() {
  useDocumentTitle(t('admin.outbox.title'));
  const list = usePagedList({
    queryKey: queryKeys.admin.outbox.all,
    fetchPage: outboxApi.page,
    filters: NO_FILTERS,
    defaultLimit: 25,
  });
  const tab = list.filters.status || 'ALL';
  const retry = useWrite(outboxWrites.retry, {
    onSuccess: () => toaster.create({ type: 'success', title: t('admin.outbox.retried') }),
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('admin.outbox.retryFailed')) }),
  });
  const retryButton = (m: MailDto) =>
    m.status === 'FAILED' ? (
      <Button
        size="sm"
        variant="outline"
        leftIcon={<RotateCw />}
        aria-label={t('admin.outbox.retryAria', { to: m.to })}
        loading={retry.isPending && retry.variables === m.id}
        onClick={() => retry.mutate(m.id)}
      >
        {t('admin.outbox.retry')}
      </Button>
    ) : null;

  const actionsCol = actionsColumn(t('admin.outbox.col.actions'), retryButton);
  return (
    <>
      <PageHeader title={t('admin.outbox.title')} subtitle={t('admin.outbox.subtitle')} />
      <Tabs value={tab} onValueChange={(value) => list.setFilter('status', isStatus(value) ? value : '')}>
        <TabList aria-label={t('admin.outbox.tabsLabel')}>
          <TabTrigger value="ALL">{t('admin.outbox.tab.ALL')}</TabTrigger>
          {STATUSES.map((status) => (
            <TabTrigger key={status} value={status}>
              {t(MAIL_STATUS_IDS[status])}
            </TabTrigger>
          ))}
        </TabList>
        {/* The tabs filter the one list below, which is their panel. */}
        <TabContent value={tab} className={css({ pt: '4' })}>
          <QueryState
            query={list.query}
            loadingLabel={t('admin.outbox.loading')}
            failureMessage={t('admin.outbox.loadFailed')}
          >
            <DataTable
              label={t('admin.outbox.tableLabel')}
              rows={list.items ?? []}
              getRowKey={(m) => m.id}
              cardTitle={(m) => <bdi>{m.subject}</bdi>}
              cardActions={actionsCol.cardActions}
              columns={[
                { key: 'created', header: t('admin.outbox.col.created'), cell: (m) => formatDateTime(m.createdAt) },
                { key: 'to', header: t('admin.outbox.col.to'), cell: (m) => <bdi>{m.to}</bdi> },
                {
                  key: 'subject',
                  header: t('admin.outbox.col.subject'),
                  hideInCard: true,
                  cell: (m) => (
                    <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                      <bdi className={css({ fontWeight: 'medium' })}>{m.subject}</bdi>
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{mailKindText(m)}</span>
                    </span>
                  ),
                },
                {
                  key: 'status',
                  header: t('admin.outbox.col.status'),
                  cell: (m) => <MailStatusChip status={m.status} />,
                },
                {
                  key: 'reason',
                  header: t('admin.outbox.col.reason'),
                  cell: (m) => (
                    <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', maxW: '22rem' })}>
                      {m.error ? (
                        <span className={css({ color: 'error.fg', overflowWrap: 'anywhere' })}>{m.error}</span>
                      ) : (
                        '—'
                      )}
                      {m.status === 'PENDING' && m.nextTryAt ? (
                        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                          {t('admin.outbox.nextTry', { date: formatDateTime(m.nextTryAt) })}
                        </span>
                      ) : null}
                    </span>
                  ),
                },
                { key: 'tries', header: t('admin.outbox.col.tries'), align: 'right', cell: (m) => m.tries },
                actionsCol.column,
              ]}
              empty={
                <EmptyState
                  bordered
                  icon={<Inbox />}
                  title={t('admin.outbox.emptyTitle')}
                  description={tab === 'ALL' ? t('admin.outbox.emptyText') : t('admin.outbox.emptyFiltered')}
                />
              }
            />
            <TablePagination list={list} />
          </QueryState>
        </TabContent>
      </Tabs>
    </>
  );
}
