import { passwordConfirmError, passwordPolicyError } from '@contract/rules/password';
import { KeyRound, LogOut } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Redirect, useLocation } from 'wouter';
import { AuthLayout } from '../../components/auth-layout';
import { NewPasswordFields } from '../../components/new-password-fields';
import { homeFor, useAccess } from '../../components/route-guards';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession, useSessionActor } from '../../state/session';
import { Alert, Button, focusFirstInvalid, PasswordField } from '../../ui';
import { t } from '../../i18n';
import { declaredText } from '../../i18n/error-text';

interface ChangeErrors {
  current?: string | null;
  next?: string | null;
  confirm?: string | null;
}

/**
 * /change-password: the forced change for a user whose `mustChangePassword` is set (an
 * admin-generated password). The machine's passwordChangeRequired branch holds every other route
 * until `password.change` succeeds and the new token is stored.
 */
export function ChangePasswordPage() {
  useDocumentTitle(t('change.docTitle'));
  const { access, isAdmin } = useAccess();
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const busy = useSession((snapshot) => snapshot.hasTag('busy'));
  const serverError = useSession((snapshot) =>
    snapshot.hasTag('passwordChangeRequired') ? snapshot.context.error : null,
  );
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<ChangeErrors>({});

  useEffect(() => {
    session.send({ type: 'session.dismissError' });
  }, [session]);

  if (access === 'visitor') return <Redirect to="/" replace />;
  if (access === 'member') return <Redirect to={homeFor(isAdmin)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: ChangeErrors = {
      current: current ? null : t('change.currentRequired'),
      next: passwordPolicyError(next) ?? (next === current ? t('change.different') : null),
      confirm: passwordConfirmError(next, confirm),
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return focusFirstInvalid(event.currentTarget as HTMLElement);
    session.send({ type: 'password.change', currentPassword: current, newPassword: next });
  };

  const clear = (key: keyof ChangeErrors) => errors[key] && setErrors((value) => ({ ...value, [key]: null }));

  return (
    <AuthLayout
      title={t('change.title')}
      subtitle={t('change.subtitle')}
      footer={
        <button
          type="button"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '1.5',
            color: 'fg.muted',
            fontSize: 'sm',
            cursor: 'pointer',
            _hover: { color: 'fg.default' },
          })}
          onClick={() => {
            navigate('/login', { replace: true });
            session.send({ type: 'session.logout' });
          }}
        >
          <LogOut size={16} aria-hidden /> {t('change.signOut')}
        </button>
      }
    >
      <form noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        {serverError ? <Alert status="error">{declaredText(serverError)}</Alert> : null}
        <PasswordField
          label={t('change.current')}
          name="current-password"
          autoComplete="current-password"
          autoFocus
          required
          value={current}
          error={errors.current ? declaredText(errors.current) : errors.current}
          onChange={(event) => {
            setCurrent(event.target.value);
            clear('current');
          }}
        />
        <NewPasswordFields
          password={next}
          confirm={confirm}
          errorText={declaredText}
          errors={{ password: errors.next, confirm: errors.confirm }}
          onPassword={(value) => {
            setNext(value);
            clear('next');
          }}
          onConfirm={(value) => {
            setConfirm(value);
            clear('confirm');
          }}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy}
          loadingText={t('change.saving')}
          leftIcon={<KeyRound />}
        >
          {t('change.save')}
        </Button>
      </form>
    </AuthLayout>
  );
}
