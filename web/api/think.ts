/** Think (feedback) calls for the learner list and the admin responses. Submitting lives in web/api/public.ts. */
import type { FeedbackStatus, SubmissionDto } from '@contract/think';
import { api } from './client';

export type { FeedbackStatus, SubmissionDto } from '@contract/think';

export const thinkSubmissionsApi = {
  mine: (signal?: AbortSignal) => api.get<SubmissionDto[]>('/think/user/submissions', { signal }),
  all: (signal?: AbortSignal) => api.get<SubmissionDto[]>('/think/admin/all', { signal }),
  respond: (id: string, response: string, status?: FeedbackStatus) => api.post<{ message: string; submission: SubmissionDto }>(`/think/admin/${id}/respond`, { response, status }),
  setStatus: (id: string, status: FeedbackStatus) => api.put<{ message: string; submission: SubmissionDto }>(`/think/admin/${id}/status`, { status }),
};
