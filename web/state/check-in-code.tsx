import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { checkInCodeMachine, type CodeFailure, type FetchedCode } from '../../statecharts/check-in-code.machine';
import { hasErrorCode } from '../api/client';
import { mySessionApi } from '../api/my-session-queries';
import { t } from '../i18n';
import { errorText } from '../i18n/error-text';
import { readsOf, useMachineView } from './machine-view';

/**
 * The trainer's rotating code, driven by statecharts/check-in-code.machine.ts: the machine decides
 * when to ask for the next code, hides the code when hidden, offline or a refresh hangs, and
 * retries; this module supplies the fetch and the page's visibility and connection events.
 */
const browserCheckInCodeMachine = checkInCodeMachine.provide({
  actors: {
    fetchCode: fromPromise<FetchedCode, { sessionId: string }>(async ({ input, signal }) => {
      try {
        return await mySessionApi.code(input.sessionId, signal);
      } catch (error) {
        // Not this session's trainer, or no such session: the machine waits for the retry button.
        const failure: CodeFailure = {
          refused: hasErrorCode(error, 'FORBIDDEN', 'NOT_FOUND'),
          message: errorText(error, t('sessionQr.codeFailed')),
        };
        throw failure;
      }
    }),
  },
});

const CHECK_IN_CODE_READS = readsOf<SnapshotFrom<typeof browserCheckInCodeMachine>>()({
  context: ['code', 'error', 'online'],
  tags: ['code', 'busy', 'paused', 'error'],
});

export function useCheckInCode(sessionId: string) {
  const actorRef = useActorRef(browserCheckInCodeMachine, {
    input: { sessionId, visible: document.visibilityState !== 'hidden', online: navigator.onLine },
  });
  const view = useMachineView(actorRef, CHECK_IN_CODE_READS);
  useEffect(() => {
    const onVisibility = () =>
      actorRef.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    const onOnline = () => actorRef.send({ type: 'connection.online' });
    const onOffline = () => actorRef.send({ type: 'connection.offline' });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [actorRef]);
  return [view, actorRef.send] as const;
}
