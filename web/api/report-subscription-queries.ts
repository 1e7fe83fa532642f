/**
 * Scheduled report e-mails (issue 30): the signed-in person's subscriptions (a supervisor's team
 * report, an administrator's matrix filter) with their writes.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ReportCadence,
  ReportFilterInput,
  ReportScope,
  ReportSubscriptionDto,
  ReportSubscriptionsResponse,
} from '@contract/report-subscriptions';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export const reportSubscriptionQueries = {
  mine: () =>
    queryOptions({
      queryKey: queryKeys.learner.reportSubscriptions,
      queryFn: ({ signal }) => api.get<ReportSubscriptionsResponse>('/v2/report-subscriptions', { signal }),
    }),
};

export const reportSubscriptionWrites = {
  subscribe: defineWrite({
    run: (body: { scope: ReportScope; cadence: ReportCadence; filter: ReportFilterInput }) =>
      api.post<{ subscription: ReportSubscriptionDto }>('/v2/report-subscriptions', body),
    invalidates: () => [queryKeys.learner.reportSubscriptions],
  }),
  cancel: defineWrite({
    run: (id: string) => api.delete<{ ok: true }>(`/v2/report-subscriptions/${enc(id)}`),
    invalidates: () => [queryKeys.learner.reportSubscriptions],
  }),
};
