import type { ScimConnectionDto, ScimConnectionTokenResponse } from '@contract/scim';
import { useQuery } from '@tanstack/react-query';
import { Ban, Check, Copy, Network, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { scimQueries, scimWrites } from '../../api/scim-queries';
import { useWrite } from '../../api/writes';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../format';
import { useCopy } from '../../hooks/use-copy';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import {
  Alert,
  Button,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  TextField,
  toaster,
  type DataTableColumn,
} from '../../ui';
import { CodeBox } from '../../components/admin/shared/code-box';
import { RowButtons } from '../../components/admin/shared/list-columns';

type Confirm = { mode: 'rotate' | 'revoke'; connection: ScimConnectionDto } | null;

const blockBelow = css({ display: 'block', mt: '2' });

/**
 * /admin/directory-provisioning (issue 32): the connections an identity provider (Entra ID, Okta)
 * creates, changes and deactivates people through over SCIM. A token is shown once, when the
 * connection is created or its token rotated; revoking ends it for good.
 */
export function AdminDirectoryProvisioningPage() {
  useDocumentTitle(t('admin.scim.title'));
  const list = useQuery(scimQueries.list());
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [shown, setShown] = useState<ScimConnectionTokenResponse | null>(null);

  const columns: DataTableColumn<ScimConnectionDto>[] = [
    {
      key: 'name',
      header: t('admin.scim.col.name'),
      cell: (c) => <bdi className={css({ fontWeight: 'medium' })}>{c.name}</bdi>,
      hideInCard: true,
    },
    { key: 'token', header: t('admin.scim.col.token'), cell: (c) => <code>{`${c.tokenPrefix}…`}</code> },
    { key: 'created', header: t('admin.scim.col.created'), cell: (c) => formatDateTime(c.createdAt) },
    {
      key: 'lastUsed',
      header: t('admin.scim.col.lastUsed'),
      cell: (c) => (c.lastUsedAt ? formatDateTime(c.lastUsedAt) : t('admin.scim.never')),
    },
    {
      key: 'status',
      header: t('admin.scim.col.status'),
      cell: (c) => (c.revokedAt ? t('admin.scim.revoked') : t('admin.scim.active')),
    },
    {
      key: 'actions',
      header: t('admin.scim.col.actions'),
      align: 'right',
      hideInCard: true,
      cell: (c) => <RowActions connection={c} onConfirm={setConfirm} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.scim.title')}
        subtitle={t('admin.scim.subtitle')}
        actions={
          <Button size="lg" leftIcon={<Plus />} onClick={() => setAdding(true)}>
            {t('admin.scim.add')}
          </Button>
        }
      />
      <QueryState query={list} loadingLabel={t('admin.scim.loading')} failureMessage={t('admin.scim.loadFailed')}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <Alert status="info" title={t('admin.scim.baseUrlLabel')}>
            <p>{t('admin.scim.baseUrlHelp')}</p>
            <CodeBox size="sm" testId="scim-base-url" className={blockBelow}>
              {list.data?.baseUrl}
            </CodeBox>
          </Alert>
          <DataTable
            label={t('admin.scim.tableLabel')}
            rows={list.data?.connections ?? []}
            columns={columns}
            getRowKey={(c) => c.id}
            cardTitle={(c) => c.name}
            cardActions={(c) => <RowActions connection={c} onConfirm={setConfirm} />}
            empty={
              <EmptyState
                bordered
                icon={<Network />}
                title={t('admin.scim.emptyTitle')}
                description={t('admin.scim.emptyText')}
              />
            }
          />
        </div>
      </QueryState>
      <AddConnectionDialog
        open={adding}
        onClose={() => setAdding(false)}
        onDone={(result) => {
          setAdding(false);
          setShown(result);
        }}
      />
      <ConfirmDialog
        confirm={confirm}
        onClose={() => setConfirm(null)}
        onRotated={(result) => {
          setConfirm(null);
          setShown(result);
        }}
        onRevoked={() => {
          setConfirm(null);
          toaster.create({ type: 'success', title: t('admin.scim.revokedDone') });
        }}
      />
      <TokenDialog result={shown} onClose={() => setShown(null)} />
    </>
  );
}

function RowActions({ connection, onConfirm }: { connection: ScimConnectionDto; onConfirm: (c: Confirm) => void }) {
  if (connection.revokedAt) return null;
  return (
    <RowButtons>
      <IconButton
        aria-label={t('admin.scim.rotateOne', { name: connection.name })}
        icon={<RefreshCw />}
        size="lg"
        onClick={() => onConfirm({ mode: 'rotate', connection })}
      />
      <IconButton
        aria-label={t('admin.scim.revokeOne', { name: connection.name })}
        icon={<Ban />}
        size="lg"
        palette="danger"
        onClick={() => onConfirm({ mode: 'revoke', connection })}
      />
    </RowButtons>
  );
}

function AddConnectionDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (result: ScimConnectionTokenResponse) => void;
}) {
  const [name, setName] = useState('');
  const create = useWrite(scimWrites.create, { onSuccess: onDone });
  const { reset } = create;
  useEffect(() => {
    if (!open) return;
    setName('');
    reset();
  }, [open, reset]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim());
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('admin.scim.addTitle')}
      description={t('admin.scim.addText')}
      size="sm"
      formId="scim-connection-form"
      submitLabel={t('admin.scim.addButton')}
      busy={create.isPending}
      error={create.isError ? errorText(create.error, t('admin.scim.saveFailed')) : null}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.scim.nameLabel')}
        required
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

