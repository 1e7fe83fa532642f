import type { CredentialType, CredentialTypeInput } from '@contract/credentials';
import { useQuery } from '@tanstack/react-query';
import { Archive, IdCard, Pencil, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { credentialQueries, credentialWrites } from '../../../api/credential-queries';
import { useWrite } from '../../../api/writes';
import { ApiClientError } from '../../../api/client';
import { t } from '../../../i18n';
import { errorText, fieldErrors } from '../../../i18n/error-text';
import { Button, Checkbox, Chip, DataTable, EmptyState, TextField, toaster } from '../../../ui';
import { FormDialog } from '../../form-dialog';
import { QueryState } from '../../query-state';
import { textBinding } from '../shared/text-binding';
import { actionsColumn } from '../shared/list-columns';

type Flags = Pick<
  CredentialTypeInput,
  'expires' | 'requiresIssuer' | 'requiresNumber' | 'requiresIssueDate' | 'requiresExpiryDate' | 'requiresScan'
>;
const REQUIRED_FLAGS = [
  'requiresIssuer',
  'requiresNumber',
  'requiresIssueDate',
  'requiresExpiryDate',
  'requiresScan',
] as const;
const FLAG_LABEL = (): Record<(typeof REQUIRED_FLAGS)[number], string> => ({
  requiresIssuer: t('admin.credentials.issuer'),
  requiresNumber: t('admin.credentials.number'),
  requiresIssueDate: t('admin.credentials.issuedOn'),
  requiresExpiryDate: t('admin.credentials.expiresOn'),
  requiresScan: t('admin.credentials.scan'),
});

const EMPTY = {
  name: '',
  description: '',
  expires: true,
  requiresIssuer: true,
  requiresNumber: false,
  requiresIssueDate: true,
  requiresExpiryDate: true,
  requiresScan: true,
};

function TypeDialog({ editing, onClose }: { editing: CredentialType | 'new' | null; onClose: () => void }) {
  const existing = editing && editing !== 'new' ? editing : null;
  const [form, setForm] = useState<typeof EMPTY>(existing ? { ...EMPTY, ...existing } : EMPTY);
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (e: Error) => {
    setFailure(errorText(e, t('admin.credentialTypes.saveFailed')));
    if (e instanceof ApiClientError) setErrors(fieldErrors(e.fields));
  };
  const onSuccess = () => {
    toaster.create({ type: 'success', title: t('admin.credentialTypes.saved') });
    onClose();
  };
  const create = useWrite(credentialWrites.createType, { onSuccess, onError });
  const update = useWrite(credentialWrites.updateType, { onSuccess, onError });
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = textBinding(form, errors, set);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.name.trim()) {
      setErrors({ name: t('admin.credentialTypes.nameRequired') });
      return;
    }
    const body: CredentialTypeInput = { ...form, requiresExpiryDate: form.expires && form.requiresExpiryDate };
    if (existing) update.mutate({ id: existing.id, body });
    else create.mutate(body);
  };
  const flags: Flags = form;
  return (
    <FormDialog
      open={editing !== null}
      onClose={onClose}
      title={existing ? t('admin.credentialTypes.editTitle') : t('admin.credentialTypes.newTitle')}
      formId="credential-type-form"
      submitLabel={t('admin.credentialTypes.save')}
      busy={create.isPending || update.isPending}
      error={failure}
      onSubmit={submit}
    >
      <TextField label={t('admin.credentialTypes.name')} required maxLength={120} {...text('name')} />
      <TextField multiline label={t('admin.credentialTypes.description')} maxLength={1000} {...text('description')} />
      <Checkbox checked={flags.expires ?? true} onCheckedChange={(v) => set('expires', v)}>
        {t('admin.credentialTypes.expires')}
      </Checkbox>
      <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: 0, m: 0 })}>
        <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>
          {t('admin.credentialTypes.requiredFields')}
        </legend>
        {REQUIRED_FLAGS.map((flag) =>
          flag === 'requiresExpiryDate' && !form.expires ? null : (
            <Checkbox key={flag} checked={form[flag]} onCheckedChange={(v) => set(flag, v)}>
              {FLAG_LABEL()[flag]}
            </Checkbox>
          ),
        )}
      </fieldset>
    </FormDialog>
  );
}

/** The credential types tab: what workers may submit, which fields each needs; edit, or retire (never delete). */
export function CredentialTypesPanel() {
  const types = useQuery(credentialQueries.types());
  const [editing, setEditing] = useState<CredentialType | 'new' | null>(null);
  const retire = useWrite(credentialWrites.retireType, {
    onSuccess: () => toaster.create({ type: 'success', title: t('admin.credentialTypes.retired') }),
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('admin.credentialTypes.saveFailed')) }),
  });
  const actions = (x: CredentialType) =>
    x.retiredAt ? null : (
      <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
        <Button
          size="sm"
          variant="outline"
          leftIcon={<Pencil />}
          aria-label={t('admin.credentialTypes.editAria', { name: x.name })}
          onClick={() => setEditing(x)}
        >
          {t('admin.credentialTypes.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          palette="neutral"
          leftIcon={<Archive />}
          aria-label={t('admin.credentialTypes.retireAria', { name: x.name })}
          loading={retire.isPending && retire.variables === x.id}
          onClick={() => retire.mutate(x.id)}
        >
          {t('admin.credentialTypes.retire')}
        </Button>
      </span>
    );
  const actionsCol = actionsColumn(t('admin.credentials.col.actions'), actions);
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <div>
        <Button leftIcon={<Plus />} onClick={() => setEditing('new')}>
          {t('admin.credentialTypes.new')}
        </Button>
      </div>
      <QueryState
        query={types}
        loadingLabel={t('admin.credentialTypes.loading')}
        failureMessage={t('admin.credentialTypes.loadFailed')}
      >
        <DataTable
          label={t('admin.credentialTypes.tableLabel')}
          rows={types.data?.types ?? []}
          getRowKey={(x) => x.id}
          cardTitle={(x) => <bdi>{x.name}</bdi>}
          cardActions={actionsCol.cardActions}
          columns={[
            {
              key: 'name',
              header: t('admin.credentialTypes.name'),
              hideInCard: true,
              cell: (x) => (
                <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                  <bdi className={css({ fontWeight: 'medium' })}>{x.name}</bdi>
                  {x.description ? (
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{x.description}</span>
                  ) : null}
                </span>
              ),
            },
            {
              key: 'expires',
              header: t('admin.credentialTypes.expiresCol'),
              cell: (x) => (x.expires ? t('admin.credentialTypes.yes') : t('admin.credentialTypes.no')),
            },
            {
              key: 'required',
              header: t('admin.credentialTypes.requiredFields'),
              cell: (x) =>
                REQUIRED_FLAGS.filter((flag) => x[flag])
                  .map((flag) => FLAG_LABEL()[flag])
                  .join(', ') || '—',
            },
            {
              key: 'status',
              header: t('admin.credentialTypes.status'),
              cell: (x) =>
                x.retiredAt ? (
                  <Chip palette="neutral">{t('admin.credentialTypes.retiredChip')}</Chip>
                ) : (
                  <Chip palette="success">{t('admin.credentialTypes.active')}</Chip>
                ),
            },
            actionsCol.column,
          ]}
          empty={
            <EmptyState
              bordered
              icon={<IdCard />}
              title={t('admin.credentialTypes.empty')}
              description={t('admin.credentialTypes.emptyText')}
            />
          }
        />
      </QueryState>
      {editing !== null ? (
        <TypeDialog key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
