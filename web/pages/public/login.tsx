import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Building2, LogIn } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { providerForLogin } from '@contract/identity-providers';
import { identityProviderQueries, oidcStartUrl } from '../../api/identity-provider-queries';
import { AuthLayout, AuthLink } from '../../components/auth-layout';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession, useSessionActor } from '../../state/session';
import { Alert, Button, flipInRtl, focusFirstInvalid, PasswordField, TextField } from '../../ui';
import { t } from '../../i18n';

interface LoginErrors {
  username?: string;
  password?: string;
}

/** The login form's field rules: both fields required, checked before the request. */
export function validateLogin(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = t('login.usernameRequired');
  if (!password) errors.password = t('login.passwordRequired');
  return errors;
}

interface SignInProvider {
  id: string;
  name: string;
  domains: string[];
}

/** Off to the provider's own sign-in page (a full page load: the provider sends the browser back). */
const goToProvider = (provider: SignInProvider, loginHint?: string) =>
  window.location.assign(oidcStartUrl(provider.id, loginHint));

/**
 * /login. The session machine does the work: this page sends `session.login` and shows its
 * `error`; the VisitorOnly guard moves the user on once the machine is signed in.
 */
export function LoginPage() {
  useDocumentTitle(t('login.title'));
  const session = useSessionActor();
  const signingIn = useSession((snapshot) => snapshot.matches('signingIn'));
  const serverError = useSession((snapshot) => (snapshot.matches('signedOut') ? snapshot.context.error : null));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  // Company sign-in (issue 32): a button per provider, and an e-mail of a provider's domain goes there.
  const providers = useQuery(identityProviderQueries.signIn()).data?.providers ?? [];
  const routed = providerForLogin(username, providers);

  // A message from an earlier visit does not belong to this form.
  useEffect(() => {
    session.send({ type: 'session.dismissError' });
  }, [session]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (routed) return goToProvider(routed, username.trim());
    const found = validateLogin(username, password);
    setErrors(found);
    if (found.username || found.password) return focusFirstInvalid(event.currentTarget as HTMLElement);
    session.send({ type: 'session.login', username: username.trim(), password });
  };

  return (
    <AuthLayout
      title={t('login.welcome')}
      subtitle={t('login.subtitle')}
      footer={
        <AuthLink href="/">
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
            <ArrowLeft size={16} aria-hidden className={flipInRtl} /> {t('login.backHome')}
          </span>
        </AuthLink>
      }
    >
      <form
        noValidate
        onSubmit={submit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
        aria-busy={signingIn}
      >
        {serverError ? <Alert status="error">{serverError}</Alert> : null}
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          value={username}
          error={errors.username}
          onChange={(event) => {
            setUsername(event.target.value);
            if (errors.username) setErrors((current) => ({ ...current, username: undefined }));
          }}
        />
        {routed ? (
          <p className={css({ color: 'fg.muted', textStyle: 'sm' })} aria-live="polite">
            {t('login.company.routed', { domain: username.trim().split('@')[1] ?? '', provider: routed.name })}
          </p>
        ) : null}
        <div className={css({ display: routed ? 'none' : 'flex', flexDirection: 'column', gap: '2' })}>
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
            }}
          />
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <AuthLink href="/forgot-password">{t('login.forgot')}</AuthLink>
          </div>
        </div>
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={signingIn}
          loadingText={t('login.signingIn')}
          leftIcon={routed ? <Building2 /> : <LogIn />}
        >
          {routed ? t('login.company.continue', { provider: routed.name }) : t('login.signIn')}
        </Button>
      </form>
      {providers.length > 0 ? (
        <section
          aria-label={t('login.company.label')}
          className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '5' })}
        >
          <p className={css({ textAlign: 'center', color: 'fg.muted', textStyle: 'sm' })}>{t('login.company.or')}</p>
          {providers.map((provider) => (
            <Button
              key={provider.id}
              variant="outline"
              size="lg"
              fullWidth
              leftIcon={<Building2 />}
              onClick={() => goToProvider(provider)}
            >
              {t('login.company.signInWith', { provider: provider.name })}
            </Button>
          ))}
        </section>
      ) : null}
    </AuthLayout>
  );
}
