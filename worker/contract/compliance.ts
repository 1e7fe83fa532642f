import * as v from 'valibot';
import { idString, optionalText, queryInt, searchText, wholeNumber, requiredText } from './common';
import {
  COMPLIANCE_STATUSES,
  DEFAULT_DUE_SOON_DAYS,
  DEFAULT_DUE_WITHIN_DAYS,
  type ComplianceStatus,
} from './rules/compliance';
import { REFUSALS } from './errors';
import {
  EVIDENCE_MESSAGES,
  evidencePiece,
  type CellEvidence,
  type EvidencePiece,
  type MatrixColumn,
  type RequirementEvidenceDto,
} from './requirement-evidence';

/**
 * Requests and answers of required training: requirements, the compliance matrix, recertification.
 * A person's whole training record (the answer that gathers all of it) is in ./training-record.ts.
 */

export const COMPLIANCE_MESSAGES = {
  requirementNotFound: REFUSALS['requirement.notFound'],
  courseRequired: REFUSALS['requirement.courseRequired'],
  evidenceRequired: EVIDENCE_MESSAGES.evidenceRequired,
  oneCourse: EVIDENCE_MESSAGES.oneCourse,
  templateNotFound: EVIDENCE_MESSAGES.templateNotFound,
  credentialTypeNotFound: EVIDENCE_MESSAGES.credentialTypeNotFound,
  talkTopicNotFound: EVIDENCE_MESSAGES.talkTopicNotFound,
  courseNotFound: REFUSALS['course.notFound'],
  bookRequired: REFUSALS['requirement.bookRequired'],
  bookNotFound: REFUSALS['book.notFound'],
  courseNotInBook: REFUSALS['requirement.courseNotInBook'],
  daysRange: (field: string, max: number) => `${field} must be a whole number from 1 to ${max}`,
  dateFormat: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  retired: REFUSALS['requirement.retired'],
  alreadyRetired: REFUSALS['requirement.alreadyRetired'],
  duplicate: REFUSALS['requirement.duplicate'],
  userRequired: REFUSALS['requirement.userRequired'],
  userNotFound: REFUSALS['user.notFound'],
  notCovered: REFUSALS['requirement.notCovered'],
  reasonRequired: REFUSALS['common.reasonRequired'],
  untilFuture: REFUSALS['requirement.untilFuture'],
  noteRequired: REFUSALS['record.noteRequired'],
  kindInvalid: REFUSALS['record.kindInvalid'],
  occurredFuture: REFUSALS['record.occurredFuture'],
  notEnrolled: 'You are not enrolled in this course',
  noCertificate: 'You have no certificate of this course to renew yet. Complete the course first.',
  notDue: (validUntil: string, opensOn: string) =>
    `Your certificate is valid until ${validUntil}. Recertification opens on ${opensOn}.`,
  attemptOpen: 'Finish or submit your open assessment attempt before starting recertification',
  courseUnavailable: 'This course is not available for recertification',
  recertified: 'A new training cycle has started. Your previous progress and certificates are kept in your history.',
} as const;

export const EVENT_KINDS = [
  'INCIDENT',
  'NEAR_MISS',
  'UNSAFE_PRACTICE',
  'NEW_EQUIPMENT',
  'NEW_PROCESS',
  'OTHER',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

// Kept with the rule, which has no schemas: a client screen that only shows a status chip then
// does not pull this module's validators into its bundle.
export { STATUS_LABELS } from './rules/compliance';

const MAX_DAYS = 3650;
const days = (field: string, fallback: number) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), fallback),
    v.transform((value) => (value == null || value === '' ? fallback : value)),
    wholeNumber(1, MAX_DAYS, COMPLIANCE_MESSAGES.daysRange(field, MAX_DAYS)),
  );

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const dayString = (field: string) =>
  v.pipe(
    v.string(COMPLIANCE_MESSAGES.dateFormat(field)),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, COMPLIANCE_MESSAGES.dateFormat(field)),
    v.check(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      COMPLIANCE_MESSAGES.dateFormat(field),
    ),
  );

/** Start of a UTC day as an ISO instant. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;

const audienceText = (field: string) => optionalText(100, `${field} must be at most 100 characters`);

/**
 * A requirement: `evidence` names what satisfies it (issue 28); `courseId` alone keeps working and
 * is its course piece. Both given: the course joins the pieces. At most one course.
 */
