/** Reminders sent from the compliance matrix, a person's mail log, and the administrators' mail outbox. */
import type { MailDto, MailLogResponse, MailStatus, SendRemindersBody, SendRemindersResponse } from '@contract/outbox';
import { api } from './client';
import { getPage, type PageParams } from './paging';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export type { MailDto, MailStatus, SendRemindersResponse } from '@contract/outbox';

const enc = encodeURIComponent;

export interface OutboxFilters {
  status: MailStatus | '';
}

export const outboxApi = {
  /** One page of the outbox with the counts per status beside it. */
  page: (params: PageParams & OutboxFilters, signal?: AbortSignal) =>
    getPage<MailDto>('/v2/admin/outbox', 'messages', { ...params }, signal),
  mailLog: (userId: string, signal?: AbortSignal) =>
    api.get<MailLogResponse>(`/v2/admin/users/${enc(userId)}/mail-log`, { signal }),
};

export const outboxWrites = {
  /** "Send reminder" on the matrix's chosen rows or its filter: the outbox and every mail log change. */
  sendReminders: defineWrite({
    run: (body: SendRemindersBody) => api.post<SendRemindersResponse>('/v2/admin/compliance/reminders', body),
    invalidates: () => [queryKeys.admin.outbox.all, queryKeys.admin.compliance.all],
  }),
  retry: defineWrite({
    run: (id: string) => api.post<{ message: MailDto }>(`/v2/admin/outbox/${enc(id)}/retry`),
    invalidates: () => [queryKeys.admin.outbox.all, queryKeys.admin.compliance.all],
  }),
};
