import type { ConnectionTestResponse, IdentityProviderDto } from '@contract/identity-providers';
import { useQuery } from '@tanstack/react-query';
import { Building2, CheckCircle2, Pencil, PlugZap, Plus, Trash2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { stack, wrap } from 'styled-system/patterns';
import { identityProviderQueries, identityProviderWrites } from '../../api/identity-provider-queries';
import { useWrite } from '../../api/writes';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, Card, CardBody, Detail, DetailList, EmptyState, toaster } from '../../ui';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { IdentityProviderDialog } from './identity-provider-dialog';

type Dialog =
  | { mode: 'edit'; provider: IdentityProviderDto | null }
  | { mode: 'remove'; provider: IdentityProviderDto }
  | null;

/**
 * /admin/identity-providers (issue 32): company sign-in through OpenID Connect. Add a provider
 * (Entra ID, Okta, Google Workspace), test its connection, see its last sign-in errors.
 */
export function AdminIdentityProvidersPage() {
  useDocumentTitle(t('admin.idp.title'));
  const list = useQuery(identityProviderQueries.list());
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = (message: string) => {
    toaster.create({ type: 'success', title: message });
    setDialog(null);
  };
  const providers = list.data?.providers ?? [];
  return (
    <>
      <PageHeader
        title={t('admin.idp.title')}
        subtitle={t('admin.idp.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setDialog({ mode: 'edit', provider: null })}>
            {t('admin.idp.add')}
          </Button>
        }
      />
      {list.data ? (
        <Alert status="info" className={css({ mb: '4' })}>
          {t('admin.idp.redirectUri')}{' '}
          <code className={css({ overflowWrap: 'anywhere' })}>{list.data.redirectUri}</code>
        </Alert>
      ) : null}
      <QueryState query={list} loadingLabel={t('admin.idp.loading')} failureMessage={t('admin.idp.loadFailed')}>
        {providers.length === 0 ? (
          <EmptyState
            bordered
            icon={<Building2 />}
            title={t('admin.idp.emptyTitle')}
            description={t('admin.idp.emptyText')}
          />
        ) : (
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', p: '0' })}>
            {providers.map((provider) => (
              <li key={provider.id}>
                <ProviderCard provider={provider} onDialog={setDialog} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <IdentityProviderDialog
        open={dialog?.mode === 'edit'}
        provider={dialog?.mode === 'edit' ? dialog.provider : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <RemoveDialog
        provider={dialog?.mode === 'remove' ? dialog.provider : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </>
  );
}

function ProviderCard({ provider, onDialog }: { provider: IdentityProviderDto; onDialog: (dialog: Dialog) => void }) {
  const [result, setResult] = useState<ConnectionTestResponse | null>(null);
  const test = useWrite(identityProviderWrites.test, { onSuccess: setResult });
  const headingId = `idp-${provider.id}`;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <CardBody className={stack({ gap: '4' })}>
        <div className={wrap({ gap: '3', align: 'center', justify: 'space-between' })}>
          <h2 id={headingId} className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
            <bdi>{provider.name}</bdi>{' '}
            <span className={css({ textStyle: 'sm', fontWeight: 'normal', color: 'fg.muted' })}>
              {provider.enabled ? t('admin.idp.enabled') : t('admin.idp.disabled')}
            </span>
          </h2>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            <Button
              variant="outline"
              leftIcon={<PlugZap />}
              loading={test.isPending}
              onClick={() => test.mutate(provider.id)}
            >
              {t('admin.idp.test')}
            </Button>
            <Button variant="outline" leftIcon={<Pencil />} onClick={() => onDialog({ mode: 'edit', provider })}>
              {t('admin.idp.edit')}
            </Button>
            <Button
              variant="outline"
              palette="danger"
              leftIcon={<Trash2 />}
              onClick={() => onDialog({ mode: 'remove', provider })}
            >
              {t('admin.idp.remove')}
            </Button>
          </div>
        </div>
        <DetailList>
          <Detail term={t('admin.idp.field.issuer')}>{provider.issuer}</Detail>
          <Detail term={t('admin.idp.field.clientId')}>{provider.clientId}</Detail>
          <Detail term={t('admin.idp.field.domains')}>{provider.domains.join(', ') || '—'}</Detail>
          <Detail term={t('admin.idp.field.passwordOff')}>
            {provider.passwordSignInOff ? t('admin.idp.passwordOffYes') : t('admin.idp.passwordOffNo')}
          </Detail>
          <Detail term={t('admin.idp.linkedPeople')}>{provider.linkedPeople}</Detail>
        </DetailList>
        {test.isError ? <Alert status="error">{errorText(test.error, t('admin.idp.testFailed'))}</Alert> : null}
        {result ? <TestResult result={result} /> : null}
        <SignInErrors provider={provider} />
      </CardBody>
    </Card>
  );
}

const STEP_IDS = {
  discovery: 'admin.idp.step.discovery',
  issuer: 'admin.idp.step.issuer',
  endpoints: 'admin.idp.step.endpoints',
  jwks: 'admin.idp.step.jwks',
} as const;

function TestResult({ result }: { result: ConnectionTestResponse }) {
  return (
    <div role="status">
      <p className={css({ fontWeight: 'semibold', mb: '2' })}>
        {result.ok ? t('admin.idp.testOk') : t('admin.idp.testNotOk')}
      </p>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0' })}>
        {result.steps.map((step) => (
          <li key={step.step} className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
            {step.ok ? (
              <CheckCircle2 aria-hidden size={18} className={css({ color: 'success.fg', flexShrink: 0 })} />
            ) : (
              <XCircle aria-hidden size={18} className={css({ color: 'danger.fg', flexShrink: 0 })} />
            )}
            <span>
              <strong>{t(STEP_IDS[step.step])}</strong>: {step.ok ? t('admin.idp.stepOk') : t('admin.idp.stepFailed')}{' '}
              <span className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>{step.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SignInErrors({ provider }: { provider: IdentityProviderDto }) {
  return (
    <div>
      <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>{t('admin.idp.errorsTitle')}</h3>
      {provider.lastErrors.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>{t('admin.idp.noErrors')}</p>
      ) : (
        <ul
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '2',
            listStyle: 'none',
            p: '0',
            textStyle: 'sm',
          })}
        >
          {provider.lastErrors.map((error) => (
            <li key={error.id}>
              <span className={css({ color: 'fg.muted' })}>{formatDateTime(error.at)}</span> · <code>{error.code}</code>{' '}
              · <span className={css({ overflowWrap: 'anywhere' })}>{error.message}</span>
              {error.email || error.subject ? (
                <span className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>
                  {' '}
                  ({[error.email, error.subject].filter(Boolean).join(' · ')})
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RemoveDialog({
  provider,
  onClose,
  onDone,
}: {
  provider: IdentityProviderDto | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useWrite(identityProviderWrites.remove, { onSuccess: () => onDone(t('admin.idp.removed')) });
  const { reset } = remove;
  useEffect(() => reset(), [provider, reset]);
  return (
    <FormDialog
      open={provider !== null}
      onClose={onClose}
      title={t('admin.idp.removeTitle')}
      size="sm"
      formId="remove-idp-form"
      submitLabel={t('admin.idp.remove')}
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error, t('admin.idp.removeFailed')) : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (provider) remove.mutate(provider.id);
      }}
    >
      <p>{t('admin.idp.removeText', { name: provider?.name ?? '' })}</p>
    </FormDialog>
  );
}
