import { refusalText, type RefusalReason } from '@contract/errors';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { AuthLayout, AuthLink } from '../../components/auth-layout';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession, useSessionActor } from '../../state/session';
import { Alert, flipInRtl, LoadingBlock } from '../../ui';
import { t } from '../../i18n';
import { declaredText } from '../../i18n/error-text';

/** The refusals the company sign-in's callback sends the browser back with (worker/routes/oidc.ts). */
const CALLBACK_REASONS: readonly RefusalReason[] = [
  'oidc.signInFailed',
  'oidc.linkRefused',
  'oidc.noEmail',
  'oidc.tooManyStarts',
];

function callbackError(reason: string, provider: string): string {
  if (reason === 'ACCOUNT_DEACTIVATED') return t('error.code.ACCOUNT_DEACTIVATED');
  const known = CALLBACK_REASONS.find((r) => r === reason) ?? 'oidc.signInFailed';
  return declaredText(refusalText(known, { provider }));
}

/**
 * /sign-in/complete (issue 32): where a company sign-in comes back. The one-time code in the address
 * is spent at once through the session machine (`session.login` with `oidcCode`), exactly like a
 * password sign-in, and taken out of the address; a refused sign-in shows why.
 */
export function SignInCompletePage() {
  useDocumentTitle(t('signInComplete.title'));
  const session = useSessionActor();
  const serverError = useSession((snapshot) => (snapshot.matches('signedOut') ? snapshot.context.error : null));
  const params = useRef(new URLSearchParams(window.location.search)).current;
  const code = params.get('code');
  const refused = params.get('error');
  const sent = useRef(false);

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    // The code is good once: it leaves the address (and the history) before anything else can read it.
    window.history.replaceState(window.history.state, '', '/sign-in/complete');
    session.send({ type: 'session.login', oidcCode: code });
  }, [code, session]);

  const message = refused ? callbackError(refused, params.get('provider') ?? '') : code ? serverError : null;
  return (
    <AuthLayout
      title={message || !code ? t('signInComplete.failedTitle') : t('signInComplete.title')}
      footer={
        <AuthLink href="/login">
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
            <ArrowLeft size={16} aria-hidden className={flipInRtl} /> {t('signInComplete.back')}
          </span>
        </AuthLink>
      }
    >
      {message || !code ? (
        <Alert status="error">{message ?? t('error.oidc.handoffInvalid')}</Alert>
      ) : (
        <LoadingBlock label={t('signInComplete.signingIn')} />
      )}
    </AuthLayout>
  );
}
