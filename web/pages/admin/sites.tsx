import type { SiteDto } from '@contract/sites';
import { useQuery } from '@tanstack/react-query';
import { Archive, MapPin, Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { siteQueries, siteWrites } from '../../api/site-queries';
import { useWrite } from '../../api/writes';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, DataTable, EmptyState, IconButton, TextField, toaster, type DataTableColumn } from '../../ui';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { RowButtons } from '../../components/admin/shared/list-columns';
import { EditIconButton } from '../../components/admin/shared/row-icon-buttons';

type Dialog = { mode: 'add' } | { mode: 'rename'; site: SiteDto } | { mode: 'retire'; site: SiteDto } | null;

/**
 * /admin/sites (issue 30): where people work. Add a site, rename it, retire it (people and
 * requirements that name a retired site keep it; nobody new is put there).
 */
export function AdminSitesPage() {
  useDocumentTitle(t('admin.sites.title'));
  const sites = useQuery(siteQueries.list());
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = (message: string) => {
    toaster.create({ type: 'success', title: message });
    setDialog(null);
  };

  const columns: DataTableColumn<SiteDto>[] = [
    {
      key: 'name',
      header: t('admin.sites.col.name'),
      cell: (s) => <bdi className={css({ fontWeight: 'medium' })}>{s.name}</bdi>,
      hideInCard: true,
    },
    { key: 'people', header: t('admin.sites.col.people'), cell: (s) => s.peopleCount, align: 'right', width: '120px' },
    {
      key: 'status',
      header: t('admin.sites.col.status'),
      cell: (s) => (s.retiredAt ? t('admin.sites.retired') : t('admin.sites.active')),
      width: '140px',
    },
    {
      key: 'actions',
      header: t('admin.sites.col.actions'),
      align: 'right',
      width: '120px',
      hideInCard: true,
      cell: (s) => <RowActions site={s} onDialog={setDialog} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.sites.title')}
        subtitle={t('admin.sites.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setDialog({ mode: 'add' })}>
            {t('admin.sites.add')}
          </Button>
        }
      />
      <QueryState query={sites} loadingLabel={t('admin.sites.loading')} failureMessage={t('admin.sites.loadFailed')}>
        <DataTable
          label={t('admin.sites.tableLabel')}
          rows={sites.data?.sites ?? []}
          columns={columns}
          getRowKey={(s) => s.id}
          cardTitle={(s) => s.name}
          cardActions={(s) => <RowActions site={s} onDialog={setDialog} />}
          empty={
            <EmptyState
              bordered
              icon={<MapPin />}
              title={t('admin.sites.emptyTitle')}
              description={t('admin.sites.emptyText')}
            />
          }
        />
      </QueryState>
      <SiteNameDialog state={dialog?.mode === 'retire' ? null : dialog} onClose={() => setDialog(null)} onDone={done} />
      <RetireSiteDialog
        site={dialog?.mode === 'retire' ? dialog.site : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </>
  );
}

function RowActions({ site, onDialog }: { site: SiteDto; onDialog: (dialog: Dialog) => void }) {
  return (
    <RowButtons>
      <EditIconButton
        aria-label={t('admin.sites.renameOne', { name: site.name })}
        onClick={() => onDialog({ mode: 'rename', site })}
      />
      {site.retiredAt ? null : (
        <IconButton
          aria-label={t('admin.sites.retireOne', { name: site.name })}
          icon={<Archive />}
          size="sm"
          palette="danger"
          onClick={() => onDialog({ mode: 'retire', site })}
        />
      )}
    </RowButtons>
  );
}

/** Add a site, or rename one. */
function SiteNameDialog({
  state,
  onClose,
  onDone,
}: {
  state: Extract<Dialog, { mode: 'add' | 'rename' }> | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const save = useWrite(siteWrites.save, {
    onSuccess: (_result, { id }) => onDone(id === null ? t('admin.sites.created') : t('admin.sites.renamed')),
  });
  const { reset } = save;
  useEffect(() => {
    if (!state) return;
    setName(state.mode === 'add' ? '' : state.site.name);
    reset();
  }, [state, reset]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state) save.mutate({ id: state.mode === 'add' ? null : state.site.id, name: name.trim() });
  };
  const adding = state?.mode !== 'rename';
  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={adding ? t('admin.sites.addTitle') : t('admin.sites.renameTitle')}
      size="sm"
      formId="site-form"
      submitLabel={adding ? t('admin.sites.addButton') : t('admin.sites.save')}
      busy={save.isPending}
      error={save.isError ? errorText(save.error, t('admin.sites.saveFailed')) : null}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.sites.col.name')}
        required
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

function RetireSiteDialog({
  site,
  onClose,
  onDone,
}: {
  site: SiteDto | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const retire = useWrite(siteWrites.retire, { onSuccess: () => onDone(t('admin.sites.retiredDone')) });
  const { reset } = retire;
  useEffect(() => reset(), [site, reset]);
  return (
    <FormDialog
      open={site !== null}
      onClose={onClose}
      title={t('admin.sites.retireTitle')}
      size="sm"
      formId="retire-site-form"
      submitLabel={t('admin.sites.retireButton')}
      busy={retire.isPending}
      error={retire.isError ? errorText(retire.error, t('admin.sites.retireFailed')) : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (site) retire.mutate(site.id);
      }}
    >
      <p>{t('admin.sites.retireText', { name: site?.name ?? '' })}</p>
    </FormDialog>
  );
}
