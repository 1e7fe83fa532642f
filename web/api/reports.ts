/** The learner's own learning report (GET /api/v2/user/reports). */
import type { UserReport } from '@contract/reports';
import { api } from './client';

export const reportsApi = {
  /** Throws on failure: the reports screen shows its error message and a Retry rather than zeros. */
  get: (signal?: AbortSignal) => api.get<UserReport>('/v2/user/reports', { signal }),
};
