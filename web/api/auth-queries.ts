/** The session's reads as query options (the session and reset-password machines read through them). */
import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth';
import { queryKeys } from './query-keys';

export const authQueries = {
  /**
   * The user the session cookie belongs to. The cache holds one user's answers at a time (signing
   * out clears it, web/state/session.tsx).
   */
  currentUser: () => queryOptions({ queryKey: queryKeys.session, queryFn: () => authApi.currentUser() }),
  resetToken: (token: string) =>
    queryOptions({
      queryKey: queryKeys.resetToken(token),
      queryFn: () => authApi.validateResetToken(token),
      retry: false,
    }),
};
