/**
 * Company sign-in (issue 32): the identity providers an administrator keeps (reads, writes, the
 * connection test), the sign-in page's providers and the exchange that ends a company sign-in.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ConnectionTestResponse,
  IdentityProviderResponse,
  IdentityProvidersResponse,
  SignInProvidersResponse,
} from '@contract/identity-providers';
import type { InferInput } from 'valibot';
import type { identityProviderBody } from '@contract/identity-providers';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export const identityProviderQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.admin.identityProviders,
      queryFn: ({ signal }) => api.get<IdentityProvidersResponse>('/v2/admin/identity-providers', { signal }),
    }),
  /** Public: the sign-in page's buttons and the e-mail domains each provider takes. */
  signIn: () =>
    queryOptions({
      queryKey: queryKeys.signInProviders,
      queryFn: ({ signal }) => api.get<SignInProvidersResponse>('/auth/oidc/providers', { signal, token: null }),
      staleTime: 5 * 60 * 1000,
    }),
};

const reads = () => [queryKeys.admin.identityProviders, queryKeys.signInProviders];

export const identityProviderWrites = {
  save: defineWrite({
    run: ({ id, body }: { id: string | null; body: InferInput<typeof identityProviderBody> }) =>
      id === null
        ? api.post<IdentityProviderResponse>('/v2/admin/identity-providers', body)
        : api.put<IdentityProviderResponse>(`/v2/admin/identity-providers/${enc(id)}`, body),
    invalidates: reads,
  }),
  remove: defineWrite({
    run: (id: string) => api.delete<{ message: string }>(`/v2/admin/identity-providers/${enc(id)}`),
    invalidates: reads,
  }),
  /** Reads the provider's discovery document and keys afresh; changes nothing but the last-errors list it shows. */
  test: defineWrite({
    run: (id: string) => api.post<ConnectionTestResponse>(`/v2/admin/identity-providers/${enc(id)}/test`),
    invalidates: () => [],
  }),
};

/** Where the browser goes to sign in through a provider (a full page load: the provider's page follows). */
export function oidcStartUrl(providerId: string, loginHint?: string): string {
  const start = `/api/auth/oidc/${enc(providerId)}/start`;
  return loginHint ? `${start}?login_hint=${enc(loginHint)}` : start;
}
