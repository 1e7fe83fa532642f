/** Think (feedback) calls for the learner list and the admin responses. Submitting lives in web/api/public.ts. */
import type { FeedbackStatus, FeedbackType, respondBody, statusBody, SubmissionDto } from '@contract/think';
import type { InferInput } from 'valibot';
import { api } from './client';
import { getPage, type PageParams } from './paging';

/** The admin list's type tab; blank is every type. */
export interface SubmissionFilters {
  type: FeedbackType | '';
}

export type { FeedbackStatus, SubmissionDto } from '@contract/think';

export const thinkSubmissionsApi = {
  mine: (signal?: AbortSignal) => api.get<SubmissionDto[]>('/think/user/submissions', { signal }),
  page: (params: PageParams & SubmissionFilters, signal?: AbortSignal) =>
    getPage<SubmissionDto>('/think/admin/all', 'submissions', { ...params }, signal),
  respond: (id: string, response: string, status?: FeedbackStatus) =>
    api.post<{ message: string; submission: SubmissionDto }>(`/think/admin/${id}/respond`, {
      response,
      status,
    } satisfies InferInput<typeof respondBody>),
  setStatus: (id: string, status: FeedbackStatus) =>
    api.put<{ message: string; submission: SubmissionDto }>(`/think/admin/${id}/status`, {
      status,
    } satisfies InferInput<typeof statusBody>),
};
