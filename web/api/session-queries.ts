/**
 * Classroom sessions as their runners see them (issue 29): administrators under /v2/admin/sessions
 * (Module Management), a session's own trainers under /v2/sessions. One roster screen serves both:
 * `scope` picks the path.
 */
import type {
  SessionBody,
  SessionListResponse,
  SessionPeopleResponse,
  SessionResponse,
  SessionSitesResponse,
} from '@contract/sessions';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export type { RosterEntry, SessionDetail, SessionSummary } from '@contract/sessions';
export type SessionScope = 'admin' | 'trainer';
export type SessionInput = SessionBody;
export type SessionPerson = SessionPeopleResponse['people'][number];

const enc = encodeURIComponent;
/** Whose person search: a session's runner (walk-ins, invitations) or the schedule form (null). */
export type SearchTarget = { scope: SessionScope; id: string } | null;
const targetKey = (target: SearchTarget) => (target ? `${target.scope}:${target.id}` : 'schedule');
const sessionReads = [queryKeys.classroomSessions.all];

export const sessionQueries = {
  list: (scope: SessionScope) =>
    queryOptions({
      queryKey: queryKeys.classroomSessions.list(scope),
      queryFn: ({ signal }) =>
        api.get<SessionListResponse>(scope === 'admin' ? '/v2/admin/sessions' : '/v2/sessions', { signal }),
    }),
  one: (scope: SessionScope, id: string) =>
    queryOptions({
      queryKey: queryKeys.classroomSessions.one(scope, id),
      queryFn: ({ signal }) =>
        scope === 'admin'
          ? api.get<SessionResponse>(`/v2/admin/sessions/${enc(id)}`, { signal })
          : api.get<SessionResponse>(`/v2/sessions/${enc(id)}`, { signal }),
      // Learners check in by QR while the roster is open: it is read afresh when shown again.
      staleTime: 0,
    }),
  people: (target: SearchTarget, query: string) =>
    queryOptions({
      queryKey: queryKeys.classroomSessions.people(targetKey(target), query),
      queryFn: ({ signal }) =>
        (!target
          ? api.get<SessionPeopleResponse>(`/v2/admin/sessions/people?query=${enc(query)}`, { signal })
          : target.scope === 'admin'
            ? api.get<SessionPeopleResponse>(`/v2/admin/sessions/${enc(target.id)}/people?query=${enc(query)}`, {
                signal,
              })
            : api.get<SessionPeopleResponse>(`/v2/sessions/${enc(target.id)}/people?query=${enc(query)}`, { signal })
        ).then((r) => r.people),
      enabled: query.trim().length >= 2,
    }),
  /** The schedule form's site choices (active sites). */
  sites: () =>
    queryOptions({
      queryKey: queryKeys.classroomSessions.sites,
      queryFn: ({ signal }) => api.get<SessionSitesResponse>('/v2/admin/sessions/sites', { signal }),
    }),
};

interface MarkInput {
  scope: SessionScope;
  id: string;
  userId: string;
  present: boolean;
  /** Required once the roster is signed off (an amendment). */
  reason?: string;
}
const markBody = ({ present, reason }: { present: boolean; reason?: string }) => ({
  present,
  ...(reason ? { reason } : {}),
});

export const sessionWrites = {
  create: defineWrite({
    run: (body: SessionInput) => api.post<SessionResponse>('/v2/admin/sessions', body),
    invalidates: () => sessionReads,
  }),
  invite: defineWrite({
    run: ({ id, body }: { id: string; body: { userIds: string[] } | { requirementId: string } }) =>
      api.post<SessionResponse & { invited: number; alreadyInvited: number }>(
        `/v2/admin/sessions/${enc(id)}/invite`,
        body,
      ),
    invalidates: () => sessionReads,
  }),
  mark: defineWrite({
    run: ({ scope, id, userId, ...body }: MarkInput) =>
      scope === 'admin'
        ? api.put<SessionResponse>(`/v2/admin/sessions/${enc(id)}/attendance/${enc(userId)}`, markBody(body))
        : api.put<SessionResponse>(`/v2/sessions/${enc(id)}/attendance/${enc(userId)}`, markBody(body)),
    invalidates: () => sessionReads,
  }),
  signOff: defineWrite({
    run: ({
      scope,
      id,
      ...signature
    }: { scope: SessionScope; id: string } & ({ password: string } | { signingProof: string })) =>
      scope === 'admin'
        ? api.post<SessionResponse>(`/v2/admin/sessions/${enc(id)}/sign-off`, signature)
        : api.post<SessionResponse>(`/v2/sessions/${enc(id)}/sign-off`, signature),
    invalidates: () => sessionReads,
  }),
};

/** The attendance sheet as a file (a link cannot send the bearer token). */
export const attendanceSheet = (scope: SessionScope, id: string) =>
  scope === 'admin'
    ? apiRequest<Blob>(`/v2/admin/sessions/${enc(id)}/attendance-sheet.pdf`, { responseType: 'blob' })
    : apiRequest<Blob>(`/v2/sessions/${enc(id)}/attendance-sheet.pdf`, { responseType: 'blob' });
