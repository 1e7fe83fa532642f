/**
 * Classroom sessions from the learner's side (issue 29): the dashboard's My sessions (accept,
 * decline or join the waitlist, the calendar file) and the QR check-in; plus the two reads of the
 * trainer's check-in screen (the rotating code and who has checked in).
 */
import { queryOptions } from '@tanstack/react-query';
import type { CheckInCodeResponse, InvitationStatus, MySessionsResponse, SessionResponse } from '@contract/sessions';
import { api, apiRequest } from './client';
import { progressReads, queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;

export interface InvitationAnswer {
  invitation: InvitationStatus | null;
  waitlistPosition: number | null;
}

export interface CheckInAnswer {
  checkedIn: true;
  already: boolean;
}

export const mySessionApi = {
  list: (signal?: AbortSignal) => api.get<MySessionsResponse>('/v2/user/sessions', { signal }),
  calendar: (id: string) => apiRequest<Blob>(`/v2/user/sessions/${enc(id)}/calendar.ics`, { responseType: 'blob' }),
  /** The trainer's current code; `receivedAt` is the device's clock (the machine uses only a difference). */
  code: async (id: string, signal?: AbortSignal) => {
    const body = await api.get<CheckInCodeResponse>(`/v2/sessions/${enc(id)}/check-in-code`, { signal });
    return { ...body, receivedAt: new Date().toISOString() };
  },
  /** The session with its roster, as its trainer reads it. */
  roster: (id: string, signal?: AbortSignal) => api.get<SessionResponse>(`/v2/sessions/${enc(id)}`, { signal }),
};

export const mySessionQueries = {
  list: () =>
    queryOptions({ queryKey: queryKeys.learner.sessions, queryFn: ({ signal }) => mySessionApi.list(signal) }),
  /** Read again every few seconds: people check in from their own phones. */
  checkInScreen: (id: string) =>
    queryOptions({
      queryKey: queryKeys.classroomSessions.checkInScreen(id),
      queryFn: ({ signal }) => mySessionApi.roster(id, signal),
      refetchInterval: 4_000,
    }),
};

export const mySessionWrites = {
  accept: defineWrite({
    run: (id: string) => api.post<InvitationAnswer>(`/v2/user/sessions/${enc(id)}/accept`),
    invalidates: () => [queryKeys.learner.sessions, queryKeys.learner.progress.all, ['learner', 'course']],
  }),
  decline: defineWrite({
    run: (id: string) => api.post<InvitationAnswer>(`/v2/user/sessions/${enc(id)}/decline`),
    invalidates: () => [queryKeys.learner.sessions, ['learner', 'course']],
  }),
  checkIn: defineWrite({
    run: ({ id, code }: { id: string; code: string }) =>
      api.post<CheckInAnswer>(`/v2/user/sessions/${enc(id)}/check-in`, { code }),
    invalidates: () => [queryKeys.learner.sessions, ...progressReads],
  }),
};