export const requirementBody = v.pipe(
  v.object({
    courseId: v.pipe(
      v.optional(v.nullable(v.string(COMPLIANCE_MESSAGES.courseNotFound)), ''),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(100, COMPLIANCE_MESSAGES.courseNotFound),
    ),
    evidence: v.optional(
      v.pipe(
        v.array(evidencePiece, COMPLIANCE_MESSAGES.evidenceRequired),
        v.maxLength(10, COMPLIANCE_MESSAGES.evidenceRequired),
      ),
      [],
    ),
    bookId: v.pipe(
      v.optional(v.string(COMPLIANCE_MESSAGES.bookRequired), ''),
      v.string(),
      v.nonEmpty(COMPLIANCE_MESSAGES.bookRequired),
      v.maxLength(100, COMPLIANCE_MESSAGES.bookNotFound),
    ),
    department: audienceText('Department'),
    jobTitle: audienceText('Job title'),
    siteId: v.pipe(
      v.optional(v.nullable(v.union([idString, v.literal('')])), null),
      v.transform((value) => value || null),
    ),
    dueWithinDays: days('Due within days', DEFAULT_DUE_WITHIN_DAYS),
    dueSoonDays: days('Due soon days', DEFAULT_DUE_SOON_DAYS),
    /** Blank: from today. */
    activeFrom: v.pipe(
      v.optional(v.nullable(v.string()), null),
      v.transform((value) => (value == null || value.trim() === '' ? null : value)),
      v.nullable(dayString('Active from')),
    ),
  }),
  v.transform(({ courseId, evidence, ...rest }) => {
    const pieces: EvidencePiece[] =
      courseId && !evidence.some((p) => p.kind === 'course' && p.courseId === courseId)
        ? [{ kind: 'course', courseId }, ...evidence]
        : evidence;
    const course = pieces.find((p) => p.kind === 'course');
    return { ...rest, evidence: pieces, courseId: course?.kind === 'course' ? course.courseId : null };
  }),
  v.check((body) => body.evidence.length > 0, COMPLIANCE_MESSAGES.evidenceRequired),
  v.check(
    (body) => new Set(body.evidence.flatMap((p) => (p.kind === 'course' ? [p.courseId] : []))).size <= 1,
    COMPLIANCE_MESSAGES.oneCourse,
  ),
);
export type RequirementBody = v.InferOutput<typeof requirementBody>;

export const requirementIdParam = v.object({ id: idString });

/** The person an exemption or event is about (a missing one and an unknown one answer differently). */
const personOfRecord = v.pipe(
  v.optional(v.string(COMPLIANCE_MESSAGES.userRequired), ''),
  v.string(),
  v.nonEmpty(COMPLIANCE_MESSAGES.userRequired),
  v.maxLength(100, COMPLIANCE_MESSAGES.userNotFound),
);

/** A day field that must be given; a missing one answers as a badly written one. */
const requiredDay = (field: string) =>
  v.pipe(v.optional(v.string(COMPLIANCE_MESSAGES.dateFormat(field)), ''), dayString(field));

export const exemptionBody = v.object({
  userId: personOfRecord,
  reason: requiredText(COMPLIANCE_MESSAGES.reasonRequired, 500, 'The reason must be at most 500 characters'),
  until: requiredDay('End date'),
});
export type ExemptionBody = v.InferOutput<typeof exemptionBody>;

export const eventBody = v.object({
  userId: personOfRecord,
  kind: v.picklist(EVENT_KINDS, COMPLIANCE_MESSAGES.kindInvalid),
  note: requiredText(COMPLIANCE_MESSAGES.noteRequired, 1000, 'The note must be at most 1000 characters'),
  occurredOn: requiredDay('Date'),
});
export type EventBody = v.InferOutput<typeof eventBody>;

/** The requirement dialog's audience preview: the terms typed so far (the book may not be chosen yet). */
export const audienceQuery = v.object({
  bookId: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, COMPLIANCE_MESSAGES.bookNotFound)),
  department: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(100, 'Department must be at most 100 characters'),
  ),
  jobTitle: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, 'Job title must be at most 100 characters')),
  siteId: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100)),
});

/** How many names the preview shows ("and N more" for the rest). */
export const AUDIENCE_NAMES_SHOWN = 5;

export interface AudiencePreviewResponse {
  /** People the requirement would cover now. */
  count: number;
  /** The first of them in name order, at most AUDIENCE_NAMES_SHOWN. */
  people: { id: string; name: string }[];
}

export const requirementListQuery = v.object({
  includeRetired: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => ['true', '1', 'yes'].includes(value.trim().toLowerCase())),
  ),
});

export const complianceQuery = v.object({
  bookId: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, COMPLIANCE_MESSAGES.bookNotFound)),
  department: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, 'Department is too long')),
  jobTitle: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, 'Job title is too long')),
  status: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.check(
      (value) => value === '' || (COMPLIANCE_STATUSES as readonly string[]).includes(value),
      `status must be one of ${COMPLIANCE_STATUSES.join(', ')}`,
    ),
    v.transform((value) => (value === '' ? null : (value as ComplianceStatus))),
  ),
  q: searchText,
  page: queryInt(1, 1, 100_000, 'page must be a positive whole number'),
  size: queryInt(25, 1, 100, 'size must be between 1 and 100'),
});
export type ComplianceQuery = v.InferOutput<typeof complianceQuery>;

