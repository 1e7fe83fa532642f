import * as v from 'valibot';
import { idString } from './common';
import { complianceQuery } from './compliance';
import { REFUSALS } from './errors';

/**
 * Scheduled compliance reports (issue 30): a supervisor's team report, or an administrator's filter
 * of the compliance matrix, e-mailed weekly or monthly with the filter's CSV and a one-page PDF
 * summary (docs/decisions/2026-11-28-scheduled-reports.md).
 */

/** `team`: the caller's direct and indirect reports; `matrix`: the admin matrix (their site limit applies). */
export const REPORT_SCOPES = ['team', 'matrix'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
export const REPORT_CADENCES = ['weekly', 'monthly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];

/** At most this many subscriptions per person (a report is read, not collected). */
export const MAX_REPORT_SUBSCRIPTIONS = 20;

/** The matrix filter a report keeps: the matrix's own query fields and checks, without the page. */
export const reportFilter = v.omit(complianceQuery, ['page', 'size']);
export type ReportFilter = v.InferOutput<typeof reportFilter>;
/** What a client sends: the matrix's query fields as strings (`status` '' for any). */
export type ReportFilterInput = v.InferInput<typeof reportFilter>;

/** The one stored form of a filter (fixed key order), so the same report asked twice is one row. */
export const canonicalFilter = (filter: ReportFilter) =>
  JSON.stringify({
    bookId: filter.bookId,
    department: filter.department,
    jobTitle: filter.jobTitle,
    q: filter.q,
    status: filter.status ?? '',
  });

/** `POST /api/v2/report-subscriptions`. */
export const reportSubscriptionBody = v.object({
  scope: v.pipe(
    v.optional(v.string(REFUSALS['report.scope']), ''),
    v.picklist(REPORT_SCOPES, REFUSALS['report.scope']),
  ),
  cadence: v.pipe(
    v.optional(v.string(REFUSALS['report.cadence']), ''),
    v.picklist(REPORT_CADENCES, REFUSALS['report.cadence']),
  ),
  filter: v.optional(v.nullable(reportFilter), null),
});

export const reportSubscriptionIdParam = v.object({ id: idString });

/** A report file link from the e-mail: `<subscription>.<period>.<signature>.<csv|pdf>`. */
export const reportFileParam = v.object({
  file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}\.[0-9W-]{7,8}\.[A-Za-z0-9_-]{16}\.(csv|pdf)$/)),
});

export interface ReportSubscriptionDto {
  id: string;
  scope: ReportScope;
  cadence: ReportCadence;
  filter: ReportFilter;
  /** The last period a report went out for (`2026-W48`, `2026-11`), null before the first. */
  lastPeriod: string | null;
  lastSentAt: string | null;
  createdAt: string;
}

export interface ReportSubscriptionsResponse {
  subscriptions: ReportSubscriptionDto[];
}
