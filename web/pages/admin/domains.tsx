import { Library, Plus, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { BOOK_MESSAGES as MESSAGES } from '@contract/domains';
import { pageDomains, type Domain } from '../../api/admin-content';
import { bookWrites } from '../../api/book-queries';
import { queryKeys } from '../../api/query-keys';
import { runWrite, useWrite } from '../../api/writes';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, DataTable, EmptyState, TextField, toaster, type DataTableColumn } from '../../ui';
import { t } from '../../i18n';
import { declaredText, errorText } from '../../i18n/error-text';
import { ListSearchField } from '../../components/admin/shared/list-filters';
import { DeleteIconButton, EditIconButton } from '../../components/admin/shared/row-icon-buttons';
import { RowButtons } from '../../components/admin/shared/list-columns';

/** Book search waits for a 500 ms pause in typing. */
export const BOOK_SEARCH_DELAY_MS = 500;

type DialogMode = { mode: 'add' } | { mode: 'edit'; domain: Domain } | { mode: 'delete'; domain: Domain } | null;
type FormMode = Extract<DialogMode, { mode: 'add' | 'edit' }> | null;

const TITLES = { add: () => t('admin.books.addTitle'), edit: () => t('admin.books.editTitle') } as const;

/** /admin/domains: Books Management: search, add, edit and delete books. */
export function AdminDomainsPage() {
  useDocumentTitle(t('admin.books.title'));
  const list = usePagedList({
    queryKey: queryKeys.admin.domains.all,
    fetchPage: pageDomains,
    filters: {},
    searchDelayMs: BOOK_SEARCH_DELAY_MS,
  });
  const domains = list.items;
  const query = list.isFiltering;
  const [dialog, setDialog] = useState<DialogMode>(null);

  const columns: DataTableColumn<Domain>[] = [
    {
      key: 'name',
      header: t('admin.books.col.name'),
      cell: (d) => <span className={css({ fontWeight: 'medium' })}>{d.name}</span>,
      hideInCard: true,
      width: '30%',
    },
    {
      key: 'description',
      header: t('admin.books.col.description'),
      cell: (d) =>
        d.description || <span className={css({ color: 'fg.subtle' })}>{t('admin.books.noDescription')}</span>,
    },
    {
      key: 'actions',
      header: t('admin.books.col.actions'),
      align: 'right',
      width: '120px',
      hideInCard: true,
      cell: (d) => (
        <RowActions
          domain={d}
          onEdit={() => setDialog({ mode: 'edit', domain: d })}
          onDelete={() => setDialog({ mode: 'delete', domain: d })}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.books.title')}
        subtitle={t('admin.books.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setDialog({ mode: 'add' })}>
            {t('admin.books.add')}
          </Button>
        }
      />
      <div className={css({ maxW: { md: '420px' }, mb: '5' })}>
        <ListSearchField list={list} label={t('admin.books.search')} placeholder={t('admin.books.searchPlaceholder')} />
      </div>
      <QueryState
        query={list.query}
        loadingLabel={t('admin.books.loading')}
        failureMessage={t('admin.books.loadFailed')}
      >
        <DataTable
          label={t('admin.books.tableLabel')}
          rows={domains ?? []}
          columns={columns}
          getRowKey={(d) => d.id}
          cardTitle={(d) => d.name}
          cardActions={(d) => (
            <RowActions
              domain={d}
              onEdit={() => setDialog({ mode: 'edit', domain: d })}
              onDelete={() => setDialog({ mode: 'delete', domain: d })}
            />
          )}
          empty={
            <EmptyState
              bordered
              icon={query ? <Search /> : <Library />}
              title={t('admin.books.emptyTitle')}
              description={query ? t('admin.books.emptyFiltered') : t('admin.books.emptyNew')}
            />
          }
        />
        <TablePagination list={list} />
      </QueryState>
      <BookDialog
        state={dialog?.mode === 'delete' ? null : dialog}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          toaster.create({ type: 'success', title: message });
          setDialog(null);
        }}
      />
      <ConfirmDeleteDialog
        item={dialog?.mode === 'delete' ? dialog.domain : null}
        title={t('admin.books.deleteTitle')}
        question={t('admin.books.deleteQuestion')}
        describe={(domain) => domain.name}
        failureMessage={t('admin.books.deleteFailed')}
        onConfirm={(domain) => runWrite(bookWrites.remove, domain.id)}
        onClose={() => setDialog(null)}
        onDeleted={() => {
          toaster.create({ type: 'success', title: t('admin.books.deleted') });
          setDialog(null);
        }}
      />
    </>
  );
}

function RowActions({ domain, onEdit, onDelete }: { domain: Domain; onEdit: () => void; onDelete: () => void }) {
  return (
    <RowButtons>
      <EditIconButton aria-label={t('admin.books.editOne', { name: domain.name })} onClick={onEdit} />
      <DeleteIconButton aria-label={t('admin.books.deleteOne', { name: domain.name })} onClick={onDelete} />
    </RowButtons>
  );
}

/** The add and edit dialog (the delete confirmation is the shared one). */
function BookDialog({
  state,
  onClose,
  onDone,
}: {
  state: FormMode;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useWrite(bookWrites.save, {
    onSuccess: (_result, { id }) => onDone(id === null ? t('admin.books.created') : t('admin.books.updated')),
  });
  const { reset } = save;

  useEffect(() => {
    if (!state) return;
    setName(state.mode === 'add' ? '' : state.domain.name);
    setDescription(state.mode === 'add' ? '' : (state.domain.description ?? ''));
    setNameError(null);
    reset();
  }, [state, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!state) return;
    if (!name.trim()) {
      setNameError(declaredText(MESSAGES.domainName));
      return;
    }
    save.mutate({
      id: state.mode === 'add' ? null : state.domain.id,
      body: { name: name.trim(), description: description.trim() },
    });
  };

  const mode = state?.mode ?? 'add';
  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={TITLES[mode]()}
      size="sm"
      formId="book-form"
      submitLabel={mode === 'add' ? t('admin.books.addButton') : t('admin.books.save')}
      busy={save.isPending}
      error={save.isError ? errorText(save.error, t('admin.books.saveFailed')) : null}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.books.col.name')}
        required
        autoFocus
        value={name}
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError) setNameError(null);
        }}
      />
      <TextField
        label={t('admin.books.col.description')}
        multiline
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </FormDialog>
  );
}
