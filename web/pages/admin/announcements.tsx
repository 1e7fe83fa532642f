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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import * as v from 'valibot';
import { announcementsApi } from '../../api/announcements';
import { hasErrorCode } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, Card, Checkbox, Chip, DataTable, Dialog, EmptyState, IconButton, Select, TextField, toaster, type SelectOption } from '../../ui';
import { formatDateTime } from '../../format';

const PRIORITY_OPTIONS: readonly SelectOption<Priority>[] = PRIORITIES.map((p) => ({ value: p, label: p }));

type FormState = { mode: 'create' } | { mode: 'edit'; item: AnnouncementDto } | null;

/** /admin/announcements: stat cards, a searchable list, create, edit, view, activate and delete announcements. */
export function AdminAnnouncementsPage() {
  useDocumentTitle('Announcements');
  const queryClient = useQueryClient();
  const list = usePagedList({ queryKey: queryKeys.admin.announcements.all, fetchPage: announcementsApi.page, filters: {} });
  const statsQuery = useQuery({ queryKey: queryKeys.admin.announcements.stats, queryFn: ({ signal }) => announcementsApi.stats(signal) });
  const stats = statsQuery.data;
  const items = list.items;
  const search = list.search;
  const [form, setForm] = useState<FormState>(null);
  const [viewing, setViewing] = useState<AnnouncementDto | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementDto | null>(null);
  // The list and the stat cards both change with any write.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.announcements.all });

  const toggleActive = useMutation({
    mutationFn: (item: AnnouncementDto) => announcementsApi.toggle(item.id),
    onSuccess: refresh,
    onError: () => toaster.create({ type: 'error', title: 'Failed to update announcement status' }),
  });
  const toggle = (item: AnnouncementDto) => toggleActive.mutate(item);

  const rowActions = (a: AnnouncementDto) => (
    <div className={css({ display: 'inline-flex', gap: '1' })}>
      <IconButton aria-label={`View ${a.title}`} icon={<Eye />} size="sm" onClick={() => setViewing(a)} />
      <IconButton aria-label={`Edit ${a.title}`} icon={<Pencil />} size="sm" onClick={() => setForm({ mode: 'edit', item: a })} />
      <IconButton aria-label={`Delete ${a.title}`} icon={<Trash2 />} size="sm" palette="danger" onClick={() => setDeleting(a)} />
    </div>
  );

  return (
    <>
      <PageHeader
        title="Announcements"
        subtitle="Messages shown to every learner while active and not expired."
        actions={
          <Button leftIcon={<Plus />} onClick={() => setForm({ mode: 'create' })}>
            New Announcement
          </Button>
        }
      />
      {stats ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' }, gap: '3', mb: '5' })}>
          <StatCard label="Total Active" value={stats.totalActive} />
          <StatCard label="Urgent" value={stats.urgentCount} palette="error" />
          <StatCard label="High" value={stats.highCount} palette="warning" />
          <StatCard label="Medium" value={stats.mediumCount} palette="info" />
          <StatCard label="Low" value={stats.lowCount} palette="success" />
        </div>
      ) : null}
      <div className={css({ maxW: { md: '420px' }, mb: '4' })}>
        <TextField label="Search" type="search" placeholder="Title, content or author" value={search} onChange={(e) => list.setSearch(e.target.value)} />
      </div>
      <QueryState query={list.query} loadingLabel="Loading announcements..." failureMessage="Failed to fetch announcements">
        <DataTable
          label="Announcements"
          rows={items ?? []}
          getRowKey={(a) => a.id}
          cardTitle={(a) => a.title}
          cardActions={rowActions}
          columns={[
            { key: 'title', header: 'Title', hideInCard: true, cell: (a) => <span className={css({ fontWeight: 'medium' })}>{a.title}</span> },
            { key: 'priority', header: 'Priority', cell: (a) => <Chip palette={PRIORITY_TONE[a.priority]}>{a.priority}</Chip> },
            { key: 'author', header: 'Author', cell: (a) => a.authorName },
            { key: 'expires', header: 'Expires', cell: (a) => <Expiry item={a} /> },
            {
              key: 'active',
              header: 'Active',
              cell: (a) => (
                <Checkbox checked={a.isActive} onCheckedChange={() => void toggle(a)}>
                  {a.isActive ? 'Active' : 'Inactive'}
                </Checkbox>
              ),
            },
            { key: 'actions', header: 'Actions', hideInCard: true, align: 'right', cell: rowActions },
          ]}
          empty={<EmptyState bordered icon={search ? <Search /> : <Megaphone />} title="No announcements found" description={search ? 'Try a different search.' : 'Create an announcement to inform every learner.'} />}
        />
        <TablePagination list={list} />
      </QueryState>
      <div aria-hidden className={css({ h: '20' })} />
      <Button
        aria-label="Add announcement"
        onClick={() => setForm({ mode: 'create' })}
        className={css({ position: 'fixed', insetEnd: { base: '4', md: '8' }, bottom: { base: '4', md: '8' }, borderRadius: 'full', w: '14', h: '14', boxShadow: 'lg', zIndex: 10 })}
      >
        <Plus aria-hidden />
      </Button>
      <AnnouncementForm
        state={form}
        onClose={() => setForm(null)}
        onSaved={(message) => {
          setForm(null);
          toaster.create({ type: 'success', title: message });
          void refresh();
        }}
      />
      <Dialog open={viewing !== null} onOpenChange={(o) => (!o ? setViewing(null) : undefined)} title={viewing?.title ?? ''} footer={<Button onClick={() => setViewing(null)}>Close</Button>}>
        {viewing ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              <Chip palette={PRIORITY_TONE[viewing.priority]}>{viewing.priority}</Chip>
              <Chip palette={viewing.isActive ? 'success' : 'neutral'}>{viewing.isActive ? 'Active' : 'Inactive'}</Chip>
              {isExpiringSoon(viewing.expiresAt) ? <Chip palette="warning">Expiring Soon</Chip> : null}
            </div>
            <p className={css({ whiteSpace: 'pre-wrap' })}>{viewing.content}</p>
            <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1 4', fontSize: 'sm', color: 'fg.muted' })}>
              <dt>Author</dt>
              <dd>{viewing.authorName}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(viewing.createdAt)}</dd>
              <dt>Expires</dt>
              <dd>{formatDateTime(viewing.expiresAt, 'Never')}</dd>
            </dl>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete Announcement"
        question={ANNOUNCEMENT_MESSAGES.deleteConfirm}
        describe={(a) => a.title}
        failureMessage="Failed to delete announcement"
        onConfirm={(a) => announcementsApi.remove(a.id)}
        invalidates={[queryKeys.admin.announcements.all]}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({ type: 'success', title: ANNOUNCEMENT_MESSAGES.deleted });
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
    <Card className={cx(css({ p: '4', display: 'flex', flexDirection: 'column', gap: '1' }), palette ? ACCENT[palette] : css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'brand.solid' }))}>
      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{label}</span>
      <span className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{value}</span>
    </Card>
  );
}

