/**
 * Directory provisioning (SCIM, issue 32): the admin's directory connections. A created or rotated
 * connection answers its token once; the screen shows it and never reads it again.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ScimConnectionResponse, ScimConnectionsResponse, ScimConnectionTokenResponse } from '@contract/scim';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export const scimQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.admin.scimConnections,
      queryFn: ({ signal }) => api.get<ScimConnectionsResponse>('/v2/admin/scim-connections', { signal }),
    }),
};

const reads = () => [queryKeys.admin.scimConnections];

export const scimWrites = {
  create: defineWrite({
    run: (name: string) => api.post<ScimConnectionTokenResponse>('/v2/admin/scim-connections', { name }),
    invalidates: reads,
  }),
  rotate: defineWrite({
    run: (id: string) => api.post<ScimConnectionTokenResponse>(`/v2/admin/scim-connections/${enc(id)}/rotate`),
    invalidates: reads,
  }),
  revoke: defineWrite({
    run: (id: string) => api.delete<ScimConnectionResponse>(`/v2/admin/scim-connections/${enc(id)}`),
    invalidates: reads,
  }),
};
