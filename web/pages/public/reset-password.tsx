import { passwordConfirmError, passwordPolicyError } from '@contract/rules/password';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Link, useSearch } from 'wouter';
import { RESET_PASSWORD_MESSAGES } from '../../../statecharts/reset-password.machine';
import { AuthLayout, AuthLink } from '../../components/auth-layout';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useResetPassword } from '../../state/reset-password';
import { Alert, Button, focusFirstInvalid, LoadingBlock } from '../../ui';
import { t } from '../../i18n';
import { flipInRtl } from '../../ui/direction';
import { machineText } from '../../i18n/machine-text';

/** /reset-password?token=: the flow restarts for another token (a new link opened in the same tab). */
export function ResetPasswordPage() {
  useDocumentTitle(t('reset.docTitle'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <ResetPasswordFlow key={token} token={token} />;
}

/** The reset-password machine decides what shows and when the page leaves; the form validates its fields. */
function ResetPasswordFlow({ token }: { token: string }) {
  const [state, send] = useResetPassword(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { password: passwordPolicyError(password), confirm: passwordConfirmError(password, confirm) };
    setErrors(found);
    if (found.password || found.confirm) return focusFirstInvalid(event.currentTarget as HTMLElement);
    send({ type: 'password.submit', password });
  };

  const back = (
    <AuthLink href="/login">
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
        <ArrowLeft size={16} aria-hidden className={flipInRtl} /> {t('auth.backToLogin')}
      </span>
    </AuthLink>
  );

  if (state.matches('validating')) {
    return (
      <AuthLayout title={t('reset.title')} footer={back}>
        <LoadingBlock label={t('reset.checking')} />
      </AuthLayout>
    );
  }

  if (state.matches('invalid')) {
    return (
      <AuthLayout title={t('reset.title')} footer={back}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          <Alert status="error">{machineText(RESET_PASSWORD_MESSAGES.invalidLink)}</Alert>
          <Button asChild size="lg" fullWidth>
            <Link href="/forgot-password">{t('reset.requestNew')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (state.matches('done') || state.matches('expired')) {
    return (
      <AuthLayout title={t('reset.title')} footer={back}>
        {state.matches('done') ? (
          <Alert status="success" announce>
            {machineText(state.context.message ?? '')}
          </Alert>
        ) : (
          <Alert status="error">{machineText(RESET_PASSWORD_MESSAGES.expired)}</Alert>
        )}
      </AuthLayout>
    );
  }

  const submitting = state.matches('submitting');
  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')} footer={back}>
      <form noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        {state.context.error ? <Alert status="error">{machineText(state.context.error)}</Alert> : null}
        <NewPasswordFields
          password={password}
          confirm={confirm}
          errors={errors}
          autoFocus
          errorText={machineText}
          onPassword={(value) => {
            setPassword(value);
            if (errors.password) setErrors((current) => ({ ...current, password: null }));
          }}
          onConfirm={(value) => {
            setConfirm(value);
            if (errors.confirm) setErrors((current) => ({ ...current, confirm: null }));
          }}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={submitting}
          loadingText={t('reset.resetting')}
          leftIcon={<KeyRound />}
        >
          {t('reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
