/** Admin people and operations calls; shapes and request bodies from worker/contract/admin-people.ts. */
import type {
  AdminUpdateUserBody,
  assignDomainsBody,
  bulkDeactivateBody,
  BulkDeactivateResponse,
  deactivateBody,
  reactivateBody,
  UserStatusFilter,
  UserStatusResponse,
  bulkDeleteBody,
  CreateUserBody,
  AssignDomainsResponse,
  CreateUserResponse,
  Role,
  UserDetailDto,
  UserDto,
} from '@contract/users';
import type {
  interventionBody,
  AssessmentSummary,
  AttemptRow,
  AttemptsPage,
  AttemptStatusFilter,
  AuditLogPage,
} from '@contract/admin-assessments';
import type { BulkImportResult, ImportRowInput } from '@contract/user-import';
import type { DashboardStats, RecentCourseRow, RecentProgressRow, TopPerformerRow } from '@contract/admin-dashboard';
import type { InferInput } from 'valibot';
import type { ScormResultsPage } from '@contract/scorm';
import { api, apiRequest } from './client';
import { getPage, type Page, type PageParams } from './paging';
// Relative import (not @contract/*): the unit-test project has no path alias.
import { paginationOf, type Pagination } from '../../worker/contract/common';

export type { AttemptRow } from '@contract/admin-assessments';
export type { BulkImportResult } from '@contract/user-import';
export type { UserDetailDto, UserDto } from '@contract/users';

export interface UserFilters {
  role: Role | '';
  domainId: string;
  /** ACTIVE by default: leavers show only when asked for. */
  status: UserStatusFilter;
}

export const usersApi = {
  page: (params: PageParams & UserFilters, signal?: AbortSignal) =>
    getPage<UserDto>('/users', 'users', { ...params }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<UserDetailDto>(`/users/${id}`, { signal }),
  /** The first 20 active people whose username or e-mail contains `q` (pickers). */
  search: (q: string, signal?: AbortSignal) => api.get<UserDto[]>('/users/search', { query: { q }, signal }),
  create: (body: CreateUserBody) => api.post<CreateUserResponse>('/users', body),
  update: (id: string, body: AdminUpdateUserBody) => api.put<UserDetailDto>(`/users/${id}`, body),
  remove: (id: string) => api.delete<{ message: string }>(`/users/${id}`),
  removeMany: (userIds: string[]) =>
    apiRequest<{ message: string; deleted: number }>('/users/bulk', {
      method: 'DELETE',
      body: { userIds } satisfies InferInput<typeof bulkDeleteBody>,
    }),
  importChunk: (rows: ImportRowInput[], signal?: AbortSignal) =>
    api.post<BulkImportResult[]>('/users/bulk', rows, { signal }),
  assignDomains: (userIds: string[], domainIds: string[]) =>
    api.put<AssignDomainsResponse>('/users/domains/assign', { userIds, domainIds } satisfies InferInput<
      typeof assignDomainsBody
    >),
  deactivate: (id: string, reason: string) =>
    api.post<UserStatusResponse>(`/users/${id}/deactivate`, { reason } satisfies InferInput<typeof deactivateBody>),
  reactivate: (id: string, reason: string) =>
    api.post<UserStatusResponse>(`/users/${id}/reactivate`, { reason: reason || null } satisfies InferInput<
      typeof reactivateBody
    >),
  deactivateMany: (body: { userIds?: string[]; usernames?: string[]; reason: string }) =>
    api.post<BulkDeactivateResponse>('/users/bulk-deactivate', body satisfies InferInput<typeof bulkDeactivateBody>),
  exportCsv: () => apiRequest<Blob>('/users/export', { responseType: 'blob', headers: { Accept: 'text/csv' } }),
};

export const dashboardApi = {
  stats: (signal?: AbortSignal) => api.get<DashboardStats>('/v2/admin/dashboard/stats', { signal }),
  recentProgress: (signal?: AbortSignal) =>
    api.get<RecentProgressRow[]>('/v2/admin/dashboard/recent-progress', { signal }),
  recentCourses: (signal?: AbortSignal) => api.get<RecentCourseRow[]>('/v2/admin/dashboard/recent-courses', { signal }),
  topPerformers: (signal?: AbortSignal) => api.get<TopPerformerRow[]>('/v2/admin/dashboard/top-performers', { signal }),
};

type InterventionBody = InferInput<typeof interventionBody>;

/** The attempts list's filters (with the search and the page they make one request). */
export interface AttemptListFilters {
  status: AttemptStatusFilter;
  domainId: string;
}

/** The attempts list keeps its own paging fields: `page` counts from 0 and `size` is the page size. */
interface AttemptsAnswer extends AttemptsPage {
  pagination?: Pagination;
}

export const assessmentsApi = {
  attemptsPage: async (
    { page, limit, ...filters }: PageParams & AttemptListFilters,
    signal?: AbortSignal,
  ): Promise<Page<AttemptRow>> => {
    const answer = await api.get<AttemptsAnswer>('/v2/admin/assessments/attempts', {
      query: { ...filters, page: page - 1, size: limit },
      signal,
    });
    return {
      items: answer.attempts,
      pagination: answer.pagination ?? paginationOf(answer.currentPage + 1, limit, answer.totalItems),
    };
  },
  summary: (signal?: AbortSignal) => api.get<AssessmentSummary>('/v2/admin/assessments/summary', { signal }),
  /** Learners' SCORM results (status, score, time), newest first. */
  scormResults: (page: number, limit = 10, signal?: AbortSignal) =>
    api.get<ScormResultsPage>('/v2/admin/scorm/results', { query: { page, limit }, signal }),
  auditLog: (page: number, size = 10, signal?: AbortSignal) =>
    api.get<AuditLogPage>('/v2/admin/assessments/audit-log', { query: { page, size }, signal }),
  reset: (componentId: string, userId: string, reason: string) =>
    api.post<{ message: string }>(`/v2/admin/assessments/${componentId}/users/${userId}/reset`, {
      reason,
    } satisfies InterventionBody),
  markPassed: (componentId: string, userId: string, score: number, reason: string) =>
    api.post<{ message: string }>(
      `/v2/admin/assessments/${componentId}/users/${userId}/pass`,
      { reason } satisfies InterventionBody,
      { query: { score } },
    ),
};
