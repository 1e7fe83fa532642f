/** The session's reads as query options (the session and reset-password machines read through them). */
import type { AdminUpdateUserBody } from '@contract/admin-people';
import { queryOptions } from '@tanstack/react-query';
import { usersApi } from './admin-people';
import { authApi } from './auth';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export const authQueries = {
  /**
   * The user a token belongs to. The token is not part of the key: the cache holds one user's
   * answers at a time (signing out clears it, web/state/session.tsx).
   */
  currentUser: (token: string) => queryOptions({ queryKey: queryKeys.session, queryFn: () => authApi.currentUser(token) }),
  resetToken: (token: string) =>
    queryOptions({ queryKey: queryKeys.resetToken(token), queryFn: () => authApi.validateResetToken(token), retry: false }),
};

export const profileWrites = {
  /** The signed-in user's own profile: the profile screen and the session's copy (names in the shells). */
  update: defineWrite({
    run: ({ userId, body }: { userId: string; body: AdminUpdateUserBody }) => usersApi.update(userId, body),
    invalidates: ({ userId }) => [queryKeys.profile(userId), queryKeys.session],
  }),
};
