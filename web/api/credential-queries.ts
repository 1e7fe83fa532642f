/**
 * External credentials (issue 28): the worker's own list and submission (multipart with the scan),
 * the admin's credential types and approval queue. Reads as query options, writes with what they change.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  AdminCredential,
  AdminCredentialResponse,
  CredentialResponse,
  CredentialStatus,
  CredentialTypeInput,
  CredentialTypeListResponse,
  CredentialTypeResponse,
  OwnCredentialListResponse,
} from '@contract/credentials';
import { api } from './client';
import { getPage, type PageParams } from './paging';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export interface CredentialQueueFilters {
  status: CredentialStatus;
}

export const credentialApi = {
  own: (signal?: AbortSignal) => api.get<OwnCredentialListResponse>('/v2/user/credentials', { signal }),
  types: (signal?: AbortSignal) =>
    api.get<CredentialTypeListResponse>('/v2/admin/credential-types', { signal, query: { includeRetired: true } }),
  /** One page of the approval queue (oldest first while waiting). */
  queue: (params: PageParams & CredentialQueueFilters, signal?: AbortSignal) =>
    getPage<AdminCredential>('/v2/admin/credentials', 'credentials', { ...params }, signal),
};

export const credentialQueries = {
  own: () =>
    queryOptions({ queryKey: queryKeys.learner.credentials, queryFn: ({ signal }) => credentialApi.own(signal) }),
  types: () =>
    queryOptions({ queryKey: queryKeys.admin.credentials.types, queryFn: ({ signal }) => credentialApi.types(signal) }),
};

/** What the worker's form sends; the scan is a File from the camera or the file picker. */
export interface CredentialSubmissionInput {
  typeId: string;
  issuer: string;
  number: string;
  issuedOn: string;
  expiresOn: string;
  scan: File | null;
  resubmitsId: string | null;
}

const adminCredentialChanges = () => [queryKeys.admin.credentials.all, queryKeys.admin.compliance.all];

export const credentialWrites = {
  submit: defineWrite({
    run: (input: CredentialSubmissionInput) => {
      const form = new FormData();
      for (const key of ['typeId', 'issuer', 'number', 'issuedOn', 'expiresOn'] as const) form.append(key, input[key]);
      if (input.resubmitsId) form.append('resubmitsId', input.resubmitsId);
      if (input.scan) form.append('scan', input.scan, input.scan.name || 'scan');
      return api.post<CredentialResponse>('/v2/user/credentials', form);
    },
    invalidates: () => [queryKeys.learner.credentials],
  }),
  createType: defineWrite({
    run: (body: CredentialTypeInput) => api.post<CredentialTypeResponse>('/v2/admin/credential-types', body),
    invalidates: () => [queryKeys.admin.credentials.types],
  }),
  updateType: defineWrite({
    run: ({ id, body }: { id: string; body: CredentialTypeInput }) =>
      api.put<CredentialTypeResponse>(`/v2/admin/credential-types/${enc(id)}`, body),
    invalidates: () => [queryKeys.admin.credentials.all, queryKeys.admin.compliance.all],
  }),
  retireType: defineWrite({
    run: (id: string) => api.post<CredentialTypeResponse>(`/v2/admin/credential-types/${enc(id)}/retire`),
    invalidates: () => [queryKeys.admin.credentials.types],
  }),
  approve: defineWrite({
    run: (id: string) => api.post<AdminCredentialResponse>(`/v2/admin/credentials/${enc(id)}/approve`),
    invalidates: adminCredentialChanges,
  }),
  reject: defineWrite({
    run: ({ id, reason }: { id: string; reason: string }) =>
      api.post<AdminCredentialResponse>(`/v2/admin/credentials/${enc(id)}/reject`, { reason }),
    invalidates: adminCredentialChanges,
  }),
};