export const userIdParam = v.object({ id: idString });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export interface RequirementDto {
  id: string;
  /** Null for a requirement without a course. */
  courseId: string | null;
  /** The course's title, or for a requirement without a course the names of what it needs. */
  courseTitle: string;
  /** Everything the requirement needs, all together (its course too); `templateId` is the template family's id. */
  evidence: RequirementEvidenceDto[];
  bookId: string;
  bookName: string;
  department: string | null;
  jobTitle: string | null;
  /** Only the people of this site (issue 30); null: any site. */
  siteId: string | null;
  siteName: string | null;
  dueWithinDays: number;
  dueSoonDays: number;
  /** ISO instant (start of the UTC day). */
  activeFrom: string;
  retiredAt: string | null;
  createdAt: string;
  /** People covered now (active accounts only). */
  coveredCount: number;
}

export interface RequirementResponse {
  requirement: RequirementDto;
}
export interface RequirementListResponse {
  requirements: RequirementDto[];
}

export interface ComplianceCell {
  requirementId: string;
  /** Null for a requirement without a course. */
  courseId: string | null;
  status: ComplianceStatus;
  dueAt: string | null;
  validUntil: string | null;
  certificateNumber: string | null;
  /** Every piece the requirement needs (its course too). */
  evidence?: CellEvidence[];
}

/**
 * One cell of the matrix page: the status, and only the facts that apply to it (a field without a
 * value is left out). Its requirement and course are those of its column.
 */
export interface MatrixCell {
  status: ComplianceStatus;
  /** When training is or was due (pending, overdue) or when the valid certificate lapses (compliant, due soon). */
  dueAt?: string;
  /** How long the current certificate is valid. */
  validUntil?: string;
  certificateNumber?: string;
  /** End of the exemption in force (exempt cells). */
  exemptUntil?: string;
  /** Each piece the requirement needs, when it needs more than a course (evaluation, credential). */
  evidence?: CellEvidence[];
}

export interface ComplianceRow {
  user: { id: string; name: string; username: string; department: string | null; jobTitle: string | null };
  /**
   * One per column of `requirements`, in the same order; null where the person is not covered by
   * that course's requirements. (A page of 50 people x 20 courses was 160 KB with the ids and the
   * empty fields written in every cell; aligned and without them it is less than half.)
   */
  cells: (MatrixCell | null)[];
}

export interface ComplianceSummary {
  pending: number;
  compliant: number;
  dueSoon: number;
  overdue: number;
  exempt: number;
  /** Share of the cells that are not exempt which hold a valid certificate (compliant or due soon), 0–100, one decimal. */
  percentCompliant: number;
  /** People who stop being trained on at least one requirement within 30/60/90 days if nothing is done. */
  forecast: { d30: number; d60: number; d90: number };
}

export interface ComplianceResponse {
  rows: ComplianceRow[];
  /**
   * The matrix's columns: one per required course (the first active requirement of that course),
   * and one per requirement without a course (`courseId` null, `courseTitle` naming what it needs).
   */
  requirements: MatrixColumn[];
  summary: ComplianceSummary;
  pagination: { page: number; size: number; totalItems: number; totalPages: number };
}

export interface ExemptionDto {
  id: string;
  requirementId: string;
  courseTitle: string;
  reason: string;
  until: string;
  createdAt: string;
  createdBy: string;
}

export interface EventDto {
  id: string;
  requirementId: string;
  courseTitle: string;
  kind: EventKind;
  note: string;
  occurredOn: string;
  createdAt: string;
  createdBy: string;
}

export interface LearnerRequirement {
  requirementId: string;
  /**
   * The course version the learner trains in: the language version whose certificate meets the
   * requirement, or that they are enrolled in; else the required course itself (`requiredCourseId`).
   */
  courseId: string | null;
  /** The course the requirement names (any version of its family meets it); null when it needs none. */
  requiredCourseId: string | null;
  /** The course's title, or the names of what a requirement without a course needs. */
  courseTitle: string;
  /** Each piece the requirement needs (its course, an evaluation, a credential), with how it stands. */
  evidence?: CellEvidence[];
  status: ComplianceStatus;
  dueAt: string | null;
  validUntil: string | null;
  certificateNumber: string | null;
  /** Whether the course's current cycle may be renewed now (a new cycle can start). */
  canRecertify: boolean;
  /** The learner's course progress in the current cycle (null: not enrolled). */
  progressStatus: 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED' | null;
}
export interface LearnerRequirementsResponse {
  requirements: LearnerRequirement[];
}

export interface RecertifyResponse {
  message: string;
  courseId: string;
  cycle: number;
}
