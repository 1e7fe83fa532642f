import { SIGNING_CHANNEL, type SigningProofMessage } from '@contract/signing-proofs';
import { useEffect, useRef } from 'react';
import { AuthLayout } from '../../components/auth-layout';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { popupRefusal } from '../../hooks/use-provider-signature';
import { t } from '../../i18n';
import { Alert } from '../../ui';

/**
 * /sign/confirmed (issue 32 item 5): where a re-authentication to sign lands, in the pop-up the
 * sign-off dialog opened. It hands the signing proof (or the refusal) to that dialog on a
 * BroadcastChannel (the pop-up has no opener once it went through the provider: the app's
 * Cross-Origin-Opener-Policy), takes the proof out of the address, and closes when it may.
 */
export function SignConfirmedPage() {
  const params = useRef(new URLSearchParams(window.location.search)).current;
  const refused = params.get('error');
  useDocumentTitle(refused ? t('signConfirmed.failedTitle') : t('signConfirmed.title'));
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const message: SigningProofMessage = {
      purpose: params.get('purpose') ?? '',
      subjectId: params.get('subject') ?? '',
      ...(params.get('proof') ? { proof: params.get('proof')! } : { error: refused ?? 'signature.reauthFailed' }),
    };
    window.history.replaceState(window.history.state, '', '/sign/confirmed');
    const channel = new BroadcastChannel(SIGNING_CHANNEL);
    channel.postMessage(message);
    channel.close();
    // Only a window a script opened may close itself; otherwise the text below says what to do.
    if (message.proof) window.setTimeout(() => window.close(), 600);
  }, [params, refused]);

  return (
    <AuthLayout title={refused ? t('signConfirmed.failedTitle') : t('signConfirmed.title')}>
      {refused ? (
        <Alert status="error">{popupRefusal(refused)}</Alert>
      ) : (
        <Alert status="success">{t('signConfirmed.done')}</Alert>
      )}
    </AuthLayout>
  );
}
