/** Required training: requirements, the compliance matrix and training records (admin), the learner's own requirements and recertification. */
import type {
  AudiencePreviewResponse,
  ComplianceResponse,
  EventBody,
  EventDto,
  ExemptionBody,
  ExemptionDto,
  LearnerRequirementsResponse,
  RecertifyResponse,
  RequirementBody,
  RequirementListResponse,
  RequirementResponse,
} from '@contract/compliance';
import type { LapseListResponse, LapseWindow } from '@contract/compliance-lapses';
import type { TrainingRecordResponse } from '@contract/training-record';
import type { EvidenceOptionsResponse, EvidencePiece } from '@contract/requirement-evidence';
import type { ComplianceStatus } from '@contract/rules/compliance';
import { currentLocale } from '../i18n/locale';
import { api, apiRequest } from './client';

export type {
  ComplianceCell,
  ComplianceResponse,
  ComplianceRow,
  ComplianceSummary,
  RequirementDto,
} from '@contract/compliance';
export type { TrainingRecordResponse } from '@contract/training-record';
export type { LapseListResponse, LapseRow, LapseWindow } from '@contract/compliance-lapses';
export type { CellEvidence } from '@contract/requirement-evidence';

const enc = encodeURIComponent;

/** The matrix's filters; blank values are left out of the query string. */
export interface ComplianceFilters {
  bookId?: string;
  department?: string;
  jobTitle?: string;
  status?: ComplianceStatus | '';
  q?: string;
  page?: number;
  size?: number;
}

/** A forecast bucket's list: the matrix's filters but the status, the window and the page. */
export type LapseFilters = Omit<ComplianceFilters, 'status' | 'size'> & { days: LapseWindow };

/** The requirement form as the admin fills it (days and dates may be left blank for the defaults). */
export type RequirementInput = Partial<Omit<RequirementBody, 'courseId' | 'bookId' | 'evidence'>> & {
  courseId?: string;
  bookId: string;
  evidence?: EvidencePiece[];
};

export const requirementsApi = {
  list: (includeRetired = false, signal?: AbortSignal) =>
    api.get<RequirementListResponse>('/v2/admin/requirements', {
      query: { includeRetired: includeRetired || undefined },
      signal,
    }),
  /** Published evaluation templates and credential types a requirement may need. */
  evidenceOptions: (signal?: AbortSignal) =>
    api.get<EvidenceOptionsResponse>('/v2/admin/requirements/evidence-options', { signal }),
  /** Who a requirement with these terms would cover now (the dialog's live count). */
  audience: (terms: { bookId: string; department: string; jobTitle: string; siteId: string }, signal?: AbortSignal) =>
    api.get<AudiencePreviewResponse>('/v2/admin/requirements/audience', { query: { ...terms }, signal }),
  create: (body: RequirementInput) => api.post<RequirementResponse>('/v2/admin/requirements', body),
  update: (id: string, body: RequirementInput) =>
    api.put<RequirementResponse>(`/v2/admin/requirements/${enc(id)}`, body),
  retire: (id: string) => api.post<RequirementResponse>(`/v2/admin/requirements/${enc(id)}/retire`),
  exempt: (id: string, body: ExemptionBody) =>
    api.post<{ exemption: ExemptionDto }>(`/v2/admin/requirements/${enc(id)}/exemptions`, body),
  recordEvent: (id: string, body: EventBody) =>
    api.post<{ event: EventDto }>(`/v2/admin/requirements/${enc(id)}/events`, body),
};

export const complianceApi = {
  matrix: (filters: ComplianceFilters, signal?: AbortSignal) =>
    api.get<ComplianceResponse>('/v2/admin/compliance', { query: { ...filters }, signal }),
  /** Who lapses within 30, 60 or 90 days (a forecast bucket), with the matrix's filters. */
  lapses: (filters: LapseFilters, signal?: AbortSignal) =>
    api.get<LapseListResponse>('/v2/admin/compliance/lapses', { query: { ...filters }, signal }),
  /** The whole matrix (every page) as CSV, with the same filters. */
  exportCsv: (filters: ComplianceFilters) =>
    apiRequest<Blob>('/v2/admin/compliance/export.csv', {
      responseType: 'blob',
      query: { ...filters, page: undefined, size: undefined },
    }),
  trainingRecord: (userId: string, signal?: AbortSignal) =>
    api.get<TrainingRecordResponse>(`/v2/admin/users/${enc(userId)}/training-record`, { signal }),
  // The PDF is in the administrator's preferred language, else the one this screen is shown in.
  trainingRecordPdf: (userId: string) =>
    apiRequest<Blob>(`/v2/admin/users/${enc(userId)}/training-record.pdf`, {
      responseType: 'blob',
      headers: { 'Accept-Language': currentLocale() },
    }),
};

export const learnerRequirementsApi = {
  list: (signal?: AbortSignal) => api.get<LearnerRequirementsResponse>('/v2/user/requirements', { signal }),
  recertify: (courseId: string) => api.post<RecertifyResponse>(`/v2/user/progress/courses/${enc(courseId)}/recertify`),
};

/** One page of the matrix in the one list shape (`items`, `pagination`), the summary and columns beside it. */
export const fetchMatrix = (filters: ComplianceFilters, signal: AbortSignal) =>
  complianceApi.matrix(filters, signal).then((data) => ({
    ...data,
    items: data.rows,
    pagination: { ...data.pagination, itemsPerPage: data.pagination.size },
  }));
