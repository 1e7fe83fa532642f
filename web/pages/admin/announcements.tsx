import { ANNOUNCEMENT_MESSAGES, isExpiringSoon, PRIORITY_TONE, type AnnouncementDto } from '@contract/announcements';
import { Eye, Megaphone, Plus, Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { announcementWrites } from '../../api/announcement-queries';
import { announcementsApi } from '../../api/announcements';
import { serverText, t } from '../../i18n';
import { queryKeys } from '../../api/query-keys';
import { runWrite, useWrite } from '../../api/writes';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, Card, Checkbox, Chip, DataTable, EmptyState, FloatingAction, IconButton, toaster } from '../../ui';
import { formatDateTime, formatNumber } from '../../format';
import { errorText } from '../../i18n/error-text';
import { PRIORITY_IDS } from '../../i18n/labels';
import { ListSearchField } from '../../components/admin/shared/list-filters';
import { AnnouncementForm, type AnnouncementFormState } from '../../components/admin/announcements/announcement-form';
import { AnnouncementViewDialog } from '../../components/admin/announcements/announcement-view-dialog';
import { actionsColumn, RowButtons, titleColumn } from '../../components/admin/shared/list-columns';
import { DeleteIconButton, EditIconButton } from '../../components/admin/shared/row-icon-buttons';

