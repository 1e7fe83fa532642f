/**
 * Task qualifications (issue 30): the admin's tasks with their writes and the picker's evidence
 * options; a supervisor's list of tasks and who of their team can do one today.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TaskBody,
  TaskEvidenceOptionsResponse,
  TaskResponse,
  TasksResponse,
  TeamQualifiedList,
  TeamQualifiedResponse,
  TeamTasksResponse,
} from '@contract/tasks';
import { api } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

/** What the screen sends: the contract's body before its defaults and trimming. */
export type TaskInput = Pick<TaskBody, 'name' | 'description' | 'siteId' | 'evidence'>;

export const taskQueries = {
  /** Every task, the retired ones after the active ones (the admin list shows both). */
  adminList: () =>
    queryOptions({
      queryKey: queryKeys.admin.tasks.all,
      queryFn: ({ signal }) =>
        api.get<TasksResponse>('/v2/admin/tasks', { query: { includeRetired: 'true' }, signal }).then((b) => b.tasks),
    }),
  evidenceOptions: () =>
    queryOptions({
      queryKey: queryKeys.admin.tasks.evidenceOptions,
      queryFn: ({ signal }) => api.get<TaskEvidenceOptionsResponse>('/v2/admin/tasks/evidence-options', { signal }),
    }),
  teamList: () =>
    queryOptions({
      queryKey: queryKeys.learner.team.tasks,
      queryFn: ({ signal }) => api.get<TeamTasksResponse>('/v2/team/tasks', { signal }).then((b) => b.tasks),
    }),
  /** Who of the caller's team can do the task today ('' for every site of the team): counts and each list's first page. */
  qualified: (taskId: string, siteId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.team.qualified(taskId, siteId),
      queryFn: ({ signal }) =>
        api.get<TeamQualifiedResponse>(`/v2/team/tasks/${enc(taskId)}/qualified`, {
          query: siteId ? { siteId } : {},
          signal,
        }),
    }),
  /** One list's further page (2, 3, ...) of the same answer ("Show more"). */
  qualifiedPage: (taskId: string, siteId: string, list: TeamQualifiedList, page: number) =>
    queryOptions({
      queryKey: [...queryKeys.learner.team.qualified(taskId, siteId), list, page] as const,
      queryFn: ({ signal }) =>
        api.get<TeamQualifiedResponse>(`/v2/team/tasks/${enc(taskId)}/qualified`, {
          query: { ...(siteId ? { siteId } : {}), list, page: String(page) },
          signal,
        }),
    }),
};

/** A task's name and pieces show on the admin list and on the supervisors' screen. */
const taskReads = () => [queryKeys.admin.tasks.all, queryKeys.learner.team.tasks];

export const taskWrites = {
  save: defineWrite({
    run: ({ id, body }: { id: string | null; body: TaskInput }) =>
      id === null
        ? api.post<TaskResponse>('/v2/admin/tasks', body)
        : api.put<TaskResponse>(`/v2/admin/tasks/${enc(id)}`, body),
    invalidates: taskReads,
  }),
  retire: defineWrite({
    run: (id: string) => api.post<TaskResponse>(`/v2/admin/tasks/${enc(id)}/retire`),
    invalidates: taskReads,
  }),
};
