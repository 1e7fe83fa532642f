/**
 * Toolbox talks (issue 29): the foreman's topics and crew (also kept on the device, so a talk can
 * start and finish without a signal), the signed talk sent from the device's outbox, the talks a
 * person led or attended, and the admin's topic library.
 */
import type {
  ForemanTopicsResponse,
  OwnPhoneSignaturesResponse,
  SelfSignatureResponse,
  SelfSignBody,
  TalkBody,
  TalkResponse,
  TalksResponse,
  TalkTopicBody,
  TalkTopicResponse,
  TalkTopicsResponse,
} from '@contract/talks';
import type { TraineesResponse } from '@contract/evaluations';
import { queryOptions } from '@tanstack/react-query';
import { readTalkCache, writeTalkCache } from '../state/talk-store';
import { api, ApiClientError } from './client';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export type { TalkSummary, TalkTopicDto } from '@contract/talks';
export type ForemanTopic = ForemanTopicsResponse['topics'][number];
export type CrewPerson = TraineesResponse['people'][number];

const enc = encodeURIComponent;
const unreachable = (error: unknown) => error instanceof ApiClientError && error.isNetworkError;

/** The device's copy answers only when the server cannot be reached; a refusal (not a foreman) is shown as one. */
async function withDeviceCopy<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const fresh = await read();
    await writeTalkCache(key, fresh);
    return fresh;
  } catch (error) {
    const cached = unreachable(error) ? await readTalkCache<T>(key) : undefined;
    if (cached === undefined) throw error;
    return cached;
  }
}

const matches = (person: CrewPerson, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || `${person.name} ${person.username} ${person.department ?? ''}`.toLowerCase().includes(q);
};

/** The link that opens a topic's PDF handout (a file, not a data read). */
export const topicPdfUrl = (topicId: string) => `/api/v2/talks/topics/${enc(topicId)}/pdf`;

export const talkQueries = {
  /** Topics the caller may read out (a 403 says they are not a foreman). */
  topics: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.talks.topics,
      queryFn: ({ signal }) =>
        withDeviceCopy(`topics:${userId}`, () =>
          api.get<ForemanTopicsResponse>('/v2/talks/topics', { signal }).then((body) => body.topics),
        ),
      networkMode: 'always',
      retry: false,
      staleTime: 5 * 60_000,
    }),
  /** The crew a foreman may name; offline, the people seen in earlier searches that match. */
  crew: (userId: string, query: string) =>
    queryOptions({
      queryKey: queryKeys.talks.crew(query),
      queryFn: async ({ signal }) => {
        const key = `crew:${userId}`;
        try {
          const { people } = await api.get<TraineesResponse>('/v2/talks/crew', { query: { query }, signal });
          const seen = (await readTalkCache<CrewPerson[]>(key)) ?? [];
          const merged = new Map([...seen, ...people].map((p) => [p.id, p]));
          await writeTalkCache(key, [...merged.values()].slice(-500));
          return { people, offline: false };
        } catch (error) {
          const seen = unreachable(error) ? await readTalkCache<CrewPerson[]>(key) : undefined;
          if (seen === undefined) throw error;
          return { people: seen.filter((p) => matches(p, query)).slice(0, 20), offline: true };
        }
      },
      networkMode: 'always',
      retry: false,
    }),
  /** The foreman's device while the QR shows: who signed on their own phone (refreshed; offline it simply waits). */
  ownPhone: (id: string, topicId: string) =>
    queryOptions({
      queryKey: queryKeys.talks.ownPhone(id),
      queryFn: ({ signal }) =>
        api
          .get<OwnPhoneSignaturesResponse>(`/v2/talks/${enc(id)}/self-signatures`, { query: { topicId }, signal })
          .then((b) => b.people),
      refetchInterval: 5_000,
      retry: false,
    }),
  /** The crew member's phone after the scan: the talk the QR names and their own signature of it. */
  selfSignature: (id: string, qr: SelfSignBody) =>
    queryOptions({
      queryKey: queryKeys.talks.selfSignature(id),
      queryFn: ({ signal }) =>
        api.get<SelfSignatureResponse>(`/v2/talks/${enc(id)}/self-signature`, { query: { ...qr }, signal }),
      retry: false,
    }),
  mine: (as: 'foreman' | 'attendee') =>
    queryOptions({
      queryKey: queryKeys.talks.mine(as),
      queryFn: ({ signal }) => api.get<TalksResponse>('/v2/talks', { query: { as }, signal }).then((b) => b.talks),
    }),
  adminTopics: () =>
    queryOptions({
      queryKey: queryKeys.admin.talkTopics,
      queryFn: ({ signal }) => api.get<TalkTopicsResponse>('/v2/admin/talk-topics', { signal }).then((b) => b.topics),
    }),
};

const topicReads = [queryKeys.admin.talkTopics, queryKeys.talks.topics];

export const talkWrites = {
  /** The signed talk from the device's outbox (the same id again answers the stored record). */
  submit: defineWrite({
    run: (body: TalkBody) => api.post<TalkResponse>('/v2/talks', body),
    invalidates: () => [queryKeys.talks.all],
  }),
  /** "I attended this talk" on one's own phone (the same again answers the same). */
  selfSign: defineWrite({
    run: (input: { id: string; qr: SelfSignBody }) =>
      api.post<SelfSignatureResponse>(`/v2/talks/${enc(input.id)}/self-signature`, input.qr),
    invalidates: (input) => [queryKeys.talks.selfSignature(input.id), queryKeys.talks.mine('attendee')],
  }),
  createTopic: defineWrite({
    run: (body: TalkTopicBody) => api.post<TalkTopicResponse>('/v2/admin/talk-topics', body),
    invalidates: () => topicReads,
  }),
  updateTopic: defineWrite({
    run: (input: { id: string; body: TalkTopicBody }) =>
      api.put<TalkTopicResponse>(`/v2/admin/talk-topics/${enc(input.id)}`, input.body),
    invalidates: () => topicReads,
  }),
  uploadPdf: defineWrite({
    run: (input: { id: string; file: Blob }) =>
      api.put<TalkTopicResponse>(`/v2/admin/talk-topics/${enc(input.id)}/pdf`, input.file),
    invalidates: () => topicReads,
  }),
  retireTopic: defineWrite({
    run: (id: string) => api.post<TalkTopicResponse>(`/v2/admin/talk-topics/${enc(id)}/retire`),
    invalidates: () => topicReads,
  }),
  /** The foreman capability, from the admin user screen. */
  setLeader: defineWrite({
    run: (input: { userId: string; leadsTalks: boolean }) =>
      api.put<{ userId: string; leadsTalks: boolean }>(`/v2/admin/talk-leaders/${enc(input.userId)}`, {
        leadsTalks: input.leadsTalks,
      }),
    invalidates: () => [queryKeys.admin.users.all],
  }),
};