/** /admin/announcements: stat cards, a searchable list, create, edit, view, activate and delete announcements. */
export function AdminAnnouncementsPage() {
  useDocumentTitle(t('admin.announcements.pageTitle'));
  const list = usePagedList({
    queryKey: queryKeys.admin.announcements.all,
    fetchPage: announcementsApi.page,
    filters: {},
  });
  const statsQuery = useQuery({
    queryKey: queryKeys.admin.announcements.stats,
    queryFn: ({ signal }) => announcementsApi.stats(signal),
  });
  const stats = statsQuery.data;
  const items = list.items;
  const search = list.search;
  const [form, setForm] = useState<AnnouncementFormState>(null);
  const [viewing, setViewing] = useState<AnnouncementDto | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementDto | null>(null);
  // The writes invalidate the list and the stat cards (web/api/announcement-queries.ts).
  const toggleActive = useWrite(announcementWrites.toggle, {
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('admin.announcements.toggleFailed')) }),
  });
  const toggle = (item: AnnouncementDto) => toggleActive.mutate(item.id);

  const rowActions = (a: AnnouncementDto) => (
    <RowButtons>
      <IconButton
        aria-label={t('admin.announcements.viewAria', { title: a.title })}
        icon={<Eye />}
        size="sm"
        onClick={() => setViewing(a)}
      />
      <EditIconButton
        aria-label={t('admin.announcements.editAria', { title: a.title })}
        onClick={() => setForm({ mode: 'edit', item: a })}
      />
      <DeleteIconButton
        aria-label={t('admin.announcements.deleteAria', { title: a.title })}
        onClick={() => setDeleting(a)}
      />
    </RowButtons>
  );

  const actionsCol = actionsColumn(t('admin.announcements.col.actions'), rowActions);
  const title = titleColumn<AnnouncementDto>('title', t('admin.announcements.col.title'), (a) => a.title);
  return (
    <>
      <PageHeader
        title={t('admin.announcements.pageTitle')}
        subtitle={t('admin.announcements.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setForm({ mode: 'create' })}>
            {t('admin.announcements.new')}
          </Button>
        }
      />
      {stats ? (
        <div
          className={grid({ gap: '3', gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' }, mb: '5' })}
        >
          <StatCard label={t('admin.announcements.totalActive')} value={stats.totalActive} />
          <StatCard label={t('admin.announcements.urgent')} value={stats.urgentCount} palette="error" />
          <StatCard label={t('admin.announcements.high')} value={stats.highCount} palette="warning" />
          <StatCard label={t('admin.announcements.medium')} value={stats.mediumCount} palette="info" />
          <StatCard label={t('admin.announcements.low')} value={stats.lowCount} palette="success" />
        </div>
      ) : null}
      <div className={css({ maxW: { md: '420px' }, mb: '4' })}>
        <ListSearchField
          list={list}
          label={t('admin.announcements.search')}
          placeholder={t('admin.announcements.searchPlaceholder')}
        />
      </div>
      <QueryState
        query={list.query}
        loadingLabel={t('admin.announcements.loading')}
        failureMessage={t('admin.announcements.loadFailed')}
      >
        <DataTable
          label={t('admin.announcements.pageTitle')}
          rows={items ?? []}
          getRowKey={(a) => a.id}
          cardTitle={title.cardTitle}
          cardActions={actionsCol.cardActions}
          columns={[
            title.column,
            {
              key: 'priority',
              header: t('admin.announcements.col.priority'),
              cell: (a) => <Chip palette={PRIORITY_TONE[a.priority]}>{t(PRIORITY_IDS[a.priority])}</Chip>,
            },
            { key: 'author', header: t('admin.announcements.col.author'), cell: (a) => a.authorName },
            { key: 'expires', header: t('admin.announcements.col.expires'), cell: (a) => <Expiry item={a} /> },
            {
              key: 'active',
              header: t('admin.announcements.col.active'),
              cell: (a) => (
                <Checkbox checked={a.isActive} onCheckedChange={() => void toggle(a)}>
                  {a.isActive ? t('admin.announcements.active') : t('admin.announcements.inactive')}
                </Checkbox>
              ),
            },
            actionsCol.column,
          ]}
          empty={
            <EmptyState
              bordered
              icon={search ? <Search /> : <Megaphone />}
              title={t('admin.announcements.emptyTitle')}
              description={search ? t('admin.announcements.emptySearch') : t('admin.announcements.emptyBody')}
            />
          }
        />
        <TablePagination list={list} />
      </QueryState>
      <FloatingAction label={t('admin.announcements.add')} onClick={() => setForm({ mode: 'create' })} />
      <AnnouncementForm
        state={form}
        onClose={() => setForm(null)}
        onSaved={(message) => {
          setForm(null);
          toaster.create({ type: 'success', title: message });
        }}
      />
      <AnnouncementViewDialog item={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        title={t('admin.announcements.deleteTitle')}
        question={t('admin.announcements.deleteQuestion')}
        describe={(a) => a.title}
        failureMessage={t('admin.announcements.deleteFailed')}
        onConfirm={(a) => runWrite(announcementWrites.remove, a.id)}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({
            type: 'success',
            title: serverText(ANNOUNCEMENT_MESSAGES.deleted, t('admin.announcements.deleted')),
          });
        }}
      />
    </>
  );
}

const ACCENT = {
  error: css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'error.solid' }),
  warning: css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'warning.solid' }),
  info: css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'info.solid' }),
  success: css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'success.solid' }),
};

function StatCard({ label, value, palette }: { label: string; value: number; palette?: keyof typeof ACCENT }) {
  return (
    <Card
      className={cx(
        css({ p: '4', display: 'flex', flexDirection: 'column', gap: '1' }),
        palette ? ACCENT[palette] : css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'brand.solid' }),
      )}
    >
      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{label}</span>
      <span className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{formatNumber(value)}</span>
    </Card>
  );
}

function Expiry({ item }: { item: AnnouncementDto }) {
  if (!item.expiresAt) return <span>{t('admin.announcements.never')}</span>;
  return (
    <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
      {formatDateTime(item.expiresAt, t('admin.announcements.never'))}
      {item.expired ? (
        <Chip size="sm" palette="neutral">
          {t('admin.announcements.expired')}
        </Chip>
      ) : isExpiringSoon(item.expiresAt) ? (
        <Chip size="sm" palette="warning">
          {t('admin.announcements.expiringSoon')}
        </Chip>
      ) : null}
    </span>
  );
}
