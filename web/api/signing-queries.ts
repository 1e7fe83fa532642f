/**
 * E-signatures through the company provider (issue 32 item 5): how the signed-in person signs, and
 * the start of a re-authentication the sign-off dialogs open in a pop-up.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ReauthBody, ReauthStartResponse, SigningMethodResponse } from '@contract/signing-proofs';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export const signingQueries = {
  method: () =>
    queryOptions({
      queryKey: queryKeys.signingMethod,
      queryFn: ({ signal }) => api.get<SigningMethodResponse>('/auth/oidc/signing-method', { signal }),
      staleTime: 10 * 60 * 1000,
    }),
};

export const signingWrites = {
  /** Answers the provider's address; nothing the screens read changes until the proof is used. */
  reauth: defineWrite({
    run: (body: ReauthBody) => api.post<ReauthStartResponse>('/auth/oidc/reauth', body),
    invalidates: () => [],
  }),
};
