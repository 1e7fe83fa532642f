/**
 * Practical evaluations as query options and writes. The templates and the people searched are
 * also kept on the device (web/state/evaluation-store.ts): an evaluator on a floor without a signal
 * still has the checklists and the people seen last, so these reads answer from the device when
 * the server cannot be reached, and run even when the browser says it is offline.
 */
import type { SigningKeyResponse } from '@contract/signature-envelope';
import { queryOptions } from '@tanstack/react-query';
import { readCached, writeCached } from '../state/evaluation-store';
import { ApiClientError } from './client';
import { evaluationsApi, type AcknowledgeBody, type EvaluationTrainee, type SubmitEvaluationBody } from './evaluations';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export type { EvaluationRecord, EvaluationTemplate, EvaluationTrainee } from './evaluations';

const unreachable = (error: unknown) => error instanceof ApiClientError && error.isNetworkError;

/** The device's copy answers only when the server cannot be reached; a refusal is shown as one. */
async function withDeviceCopy<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const fresh = await read();
    await writeCached(key, fresh);
    return fresh;
  } catch (error) {
    const cached = unreachable(error) ? await readCached<T>(key) : undefined;
    if (cached === undefined) throw error;
    return cached;
  }
}

const matches = (person: EvaluationTrainee, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || `${person.name} ${person.username} ${person.department ?? ''}`.toLowerCase().includes(q);
};

const signingKeyEntry = (userId: string) => `signing-key:${userId}`;

/**
 * The public key this device seals the evaluator's password with: the copy kept with the templates,
 * else read now (undefined without a signal and without a copy).
 */
export async function deviceSigningKey(userId: string): Promise<SigningKeyResponse | undefined> {
  const kept = await readCached<SigningKeyResponse>(signingKeyEntry(userId));
  if (kept) return kept;
  return withDeviceCopy(signingKeyEntry(userId), () => evaluationsApi.signingKey()).catch(() => undefined);
}

export const evaluationQueries = {
  /** Published templates the signed-in person may evaluate with (non-empty: they may evaluate). */
  templates: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.evaluations.templates,
      queryFn: async ({ signal }) => {
        // The signing key travels with the templates: whoever has the checklists offline can sign.
        const [templates] = await Promise.all([
          withDeviceCopy(`templates:${userId}`, () => evaluationsApi.templates(signal).then((body) => body.templates)),
          withDeviceCopy(signingKeyEntry(userId), () => evaluationsApi.signingKey(signal)).catch(() => undefined),
        ]);
        return templates;
      },
      networkMode: 'always',
      retry: false,
      staleTime: 5 * 60_000,
    }),
  /** People the evaluator may evaluate; offline, the people seen in earlier searches that match. */
  trainees: (userId: string, query: string) =>
    queryOptions({
      queryKey: queryKeys.evaluations.trainees(query),
      queryFn: async ({ signal }) => {
        const key = `people:${userId}`;
        try {
          const { people } = await evaluationsApi.trainees(query, signal);
          const seen = (await readCached<EvaluationTrainee[]>(key)) ?? [];
          const merged = new Map([...seen, ...people].map((p) => [p.id, p]));
          await writeCached(key, [...merged.values()].slice(-500));
          return { people, offline: false };
        } catch (error) {
          const seen = unreachable(error) ? await readCached<EvaluationTrainee[]>(key) : undefined;
          if (seen === undefined) throw error;
          return { people: seen.filter((p) => matches(p, query)).slice(0, 20), offline: true };
        }
      },
      networkMode: 'always',
      retry: false,
    }),
  mine: (as: 'trainee' | 'evaluator') =>
    queryOptions({
      queryKey: queryKeys.evaluations.mine(as),
      queryFn: ({ signal }) => evaluationsApi.mine(as, signal).then((body) => body.evaluations),
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: queryKeys.evaluations.one(id),
      queryFn: ({ signal }) => evaluationsApi.one(id, signal).then((body) => body.evaluation),
    }),
};

export const evaluationWrites = {
  /** The signed record from the device's outbox (the same id again answers the stored record). */
  submit: defineWrite({
    run: (body: SubmitEvaluationBody) => evaluationsApi.submit(body),
    invalidates: (body) => [queryKeys.evaluations.one(body.id), queryKeys.evaluations.mine('evaluator')],
  }),
  photo: defineWrite({
    run: (input: { id: string; photoId: string; file: Blob }) => evaluationsApi.photo(input),
    invalidates: (input) => [queryKeys.evaluations.one(input.id)],
  }),
  /** The trainee's acknowledgement: on the evaluator's device, or from their own account. */
  acknowledge: defineWrite({
    run: (input: { id: string; body: AcknowledgeBody }) => evaluationsApi.acknowledge(input),
    invalidates: (input) => [
      queryKeys.evaluations.one(input.id),
      queryKeys.evaluations.mine('trainee'),
      queryKeys.learner.requirements,
    ],
  }),
};
