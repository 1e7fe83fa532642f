/**
 * Practical evaluations (issue 28): the templates an evaluator may use, the people they may
 * evaluate, the signed record sent from the device's outbox, its photos, and the trainee's
 * acknowledgement. Reads go through `evaluation-queries.ts`; the outbox (web/state/evaluation-outbox.ts)
 * sends through the writes there.
 */
import type {
  acknowledgeBody,
  EvaluationListResponse,
  EvaluationResponse,
  EvaluatorTemplatesResponse,
  evaluationBody,
  TraineesResponse,
} from '@contract/evaluations';
import type { SigningKeyResponse } from '@contract/signature-envelope';
import type * as v from 'valibot';
import { api } from './client';

export type {
  EvaluationRecord,
  EvaluatorTemplate as EvaluationTemplate,
  TraineeDto as EvaluationTrainee,
} from '@contract/evaluations';

/** What the device sends (fields with a server-side default may be left out). */
export type SubmitEvaluationBody = v.InferInput<typeof evaluationBody>;
export type AcknowledgeBody = v.InferInput<typeof acknowledgeBody>;

const enc = encodeURIComponent;

export const evaluationsApi = {
  templates: (signal?: AbortSignal) => api.get<EvaluatorTemplatesResponse>('/v2/evaluations/templates', { signal }),
  signingKey: (signal?: AbortSignal) => api.get<SigningKeyResponse>('/v2/evaluations/signing-key', { signal }),
  trainees: (query: string, signal?: AbortSignal) =>
    api.get<TraineesResponse>('/v2/evaluations/trainees', { query: { query }, signal }),
  mine: (as: 'trainee' | 'evaluator', signal?: AbortSignal) =>
    api.get<EvaluationListResponse>('/v2/evaluations', { query: { as }, signal }),
  one: (id: string, signal?: AbortSignal) => api.get<EvaluationResponse>(`/v2/evaluations/${enc(id)}`, { signal }),
  submit: (body: SubmitEvaluationBody) => api.post<EvaluationResponse>('/v2/evaluations', body),
  photo: (input: { id: string; photoId: string; file: Blob }) =>
    api.put<unknown>(`/v2/evaluations/${enc(input.id)}/photos/${enc(input.photoId)}`, input.file),
  acknowledge: (input: { id: string; body: AcknowledgeBody }) =>
    api.post<EvaluationResponse>(`/v2/evaluations/${enc(input.id)}/acknowledge`, input.body),
};