function ConfirmDialog({
  confirm,
  onClose,
  onRotated,
  onRevoked,
}: {
  confirm: Confirm;
  onClose: () => void;
  onRotated: (result: ScimConnectionTokenResponse) => void;
  onRevoked: () => void;
}) {
  const rotate = useWrite(scimWrites.rotate, { onSuccess: onRotated });
  const revoke = useWrite(scimWrites.revoke, { onSuccess: onRevoked });
  const { reset: resetRotate } = rotate;
  const { reset: resetRevoke } = revoke;
  useEffect(() => {
    resetRotate();
    resetRevoke();
  }, [confirm, resetRotate, resetRevoke]);
  const rotating = confirm?.mode === 'rotate';
  const write = rotating ? rotate : revoke;
  const name = confirm?.connection.name ?? '';
  return (
    <FormDialog
      open={confirm !== null}
      onClose={onClose}
      title={rotating ? t('admin.scim.rotateTitle') : t('admin.scim.revokeTitle')}
      size="sm"
      formId="scim-confirm-form"
      submitLabel={rotating ? t('admin.scim.rotateButton') : t('admin.scim.revokeButton')}
      busy={write.isPending}
      error={
        write.isError
          ? errorText(write.error, rotating ? t('admin.scim.rotateFailed') : t('admin.scim.revokeFailed'))
          : null
      }
      onSubmit={(event) => {
        event.preventDefault();
        if (!confirm) return;
        if (rotating) rotate.mutate(confirm.connection.id);
        else revoke.mutate(confirm.connection.id);
      }}
    >
      <p>{rotating ? t('admin.scim.rotateText', { name }) : t('admin.scim.revokeText', { name })}</p>
    </FormDialog>
  );
}

/** The token, once: a copy button and a clear warning that it is not shown again. */
function TokenDialog({ result, onClose }: { result: ScimConnectionTokenResponse | null; onClose: () => void }) {
  const token = result?.token ?? '';
  const { copied, copy } = useCopy(token, result);
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t('admin.scim.tokenTitle', { name: result?.connection.name ?? '' })}
      size="md"
      footer={
        <Button size="lg" onClick={onClose}>
          {t('admin.scim.done')}
        </Button>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <Alert status="warning" role="none" title={t('admin.scim.tokenWarningTitle')}>
          {t('admin.scim.tokenWarning')}
        </Alert>
        <CodeBox size="sm" testId="scim-token" className={blockBelow}>
          {token}
        </CodeBox>
        <div>
          <Button size="lg" variant="outline" leftIcon={copied ? <Check /> : <Copy />} onClick={() => void copy()}>
            {copied ? t('admin.scim.copied') : t('admin.scim.copy')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