function Expiry({ item }: { item: AnnouncementDto }) {
  if (!item.expiresAt) return <span>Never</span>;
  return (
    <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
      {formatDateTime(item.expiresAt, 'Never')}
      {item.expired ? <Chip size="sm" palette="neutral">Expired</Chip> : isExpiringSoon(item.expiresAt) ? <Chip size="sm" palette="warning">Expiring Soon</Chip> : null}
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

function AnnouncementForm({ state, onClose, onSaved }: { state: FormState; onClose: () => void; onSaved: (message: string) => void }) {
  const [values, setValues] = useState({ title: '', authorName: '', content: '', priority: 'MEDIUM' as Priority, expiresAt: '', isActive: true });
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
      setErrors(found);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (state.mode === 'create') await announcementsApi.create(body);
      else await announcementsApi.update(state.item.id, body);
      onSaved(state.mode === 'create' ? ANNOUNCEMENT_MESSAGES.created : ANNOUNCEMENT_MESSAGES.updated);
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED')) setErrors({ ...e.fields });
      setError(state.mode === 'create' ? 'Failed to create announcement' : 'Failed to update announcement');
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? 'Edit Announcement' : 'Create Announcement'}
      formId="announcement-form"
      submitLabel={state?.mode === 'edit' ? 'Save Changes' : 'Create'}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField label="Title" required value={values.title} error={errors.title} onChange={(e) => set('title', e.target.value)} />
      <TextField label="Author Name" required value={values.authorName} error={errors.authorName} onChange={(e) => set('authorName', e.target.value)} />
      <TextField multiline label="Content" required rows={5} value={values.content} error={errors.content} onChange={(e) => set('content', e.target.value)} />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <Select label="Priority" options={PRIORITY_OPTIONS} value={values.priority} onValueChange={(p) => set('priority', p)} error={errors.priority} />
        <TextField label="Expires At" type="datetime-local" helperText="Leave empty for no expiry" value={values.expiresAt} error={errors.expiresAt} onChange={(e) => set('expiresAt', e.target.value)} />
      </div>
      <Checkbox checked={values.isActive} onCheckedChange={(on) => set('isActive', on)}>
        Active
      </Checkbox>
    </FormDialog>
  );
}
