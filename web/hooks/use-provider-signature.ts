import { refusalText, type RefusalReason } from '@contract/errors';
import {
  SIGNING_CHANNEL,
  type SigningProofMessage,
  type SigningPurpose,
  type SigningMethodResponse,
} from '@contract/signing-proofs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { signingQueries, signingWrites } from '../api/signing-queries';
import { runWrite } from '../api/writes';
import { t } from '../i18n';
import { declaredText, errorText } from '../i18n/error-text';

/** The refusals a re-authentication's pop-up comes back with (worker/routes/oidc.ts backToSigner). */
const POPUP_REASONS: readonly RefusalReason[] = [
  'signature.reauthFailed',
  'signature.reauthStale',
  'signature.reauthOtherPerson',
];

export function popupRefusal(reason: string): string {
  const known = POPUP_REASONS.find((r) => r === reason) ?? 'signature.reauthFailed';
  return declaredText(refusalText(known));
}

/** How the signed-in person signs: null while unknown (offline before it was ever read: the password). */
export function useSigningMethod(): SigningMethodResponse | null {
  return useQuery(signingQueries.method()).data ?? null;
}

/**
 * The e-signature of a person who signs in through their company (issue 32 item 5): `start` opens
 * the provider in a pop-up (it must run in the click or submit that asks for it, or the browser
 * blocks the window) and waits for the proof the pop-up's landing page (/sign/confirmed) sends on a
 * BroadcastChannel; the screen behind keeps its unsaved work (docs/decisions/2026-11-28-provider-signatures.md).
 */
export function useProviderSignature(
  what: { purpose: SigningPurpose; subjectId: string },
  onProof: (proof: string) => void,
) {
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const latest = useRef(onProof);
  latest.current = onProof;
  useEffect(() => () => channel.current?.close(), []);

  const start = async () => {
    setError(null);
    channel.current?.close();
    const popup = window.open('', 'ehs-signing', 'popup,width=520,height=720');
    if (!popup) {
      setError(t('sign.provider.popupBlocked'));
      return;
    }
    const listen = new BroadcastChannel(SIGNING_CHANNEL);
    channel.current = listen;
    listen.onmessage = (event: MessageEvent<SigningProofMessage>) => {
      const message = event.data;
      if (message.purpose !== what.purpose || message.subjectId !== what.subjectId) return;
      listen.close();
      setWaiting(false);
      if (message.proof) latest.current(message.proof);
      else setError(popupRefusal(message.error ?? ''));
    };
    setWaiting(true);
    try {
      const { url } = await runWrite(signingWrites.reauth, what);
      popup.location.href = url;
    } catch (failure) {
      popup.close();
      listen.close();
      setWaiting(false);
      setError(errorText(failure, t('sign.provider.failed')));
    }
  };
  return { start: () => void start(), waiting, error };
}
