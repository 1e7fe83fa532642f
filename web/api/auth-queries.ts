/** The session's reads as query options (the session and reset-password machines read through them). */
import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth';
import { queryKeys } from './query-keys';

export const authQueries = {
  /**
   * The user a token belongs to. The token is not part of the key: the cache holds one user's
   * answers at a time (signing out clears it, web/state/session.tsx).
   */
  currentUser: (token: string) =>
    queryOptions({ queryKey: queryKeys.session, queryFn: () => authApi.currentUser(token) }),
  resetToken: (token: string) =>
    queryOptions({
      queryKey: queryKeys.resetToken(token),
      queryFn: () => authApi.validateResetToken(token),
      retry: false,
    }),
};
