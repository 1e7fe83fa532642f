/**
 * Practical evaluations (issue 28): the templates an evaluator may use, the people they may
 * evaluate, the signed record sent from the device's outbox, its photos, and the trainee's
 * acknowledgement. Reads go through `evaluation-queries.ts`; the outbox (web/state/evaluation-outbox.ts)
 * sends through the writes there.
 */
import { api } from './client';

const enc = encodeURIComponent;

type ItemResult = 'PASS' | 'NOT_YET' | 'NOT_APPLICABLE';
type Outcome = 'COMPETENT' | 'NOT_YET_COMPETENT';

export interface EvaluationTemplate {
  id: string;
  familyId: string;
  version: number;
  name: string;
  description: string | null;
  grants: string;
  validityDays: number | null;
  items: { id: string; text: string; critical: boolean }[];
}

export interface EvaluationTrainee {
  id: string;
  name: string;
  username: string;
  department: string | null;
  jobTitle: string | null;
}

export interface EvaluationRecord {
  id: string;
  templateId: string;
  familyId: string;
  templateName: string;
  templateVersion: number;
  grants: string;
  traineeId: string;
  traineeName: string;
  evaluatorId: string;
  evaluatorName: string;
  outcome: Outcome;
  meaning: string;
  note: string | null;
  conductedAt: string;
  signedAt: string;
  items: { itemId: string; text: string; critical: boolean; result: ItemResult; note: string | null }[];
  failedItems: string[];
  photoCount: number;
  photos: { id: string; url: string }[];
  acknowledgement: null | { method: 'password' | 'signature' | 'account'; name: string; at: string };
  authorisation: null | { id: string; number: string; expiresAt: string | null; status: string; verifyUrl: string };
}

export interface SubmitEvaluationBody {
  id: string;
  templateId: string;
  traineeId: string;
  items: { itemId: string; result: ItemResult; note?: string }[];
  outcome: Outcome;
  note?: string;
  conductedAt: string;
  photoCount: number;
  password: string;
}

export type AcknowledgeBody =
  | { method: 'password'; username: string; password: string }
  | { method: 'signature'; name: string; signature: string }
  | { method: 'account' };

export const evaluationsApi = {
  templates: (signal?: AbortSignal) =>
    api.get<{ templates: EvaluationTemplate[] }>('/v2/evaluations/templates', { signal }),
  trainees: (query: string, signal?: AbortSignal) =>
    api.get<{ people: EvaluationTrainee[] }>('/v2/evaluations/trainees', { query: { query }, signal }),
  mine: (as: 'trainee' | 'evaluator', signal?: AbortSignal) =>
    api.get<{ evaluations: EvaluationRecord[] }>('/v2/evaluations', { query: { as }, signal }),
  one: (id: string, signal?: AbortSignal) =>
    api.get<{ evaluation: EvaluationRecord }>(`/v2/evaluations/${enc(id)}`, { signal }),
  submit: (body: SubmitEvaluationBody) => api.post<{ evaluation: EvaluationRecord }>('/v2/evaluations', body),
  photo: (input: { id: string; photoId: string; file: Blob }) =>
    api.put<unknown>(`/v2/evaluations/${enc(input.id)}/photos/${enc(input.photoId)}`, input.file),
  acknowledge: (input: { id: string; body: AcknowledgeBody }) =>
    api.post<{ evaluation: EvaluationRecord }>(`/v2/evaluations/${enc(input.id)}/acknowledge`, input.body),
};
