/** Required-training reads and writes of the admin; the writes say what they change: the requirements list and every compliance answer. */
import type { EventBody, ExemptionBody } from '@contract/compliance';
import { queryOptions } from '@tanstack/react-query';
import { certificatesApi } from './certificates';
import { complianceApi, requirementsApi, type LapseFilters, type RequirementInput } from './compliance';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

/** The requirements list and every compliance answer (matrix pages, training records). */
const complianceReads = [queryKeys.admin.requirements.all, queryKeys.admin.compliance.all];

export const complianceQueries = {
  /** The requirement dialog's evaluation templates and credential types. */
  evidenceOptions: () =>
    queryOptions({
      queryKey: queryKeys.admin.requirements.evidenceOptions,
      queryFn: ({ signal }) => requirementsApi.evidenceOptions(signal),
    }),
  /** The requirement dialog's "Covers N people", for the terms typed so far (trimmed). */
  audience: (terms: { bookId: string; department: string; jobTitle: string; siteId: string }) =>
    queryOptions({
      queryKey: queryKeys.admin.requirements.audience(terms),
      queryFn: ({ signal }) => requirementsApi.audience(terms, signal),
    }),
};

export const complianceWrites = {
  /** Adds a requirement (no `id`) or changes one. */
  saveRequirement: defineWrite({
    run: ({ id, body }: { id: string | null; body: RequirementInput }) =>
      id === null ? requirementsApi.create(body) : requirementsApi.update(id, body),
    invalidates: () => complianceReads,
  }),
  retireRequirement: defineWrite({
    run: (id: string) => requirementsApi.retire(id),
    invalidates: () => complianceReads,
  }),
  exempt: defineWrite({
    run: ({ requirementId, body }: { requirementId: string; body: ExemptionBody }) =>
      requirementsApi.exempt(requirementId, body),
    invalidates: () => [queryKeys.admin.compliance.all],
  }),
  /** Revokes a certificate with a reason: the person's record and every compliance answer change. */
  revokeCertificate: defineWrite({
    run: certificatesApi.revoke,
    invalidates: () => [queryKeys.admin.compliance.all],
  }),
  recordEvent: defineWrite({
    run: ({ requirementId, body }: { requirementId: string; body: EventBody }) =>
      requirementsApi.recordEvent(requirementId, body),
    invalidates: () => [queryKeys.admin.compliance.all],
  }),
};

/**
 * The whole organisation's compliance summary (percent compliant, counts, forecast) for the admin
 * dashboard: the matrix's first page of ten people, whose answer carries the stored snapshot's summary.
 */
export const complianceSummaryQuery = queryOptions({
  queryKey: queryKeys.admin.compliance.summary,
  queryFn: ({ signal }) =>
    complianceApi.matrix({ page: 1, size: 10 }, signal).then((data) => ({
      summary: data.summary,
      hasRequirements: data.requirements.length > 0,
    })),
});

/** Who lapses within a forecast bucket, one page. */
export const lapseListQuery = (filters: LapseFilters) =>
  queryOptions({
    queryKey: queryKeys.admin.compliance.lapses(filters),
    queryFn: ({ signal }) => complianceApi.lapses(filters, signal),
  });
