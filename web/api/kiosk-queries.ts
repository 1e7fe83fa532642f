/**
 * The classroom kiosk (issue 29): the person's own PIN and badge (profile), the trainer opening
 * the kiosk, and the tablet's calls, which send the kiosk token in its own header and never a
 * bearer token (the tablet holds no one's session).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  KIOSK_HEADER,
  type BadgeResponse,
  type KioskCheckInResponse,
  type KioskOpenResponse,
  type KioskResponse,
  type PinResponse,
} from '@contract/kiosk';
import { api, apiRequest } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const enc = encodeURIComponent;
const asKiosk = (token: string) => ({ token: null, headers: { [KIOSK_HEADER]: token } });

export const kioskApi = {
  pin: (signal?: AbortSignal) => api.get<PinResponse>('/v2/user/pin', { signal }),
  badge: (signal?: AbortSignal) => api.get<BadgeResponse>('/v2/user/badge', { signal }),
  /** A person's printable badge card (CR80 PDF): theirs, or a team member's or a managed user's (issue 30). */
  badgeCard: (userId: string) => apiRequest<Blob>(`/v2/users/${enc(userId)}/badge.pdf`, { responseType: 'blob' }),
  kiosk: (sessionId: string, token: string, signal?: AbortSignal) =>
    api.get<KioskResponse>(`/v2/kiosk/${enc(sessionId)}`, { signal, ...asKiosk(token) }),
};

export const kioskQueries = {
  pin: () => queryOptions({ queryKey: queryKeys.learner.pin, queryFn: ({ signal }) => kioskApi.pin(signal) }),
  badge: () =>
    queryOptions({
      queryKey: queryKeys.learner.badge,
      queryFn: ({ signal }) => kioskApi.badge(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  kiosk: (sessionId: string, token: string) =>
    queryOptions({
      queryKey: queryKeys.kiosk(sessionId),
      queryFn: ({ signal }) => kioskApi.kiosk(sessionId, token, signal),
      retry: false,
      // The tablet notices within a minute that the trainer closed it elsewhere or the session ended.
      refetchInterval: 60_000,
    }),
};

export type KioskCheckInInput =
  | { sessionId: string; token: string; method: 'pin'; username: string; pin: string }
  | { sessionId: string; token: string; method: 'badge'; badge: string };

export const kioskWrites = {
  setPin: defineWrite({
    run: (input: { pin: string; password: string }) => api.put<PinResponse>('/v2/user/pin', input),
    invalidates: () => [queryKeys.learner.pin],
  }),
  /** The trainer opens the kiosk on this device (the answer's token is kept by the tablet only). */
  open: defineWrite({
    run: (sessionId: string) => api.post<KioskOpenResponse>(`/v2/sessions/${enc(sessionId)}/kiosk`),
    invalidates: () => [],
  }),
  checkIn: defineWrite({
    run: ({ sessionId, token, ...body }: KioskCheckInInput) =>
      api.post<KioskCheckInResponse>(`/v2/kiosk/${enc(sessionId)}/check-in`, body, asKiosk(token)),
    invalidates: () => [],
  }),
  close: defineWrite({
    run: ({ sessionId, token, ...body }: { sessionId: string; token: string; username: string; password: string }) =>
      api.post<{ closed: true }>(`/v2/kiosk/${enc(sessionId)}/close`, body, asKiosk(token)),
    invalidates: (input) => [queryKeys.kiosk(input.sessionId)],
  }),
};
