import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  expiredLinkError,
  RESET_PASSWORD_MESSAGES,
  resetPasswordMachine,
} from '../../statecharts/reset-password.machine';
import { authApi } from '../api/auth';
import { authQueries } from '../api/auth-queries';
import { queryClient } from '../api/query-client';
import { ApiClientError } from '../api/client';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

/**
 * What a failed POST /auth/reset-password means to the learner: 401 or 403 is an expired link
 * (the machine then sends the learner to request a new one), 400 is a password to fix (the
 * server's message, else the default), anything else the server's message or the generic one.
 */
export function resetFailure(error: unknown): Error {
  if (error instanceof ApiClientError && (error.status === 401 || error.status === 403)) return expiredLinkError();
  if (error instanceof ApiClientError && error.status === 400)
    return new Error(errorText(error, RESET_PASSWORD_MESSAGES.badRequest));
  return new Error(errorText(error, RESET_PASSWORD_MESSAGES.failed));
}

const browserResetPasswordMachine = resetPasswordMachine.provide({
  actors: {
    validateToken: fromPromise<boolean, { token: string }>(async ({ input }) => {
      const result = await queryClient.fetchQuery(authQueries.resetToken(input.token));
      return result?.valid !== false;
    }),
    resetPassword: fromPromise<string | null, { token: string; password: string }>(async ({ input }) => {
      try {
        const result = await authApi.resetPassword(input.token, input.password);
        return result?.message ?? null;
      } catch (error) {
        throw resetFailure(error);
      }
    }),
  },
});

const RESET_READS = readsOf<SnapshotFrom<typeof browserResetPasswordMachine>>()({
  context: ['error', 'message'],
  matches: ['validating', 'invalid', 'form', 'submitting', 'done', 'expired'],
  tags: ['busy'],
});

/**
 * The reset-password flow for one link token. The machine decides when to leave; this hook
 * only performs the navigation it asks for. Mount it afresh (a `key`) when the token changes.
 */
export function useResetPassword(token: string) {
  const [, navigate] = useLocation();
  const actorRef = useActorRef(browserResetPasswordMachine, { input: { token } });
  useEffect(() => {
    const sub = actorRef.on('page.redirect', (event) => navigate(event.to, { replace: true }));
    return () => sub.unsubscribe();
  }, [actorRef, navigate]);
  return [useMachineView(actorRef, RESET_READS), actorRef.send] as const;
}
