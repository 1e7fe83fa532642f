/** The learner's reports (learner spec section 7, api-responses.md "Reports"). */
import type { UserReport } from '@contract/reports';
import { api } from './client';

export const reportsApi = {
  /** Throws on failure: the reports screen shows its error text (section 8) rather than zeros. */
  get: (signal?: AbortSignal) => api.get<UserReport>('/v2/user/reports', { signal }),
};
