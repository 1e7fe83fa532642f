import { Library, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { MESSAGES } from '@contract/admin-content';
import { createDomain, deleteDomain, listDomains, searchDomains, updateDomain, type Domain } from '../../api/admin-content';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, DataTable, Dialog, EmptyState, IconButton, LoadingBlock, TextField, toaster, type DataTableColumn } from '../../ui';

/** Book search waits for a 500 ms pause in typing (admin spec section 9). */
export const BOOK_SEARCH_DELAY_MS = 500;

type DialogMode = { mode: 'add' } | { mode: 'edit'; domain: Domain } | { mode: 'delete'; domain: Domain } | null;

const TITLES = { add: 'Add New Books', edit: 'Edit Books', delete: 'Delete Books' } as const;

/** /admin/domains: Books Management (admin spec section 2). */
export function AdminDomainsPage() {
  useDocumentTitle('Books Management');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [domains, setDomains] = useState<Domain[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogMode>(null);
  const [reload, setReload] = useState(0);

  // Debounce: the request goes out after a pause, not on every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), BOOK_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    (query ? searchDomains(query, controller.signal) : listDomains(controller.signal))
      .then((list) => setDomains(list))
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setLoadError('Failed to load domains. Please try again.');
        setDomains((current) => current ?? []);
      });
    return () => controller.abort();
  }, [query, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const columns: DataTableColumn<Domain>[] = [
    { key: 'name', header: 'Name', cell: (d) => <span className={css({ fontWeight: 'medium' })}>{d.name}</span>, hideInCard: true, width: '30%' },
    { key: 'description', header: 'Description', cell: (d) => d.description || <span className={css({ color: 'fg.subtle' })}>No description</span> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: '120px',
      hideInCard: true,
      cell: (d) => <RowActions domain={d} onEdit={() => setDialog({ mode: 'edit', domain: d })} onDelete={() => setDialog({ mode: 'delete', domain: d })} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Books Management"
        subtitle="Books group courses; learners see the courses of the books assigned to them."
        actions={
          <Button leftIcon={<Plus />} onClick={() => setDialog({ mode: 'add' })}>
            Add Book
          </Button>
        }
      />
      <div className={css({ maxW: { md: '420px' }, mb: '5' })}>
        <TextField
          label="Search books"
          type="search"
          placeholder="Search by name or description"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {loadError ? (
        <Alert status="error" className={css({ mb: '4' })} action={<Button size="sm" variant="outline" onClick={refresh}>Retry</Button>}>
          {loadError}
        </Alert>
      ) : null}
      {domains === null ? (
        <LoadingBlock label="Loading books..." />
      ) : (
        <DataTable
          label="Books"
          rows={domains}
          columns={columns}
          getRowKey={(d) => d.id}
          cardTitle={(d) => d.name}
          cardActions={(d) => <RowActions domain={d} onEdit={() => setDialog({ mode: 'edit', domain: d })} onDelete={() => setDialog({ mode: 'delete', domain: d })} />}
          empty={<EmptyState bordered icon={query ? <Search /> : <Library />} title="No books found" description={query ? 'Try a different search.' : 'Add a book to start organising courses.'} />}
        />
      )}
      <BookDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          toaster.create({ type: 'success', title: message });
          setDialog(null);
          refresh();
        }}
      />
    </>
  );
}

function RowActions({ domain, onEdit, onDelete }: { domain: Domain; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className={css({ display: 'inline-flex', gap: '1' })}>
      <IconButton aria-label={`Edit ${domain.name}`} icon={<Pencil />} size="sm" onClick={onEdit} />
      <IconButton aria-label={`Delete ${domain.name}`} icon={<Trash2 />} size="sm" palette="danger" onClick={onDelete} />
    </div>
  );
}

/** The one dialog with three modes: add, edit, delete. */
function BookDialog({ state, onClose, onDone }: { state: DialogMode; onClose: () => void; onDone: (message: string) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!state) return;
    setName(state.mode === 'add' ? '' : state.domain.name);
    setDescription(state.mode === 'add' ? '' : (state.domain.description ?? ''));
    setNameError(null);
    setError(null);
    setBusy(false);
  }, [state]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!state) return;
    setError(null);
    if (state.mode === 'delete') {
      setBusy(true);
      try {
        await deleteDomain(state.domain.id);
        onDone('Book deleted successfully');
      } catch (e) {
        setError(errorMessage(e, 'Failed to delete domain'));
        setBusy(false);
      }
      return;
    }
    if (!name.trim()) {
      setNameError(MESSAGES.domainName);
      return;
    }
    setBusy(true);
    try {
      const body = { name: name.trim(), description: description.trim() };
      if (state.mode === 'add') await createDomain(body);
      else await updateDomain(state.domain.id, body);
      onDone(state.mode === 'add' ? 'Book created successfully' : 'Book updated successfully');
    } catch (e) {
      setError(errorMessage(e, 'Failed to save domain'));
      setBusy(false);
    }
  };

  const mode = state?.mode ?? 'add';
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={TITLES[mode]}
      role={mode === 'delete' ? 'alertdialog' : 'dialog'}
      size="sm"
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {mode === 'delete' ? (
            <Button palette="danger" loading={busy} onClick={() => void submit()}>
              Delete
            </Button>
          ) : (
            <Button type="submit" form="book-form" loading={busy}>
              {mode === 'add' ? 'Add' : 'Save'}
            </Button>
          )}
        </>
      }
    >
      {error ? <Alert status="error" className={css({ mb: '4' })}>{error}</Alert> : null}
      {state?.mode === 'delete' ? (
        <p>
          Are you sure you want to delete the book <strong>{state.domain.name}</strong>? This cannot be undone.
        </p>
      ) : (
        <form id="book-form" noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <TextField
            label="Name"
            required
            autoFocus
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError(null);
            }}
          />
          <TextField label="Description" multiline value={description} onChange={(event) => setDescription(event.target.value)} />
        </form>
      )}
    </Dialog>
  );
}
