/**
 * Sites and teams (issue 30): the admin's list of sites with its writes, and a supervisor's team
 * (its people and its compliance matrix, read-only). Reads as query options, writes with what they change.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ComplianceResponse } from '@contract/compliance';
import type { SiteResponse, SitesResponse, TeamMembersResponse } from '@contract/sites';
import { usersApi } from './admin-people';
import { api } from './client';
import type { PageParams } from './paging';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export const siteApi = {
  list: (signal?: AbortSignal) => api.get<SitesResponse>('/v2/admin/sites', { signal }),
  teamMembers: (signal?: AbortSignal) => api.get<TeamMembersResponse>('/v2/team/members', { signal }),
};

/** One page of the team's matrix for `usePagedList` (the admin matrix's shape, its rows as the items). */
export const fetchTeamMatrixPage = (params: PageParams & { status: string }, signal: AbortSignal) =>
  api
    .get<ComplianceResponse>('/v2/team/compliance', {
      query: {
        q: params.search,
        page: params.page,
        size: params.limit,
        ...(params.status ? { status: params.status } : {}),
      },
      signal,
    })
    .then((data) => ({
      ...data,
      items: data.rows,
      pagination: { ...data.pagination, itemsPerPage: data.pagination.size },
    }));

export const siteQueries = {
  list: () => queryOptions({ queryKey: queryKeys.admin.sites, queryFn: ({ signal }) => siteApi.list(signal) }),
  /** Active people whose username or e-mail contains `q`: the user form looks a manager up by username. */
  peopleSearch: (q: string) =>
    queryOptions({
      queryKey: [...queryKeys.admin.users.all, 'search', q],
      queryFn: ({ signal }) => usersApi.search(q, signal),
    }),
  teamMembers: () =>
    queryOptions({ queryKey: queryKeys.learner.team.members, queryFn: ({ signal }) => siteApi.teamMembers(signal) }),
};

/** A site's name shows in the user list, the matrix and requirements: they refresh with it. */
const siteReads = () => [queryKeys.admin.sites, queryKeys.admin.users.all];

export const siteWrites = {
  save: defineWrite({
    run: ({ id, name }: { id: string | null; name: string }) =>
      id === null
        ? api.post<SiteResponse>('/v2/admin/sites', { name })
        : api.put<SiteResponse>(`/v2/admin/sites/${enc(id)}`, { name }),
    invalidates: siteReads,
  }),
  retire: defineWrite({
    run: (id: string) => api.post<SiteResponse>(`/v2/admin/sites/${enc(id)}/retire`),
    invalidates: siteReads,
  }),
};
