/**
 * A supervisor's team beyond its people and matrix (issue 30): a member's read-only record and its
 * PDF, the team's lapse list, upcoming sessions and credentials to review, and one-tap reminders.
 * Every answer is the caller's team only (the server reads their reporting lines).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TrainingRecordResponse } from '@contract/training-record';
import type { LapseListResponse, LapseWindow } from '@contract/compliance-lapses';
import type { AdminCredential, AdminCredentialResponse, CredentialStatus } from '@contract/credentials';
import type { SendRemindersResponse } from '@contract/outbox';
import type { TeamSessionsResponse } from '@contract/team';
import { currentLocale } from '../i18n/locale';
import { api, apiRequest } from './client';
import { getPage, type PageParams } from './paging';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export const teamApi = {
  record: (userId: string, signal?: AbortSignal) =>
    api.get<TrainingRecordResponse>(`/v2/team/members/${enc(userId)}/training-record`, { signal }),
  recordPdf: (userId: string) =>
    apiRequest<Blob>(`/v2/team/members/${enc(userId)}/training-record.pdf`, {
      responseType: 'blob',
      headers: { 'Accept-Language': currentLocale() },
    }),
  /** One page of who in the team lapses within the window, soonest first. */
  lapses: (params: PageParams & { days: LapseWindow }, signal?: AbortSignal) =>
    api
      .get<LapseListResponse>('/v2/team/lapses', {
        query: { days: params.days, q: params.search, page: params.page, size: params.limit },
        signal,
      })
      .then((data) => ({
        ...data,
        items: data.rows,
        pagination: { ...data.pagination, itemsPerPage: data.pagination.size },
      })),
  sessions: (signal?: AbortSignal) => api.get<TeamSessionsResponse>('/v2/team/sessions', { signal }),
  /** One page of the team's credentials of a status (PENDING: oldest first). */
  credentials: (params: PageParams & { status: CredentialStatus }, signal?: AbortSignal) =>
    getPage<AdminCredential>('/v2/team/credentials', 'credentials', { ...params }, signal),
};

export const teamQueries = {
  record: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.team.record(userId),
      queryFn: ({ signal }) => teamApi.record(userId, signal),
    }),
  sessions: () =>
    queryOptions({ queryKey: queryKeys.learner.team.sessions, queryFn: ({ signal }) => teamApi.sessions(signal) }),
};

/** A decision on a credential changes the team's queue, matrix, forecast and the holder's record. */
const reviewChanges = () => [queryKeys.learner.team.all];

export const teamWrites = {
  approve: defineWrite({
    run: (id: string) => api.post<AdminCredentialResponse>(`/v2/team/credentials/${enc(id)}/approve`),
    invalidates: reviewChanges,
  }),
  reject: defineWrite({
    run: ({ id, reason }: { id: string; reason: string }) =>
      api.post<AdminCredentialResponse>(`/v2/team/credentials/${enc(id)}/reject`, { reason }),
    invalidates: reviewChanges,
  }),
  /** A reminder changes no read of the team (the mail log is the administrators'). */
  remind: defineWrite({
    run: (userId: string) => api.post<SendRemindersResponse>('/v2/team/reminders', { userId }),
    invalidates: () => [],
  }),
};
