/** Required-training writes of the admin, with what they change: the requirements list and every compliance answer. */
import type { EventBody, ExemptionBody } from '@contract/compliance';
import { certificatesApi } from './certificates';
import { requirementsApi, type RequirementInput } from './compliance';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

/** The requirements list and every compliance answer (matrix pages, training records). */
const complianceReads = [queryKeys.admin.requirements.all, queryKeys.admin.compliance.all];

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
