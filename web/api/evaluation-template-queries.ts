/** Evaluation templates (admin, Module Management): reads as query options, writes with what they change. */
import type { TemplateBody, TemplateListResponse, TemplateResponse } from '@contract/evaluations';
import { queryOptions } from '@tanstack/react-query';
import { pageCourses } from './admin-content';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export type { TemplateDto, TemplateResponse } from '@contract/evaluations';
export type TemplateInput = TemplateBody;

const enc = encodeURIComponent;
const templateReads = [queryKeys.admin.evaluationTemplates.all];

export const evaluationTemplateQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.admin.evaluationTemplates.all,
      queryFn: ({ signal }) => api.get<TemplateListResponse>('/v2/admin/evaluation-templates', { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.admin.evaluationTemplates.detail(id),
      queryFn: ({ signal }) => api.get<TemplateResponse>(`/v2/admin/evaluation-templates/${enc(id)}`, { signal }),
    }),
  /** The qualification picker's courses (the first 100 by the list's order: a plant has far fewer). */
  courseOptions: () =>
    queryOptions({
      queryKey: [...queryKeys.admin.courses.all, 'evaluator-qualification'] as const,
      queryFn: ({ signal }) => pageCourses({ page: 1, limit: 100, search: '', status: '', domainId: '' }, signal),
    }),
};

export const evaluationTemplateWrites = {
  /** A new template (no `id`), a draft's edit, or a published version's edit (which drafts the next version). */
  save: defineWrite({
    run: ({ id, body }: { id: string | null; body: TemplateInput }) =>
      id === null
        ? api.post<TemplateResponse>('/v2/admin/evaluation-templates', body)
        : api.put<TemplateResponse>(`/v2/admin/evaluation-templates/${enc(id)}`, body),
    invalidates: () => templateReads,
  }),
  publish: defineWrite({
    run: (id: string) => api.post<TemplateResponse>(`/v2/admin/evaluation-templates/${enc(id)}/publish`),
    invalidates: () => templateReads,
  }),
};
