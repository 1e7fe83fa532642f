import { SIGN_OFF_MEANING } from '@contract/sessions';
import { useState, type FormEvent } from 'react';
import { sessionWrites, type RosterEntry, type SessionScope } from '../../api/session-queries';
import { useWrite } from '../../api/writes';
import { useProviderSignature, useSigningMethod } from '../../hooks/use-provider-signature';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { PasswordField, TextField, toaster } from '../../ui';
import { FormDialog } from '../form-dialog';
import { ProviderSignNote } from '../provider-sign-note';

/**
 * The trainer signs the roster with their password, or (signing in through their company, issue 32)
 * by signing in there again in a pop-up; what the signature means is shown and frozen.
 */
export function SignOffDialog({
  scope,
  sessionId,
  present,
  open,
  onClose,
}: {
  scope: SessionScope;
  sessionId: string;
  present: number;
  open: boolean;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const write = useWrite(sessionWrites.signOff, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('sessions.signOff.done') });
      close();
    },
    onError: (e) => setError(errorText(e, t('sessions.signOff.failed'))),
  });
  const method = useSigningMethod();
  // A person of a company provider signs there; the password only when they have none.
  const provider = method?.provider && !method.password ? method.provider : null;
  const confirm = useProviderSignature({ purpose: 'session', subjectId: sessionId }, (signingProof) =>
    write.mutate({ scope, id: sessionId, signingProof }),
  );
  const close = () => {
    setPassword('');
    setError(null);
    setFieldError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (provider) return confirm.start();
    if (!password) return setFieldError(t('sessions.signOff.passwordRequired'));
    setFieldError(null);
    write.mutate({ scope, id: sessionId, password });
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('sessions.signOff.title')}
      description={
        provider
          ? t('sessions.signOff.meaningProvider', {
              meaning: SIGN_OFF_MEANING,
              count: present,
              provider: provider.name,
            })
          : t('sessions.signOff.meaning', { meaning: SIGN_OFF_MEANING, count: present })
      }
      formId="session-sign-off"
      submitLabel={provider ? t('sign.provider.confirm', { provider: provider.name }) : t('sessions.signOff.submit')}
      busy={write.isPending || confirm.waiting}
      error={error ?? confirm.error}
      onSubmit={submit}
    >
      {provider ? (
        <ProviderSignNote
          provider={provider.name}
          waiting={confirm.waiting}
          explain={t('sign.provider.explain', { provider: provider.name })}
        />
      ) : (
        <PasswordField
          label={t('sessions.signOff.password')}
          autoComplete="current-password"
          required
          value={password}
          error={fieldError}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
    </FormDialog>
  );
}

/** After sign-off a mark changes only with a reason; the server keeps both versions. */
export function AmendDialog({
  scope,
  sessionId,
  entry,
  onClose,
}: {
  scope: SessionScope;
  sessionId: string;
  entry: RosterEntry | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const present = !(entry?.attendance?.present ?? false);
  const close = () => {
    setReason('');
    setError(null);
    setFieldError(null);
    onClose();
  };
  const write = useWrite(sessionWrites.mark, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('sessions.amend.done') });
      close();
    },
    onError: (e) => setError(errorText(e, t('sessions.amend.failed'))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    if (!reason.trim()) return setFieldError(t('sessions.amend.reasonRequired'));
    setFieldError(null);
    write.mutate({ scope, id: sessionId, userId: entry.id, present, reason: reason.trim() });
  };
  return (
    <FormDialog
      open={entry !== null}
      onClose={close}
      title={t('sessions.amend.title', { name: entry?.name ?? '' })}
      description={present ? t('sessions.amend.toPresent') : t('sessions.amend.toAbsent')}
      formId="session-amend"
      submitLabel={t('sessions.amend.submit')}
      busy={write.isPending}
      error={error}
      onSubmit={submit}
    >
      <TextField
        multiline
        label={t('sessions.amend.reason')}
        required
        maxLength={500}
        value={reason}
        error={fieldError}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
