import {
  ANNOUNCEMENT_MESSAGES,
  announcementBody,
  isExpiringSoon,
  PRIORITIES,
  PRIORITY_TONE,
  type AnnouncementDto,
  type Priority,
} from '@contract/announcements';
import { Eye, Megaphone, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import * as v from 'valibot';
import { announcementWrites } from '../../api/announcement-queries';
import { announcementsApi } from '../../api/announcements';
import { hasErrorCode } from '../../api/client';
import { serverText, t } from '../../i18n';
import { queryKeys } from '../../api/query-keys';
import { runWrite, useWrite } from '../../api/writes';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import {
  Button,
  Card,
  Checkbox,
  Chip,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Select,
  TextField,
  toaster,
  type SelectOption,
} from '../../ui';
import { formatDateTime, formatNumber } from '../../format';
import { errorText, fieldErrors } from '../../i18n/error-text';
import { PRIORITY_IDS } from '../../i18n/labels';
import { ListSearchField } from '../../components/admin/shared/list-filters';

const priorityOptions = (): readonly SelectOption<Priority>[] =>
  PRIORITIES.map((p) => ({ value: p, label: t(PRIORITY_IDS[p]) }));

type FormState = { mode: 'create' } | { mode: 'edit'; item: AnnouncementDto } | null;

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
  const [form, setForm] = useState<FormState>(null);
  const [viewing, setViewing] = useState<AnnouncementDto | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementDto | null>(null);
  // The writes invalidate the list and the stat cards (web/api/announcement-queries.ts).
  const toggleActive = useWrite(announcementWrites.toggle, {
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('admin.announcements.toggleFailed')) }),
  });
  const toggle = (item: AnnouncementDto) => toggleActive.mutate(item.id);

  const rowActions = (a: AnnouncementDto) => (
    <div className={css({ display: 'inline-flex', gap: '1' })}>
      <IconButton
        aria-label={t('admin.announcements.viewAria', { title: a.title })}
        icon={<Eye />}
        size="sm"
        onClick={() => setViewing(a)}
      />
      <IconButton
        aria-label={t('admin.announcements.editAria', { title: a.title })}
        icon={<Pencil />}
        size="sm"
        onClick={() => setForm({ mode: 'edit', item: a })}
      />
      <IconButton
        aria-label={t('admin.announcements.deleteAria', { title: a.title })}
        icon={<Trash2 />}
        size="sm"
        palette="danger"
        onClick={() => setDeleting(a)}
      />
    </div>
  );

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
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' },
            gap: '3',
            mb: '5',
          })}
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
          cardTitle={(a) => <bdi>{a.title}</bdi>}
          cardActions={rowActions}
          columns={[
            {
              key: 'title',
              header: t('admin.announcements.col.title'),
              hideInCard: true,
              cell: (a) => <bdi className={css({ fontWeight: 'medium' })}>{a.title}</bdi>,
            },
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
            {
              key: 'actions',
              header: t('admin.announcements.col.actions'),
              hideInCard: true,
              align: 'right',
              cell: rowActions,
            },
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
      <div aria-hidden className={css({ h: '20' })} />
      <Button
        aria-label={t('admin.announcements.add')}
        onClick={() => setForm({ mode: 'create' })}
        className={css({
          position: 'fixed',
          insetEnd: { base: '4', md: '8' },
          bottom: { base: '4', md: '8' },
          borderRadius: 'full',
          w: '14',
          h: '14',
          boxShadow: 'lg',
          zIndex: 10,
        })}
      >
        <Plus aria-hidden />
      </Button>
      <AnnouncementForm
        state={form}
        onClose={() => setForm(null)}
        onSaved={(message) => {
          setForm(null);
          toaster.create({ type: 'success', title: message });
        }}
      />
      <Dialog
        open={viewing !== null}
        onOpenChange={(o) => (!o ? setViewing(null) : undefined)}
        title={viewing?.title ?? ''}
        footer={<Button onClick={() => setViewing(null)}>{t('common.close')}</Button>}
      >
        {viewing ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              <Chip palette={PRIORITY_TONE[viewing.priority]}>{t(PRIORITY_IDS[viewing.priority])}</Chip>
              <Chip palette={viewing.isActive ? 'success' : 'neutral'}>
                {viewing.isActive ? t('admin.announcements.active') : t('admin.announcements.inactive')}
              </Chip>
              {isExpiringSoon(viewing.expiresAt) ? (
                <Chip palette="warning">{t('admin.announcements.expiringSoon')}</Chip>
              ) : null}
            </div>
            <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
              {viewing.content}
            </p>
            <dl
              className={css({
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                gap: '1 4',
                fontSize: 'sm',
                color: 'fg.muted',
              })}
            >
              <dt>{t('admin.announcements.col.author')}</dt>
              <dd>
                <bdi>{viewing.authorName}</bdi>
              </dd>
              <dt>{t('admin.announcements.created')}</dt>
              <dd>{formatDateTime(viewing.createdAt)}</dd>
              <dt>{t('admin.announcements.col.expires')}</dt>
              <dd>{formatDateTime(viewing.expiresAt, t('admin.announcements.never'))}</dd>
            </dl>
          </div>
        ) : null}
      </Dialog>
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

/** A datetime-local value ("2026-11-24T17:00") for an ISO timestamp, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function AnnouncementForm({
  state,
  onClose,
  onSaved,
}: {
  state: FormState;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState({
    title: '',
    authorName: '',
    content: '',
    priority: 'MEDIUM' as Priority,
    expiresAt: '',
    isActive: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!state) return;
    const item = state.mode === 'edit' ? state.item : null;
    setValues({
      title: item?.title ?? '',
      authorName: item?.authorName ?? '',
      content: item?.content ?? '',
      priority: item?.priority ?? 'MEDIUM',
      expiresAt: toLocalInput(item?.expiresAt ?? null),
      isActive: item?.isActive ?? true,
    });
    setErrors({});
    setError(null);
    setBusy(false);
  }, [state]);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((c) => ({ ...c, [key]: value }));
    setErrors((c) => ({ ...c, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state) return;
    // Empty expiry is sent as null; a local date-time becomes an ISO instant.
    const body = { ...values, expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null };
    const parsed = v.safeParse(announcementBody, body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.issues) found[v.getDotPath(issue) ?? '_'] ??= issue.message;
      setErrors(fieldErrors(found) as Record<string, string>);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await runWrite(announcementWrites.save, { id: state.mode === 'create' ? null : state.item.id, body });
      onSaved(
        state.mode === 'create'
          ? serverText(ANNOUNCEMENT_MESSAGES.created, t('admin.announcements.createdDone'))
          : serverText(ANNOUNCEMENT_MESSAGES.updated, t('admin.announcements.updatedDone')),
      );
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED')) setErrors(fieldErrors(e.fields) as Record<string, string>);
      setError(state.mode === 'create' ? t('admin.announcements.createFailed') : t('admin.announcements.updateFailed'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? t('admin.announcements.editTitle') : t('admin.announcements.createTitle')}
      formId="announcement-form"
      submitLabel={state?.mode === 'edit' ? t('admin.announcements.saveChanges') : t('admin.announcements.create')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.announcements.col.title')}
        required
        value={values.title}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <TextField
        label={t('admin.announcements.authorName')}
        required
        value={values.authorName}
        error={errors.authorName}
        onChange={(e) => set('authorName', e.target.value)}
      />
      <TextField
        multiline
        label={t('admin.announcements.content')}
        required
        rows={5}
        value={values.content}
        error={errors.content}
        onChange={(e) => set('content', e.target.value)}
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <Select
          label={t('admin.announcements.col.priority')}
          options={priorityOptions()}
          value={values.priority}
          onValueChange={(p) => set('priority', p)}
          error={errors.priority}
        />
        <TextField
          label={t('admin.announcements.expiresAt')}
          type="datetime-local"
          helperText={t('admin.announcements.expiresHelp')}
          value={values.expiresAt}
          error={errors.expiresAt}
          onChange={(e) => set('expiresAt', e.target.value)}
        />
      </div>
      <Checkbox checked={values.isActive} onCheckedChange={(on) => set('isActive', on)}>
        {t('admin.announcements.active')}
      </Checkbox>
    </FormDialog>
  );
}
