import * as v from 'valibot';
import { wholeNumber } from './common';
import { REFUSALS } from './errors';
import type { ComplianceStatus, EvidenceKind } from './rules/compliance';

/**
 * What satisfies a requirement (issue 28): the pieces a request names, how the API answers them,
 * how a matrix cell and column name them, and what the requirement dialog may offer.
 */

export const EVIDENCE_MESSAGES = {
  evidenceRequired: REFUSALS['requirement.evidenceRequired'],
  oneCourse: REFUSALS['requirement.oneCourse'],
  courseNotFound: REFUSALS['course.notFound'],
  templateNotFound: REFUSALS['requirement.templateNotFound'],
  credentialTypeNotFound: REFUSALS['requirement.credentialTypeNotFound'],
  talkTopicNotFound: REFUSALS['talk.topicNotFound'],
  everyDays: REFUSALS['requirement.talkEveryDays'],
} as const;

/** The longest period a requirement may ask a talk to be repeated in (a year). */
export const TALK_EVERY_DAYS_MAX = 366;

const refId = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(100, message));

/** One piece of what satisfies a requirement (all pieces are needed together). */
export const evidencePiece = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('course'), courseId: refId(EVIDENCE_MESSAGES.courseNotFound) }),
    // Any version's id of a template, stored as its family (every version's authorisation counts).
    v.object({ kind: v.literal('evaluation'), templateId: refId(EVIDENCE_MESSAGES.templateNotFound) }),
    v.object({ kind: v.literal('credential'), credentialTypeId: refId(EVIDENCE_MESSAGES.credentialTypeNotFound) }),
    // A toolbox talk on the topic attended within the last `everyDays` days (issue 29).
    v.object({
      kind: v.literal('talk'),
      topicId: refId(EVIDENCE_MESSAGES.talkTopicNotFound),
      everyDays: wholeNumber(1, TALK_EVERY_DAYS_MAX, EVIDENCE_MESSAGES.everyDays),
    }),
  ],
  EVIDENCE_MESSAGES.evidenceRequired,
);
export type EvidencePiece = v.InferOutput<typeof evidencePiece>;

/** A piece of what satisfies a requirement, as the API answers it (the request's shape, named). */
export type RequirementEvidenceDto =
  | { kind: 'course'; courseId: string; name: string }
  | { kind: 'evaluation'; templateId: string; name: string }
  | { kind: 'credential'; credentialTypeId: string; name: string }
  | { kind: 'talk'; topicId: string; everyDays: number; name: string };

/** One piece of evidence of a cell: what it is, how it stands, and the number of the valid one. */
export interface CellEvidence {
  kind: EvidenceKind;
  /** Course title, evaluation template name, credential type name or talk topic title. */
  name: string;
  status: Exclude<ComplianceStatus, 'exempt'>;
  /** Certificate, authorisation or credential number of the valid piece (a credential may have none: ''). */
  number?: string;
  validUntil?: string;
}

export interface MatrixColumn {
  id: string;
  courseId: string | null;
  courseTitle: string;
  /** What the column's requirement needs (course, evaluation template, credential type), named. */
  evidence: { kind: EvidenceKind; name: string }[];
}

/** What the requirement dialog offers beside courses: published evaluation template families and credential types in use. */
export interface EvidenceOptionsResponse {
  /** `id` is the family's id (what a requirement stores); `name` its latest published version's. */
  templates: { id: string; name: string }[];
  credentialTypes: { id: string; name: string }[];
}
