/**
 * Classroom sessions from the learner's side (issue 29): the dashboard's My sessions (accept,
 * decline or join the waitlist, the calendar file) and the QR check-in; plus the rotating code the
 * trainer's check-in screen shows (its roster is session-queries.ts's trainer read).
 */
import { queryOptions } from '@tanstack/react-query';
import type { CheckInCodeResponse, InvitationStatus, MySessionsResponse } from '@contract/sessions';
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
};

export const mySessionQueries = {
  list: () =>
    queryOptions({ queryKey: queryKeys.learner.sessions, queryFn: ({ signal }) => mySessionApi.list(signal) }),
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
