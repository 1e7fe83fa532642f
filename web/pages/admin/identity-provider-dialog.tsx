import { CLAIM_KEYS, DEFAULT_CLAIM_MAP, type ClaimKey, type IdentityProviderDto } from '@contract/identity-providers';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { identityProviderWrites } from '../../api/identity-provider-queries';
import { useWrite } from '../../api/writes';
import { FormDialog } from '../../components/form-dialog';
import { Checkbox, PasswordField, TextField } from '../../ui';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

const CLAIM_IDS: Record<ClaimKey, Parameters<typeof t>[0]> = {
  firstName: 'admin.idp.claim.firstName',
  lastName: 'admin.idp.claim.lastName',
  email: 'admin.idp.claim.email',
  department: 'admin.idp.claim.department',
  jobTitle: 'admin.idp.claim.jobTitle',
  site: 'admin.idp.claim.site',
  manager: 'admin.idp.claim.manager',
};

interface Form {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  claimMap: Record<ClaimKey, string>;
  passwordSignInOff: boolean;
  enabled: boolean;
}

const formOf = (provider: IdentityProviderDto | null): Form => ({
  name: provider?.name ?? '',
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  domains: provider?.domains.join(', ') ?? '',
  claimMap: { ...DEFAULT_CLAIM_MAP, ...provider?.claimMap },
  passwordSignInOff: provider?.passwordSignInOff ?? false,
  enabled: provider?.enabled ?? true,
});

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' });

/** Add an identity provider, or change one (its client secret is never shown: empty keeps it). */
export function IdentityProviderDialog({
  open,
  provider,
  onClose,
  onDone,
}: {
  open: boolean;
  provider: IdentityProviderDto | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(provider));
  const save = useWrite(identityProviderWrites.save, {
    onSuccess: (_result, { id }) => onDone(id === null ? t('admin.idp.created') : t('admin.idp.saved')),
  });
  const { reset } = save;
  useEffect(() => {
    if (!open) return;
    setForm(formOf(provider));
    reset();
  }, [open, provider, reset]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      id: provider?.id ?? null,
      body: {
        name: form.name,
        issuer: form.issuer,
        clientId: form.clientId,
        clientSecret: form.clientSecret,
        domains: form.domains
          .split(/[\s,;]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
        claimMap: form.claimMap,
        passwordSignInOff: form.passwordSignInOff,
        enabled: form.enabled,
      },
    });
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={provider ? t('admin.idp.editTitle') : t('admin.idp.addTitle')}
      size="lg"
      formId="idp-form"
      submitLabel={provider ? t('admin.idp.save') : t('admin.idp.add')}
      busy={save.isPending}
      error={save.isError ? errorText(save.error, t('admin.idp.saveFailed')) : null}
      onSubmit={submit}
    >
      <div className={grid}>
        <TextField
          label={t('admin.idp.field.name')}
          helperText={t('admin.idp.field.nameHint')}
          required
          autoFocus
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label={t('admin.idp.field.issuer')}
          helperText={t('admin.idp.field.issuerHint')}
          required
          type="url"
          spellCheck={false}
          value={form.issuer}
          onChange={(event) => set('issuer', event.target.value)}
        />
        <TextField
          label={t('admin.idp.field.clientId')}
          required
          spellCheck={false}
          value={form.clientId}
          onChange={(event) => set('clientId', event.target.value)}
        />
        <PasswordField
          label={t('admin.idp.field.clientSecret')}
          helperText={provider ? t('admin.idp.field.clientSecretKeep') : undefined}
          required={!provider}
          autoComplete="new-password"
          value={form.clientSecret}
          onChange={(event) => set('clientSecret', event.target.value)}
        />
      </div>
      <TextField
        label={t('admin.idp.field.domains')}
        helperText={t('admin.idp.field.domainsHint')}
        spellCheck={false}
        value={form.domains}
        onChange={(event) => set('domains', event.target.value)}
      />
      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '1' })}>{t('admin.idp.claimsTitle')}</legend>
        <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>{t('admin.idp.claimsHint')}</p>
        <div className={grid}>
          {CLAIM_KEYS.map((key) => (
            <TextField
              key={key}
              label={t(CLAIM_IDS[key])}
              spellCheck={false}
              value={form.claimMap[key]}
              onChange={(event) => set('claimMap', { ...form.claimMap, [key]: event.target.value })}
            />
          ))}
        </div>
      </fieldset>
      <Checkbox checked={form.passwordSignInOff} onCheckedChange={(checked) => set('passwordSignInOff', checked)}>
        {t('admin.idp.field.passwordOffLabel')}
      </Checkbox>
      <Checkbox checked={form.enabled} onCheckedChange={(checked) => set('enabled', checked)}>
        {t('admin.idp.field.enabled')}
      </Checkbox>
    </FormDialog>
  );
}
