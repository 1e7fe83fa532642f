import type { PublicCourse } from '@contract/landing';
import type { SubmitBody } from '@contract/think';
import { api } from './client';

/** Public, unauthenticated calls used by the landing page and the shells. */
export type { PublicCourse };

export interface PublicConfig {
  appName: string;
  adminPhone: string;
}

export type { FeedbackType } from '@contract/think';
/** The Think form's body, as the contract's schema reads it. */
export type FeedbackBody = SubmitBody;

export const publicApi = {
  courses: (limit: number, signal?: AbortSignal) =>
    api.get<{ courses: PublicCourse[] }>('/public/courses', { query: { limit }, token: null, signal }),
  config: (signal?: AbortSignal) => api.get<PublicConfig>('/public/config', { token: null, signal }),
};

export const thinkApi = {
  submitPublic: (body: FeedbackBody) =>
    api.post<{ message?: string; id?: string }>(
      '/think/public/submit',
      { ...body, isAnonymous: true },
      { token: null },
    ),
  /** Authenticated: the server records the submitter unless isAnonymous. */
  submit: (body: FeedbackBody) => api.post<{ message?: string; id?: string }>('/think/submit', body),
};
