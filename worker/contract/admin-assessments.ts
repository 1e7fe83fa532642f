import * as v from 'valibot';
import { idString, searchText, type Pagination } from './common';
import { REFUSALS } from './errors';

/* Assessment oversight (/api/v2/admin/assessments): attempts, summary, audit log, interventions. */

export const ATTEMPT_STATUS_FILTERS = ['PASSED', 'FAILED', 'ALL'] as const;
export type AttemptStatusFilter = (typeof ATTEMPT_STATUS_FILTERS)[number];
export const ASSESSMENT_PAGE_SIZE = 10;
export const DEFAULT_MARK_PASSED_SCORE = 70;

const pageParam = (fallback: number, max: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(max));

const optionalId = v.optional(v.union([idString, v.literal('')], 'Invalid id'), '');

/** `page` is 0-based here (the first page is `page=0`, as original admin clients send it), `size` the page size. */
export const attemptsQuery = v.object({
  status: v.optional(v.picklist(ATTEMPT_STATUS_FILTERS, 'Status must be PASSED, FAILED or ALL'), 'PASSED'),
  domainId: optionalId,
  courseId: optionalId,
  userId: optionalId,
  search: searchText,
  page: pageParam(0, 100_000),
  size: v.pipe(
    v.optional(v.string(), String(ASSESSMENT_PAGE_SIZE)),
    v.toNumber(),
    v.integer(),
    v.minValue(1),
    v.maxValue(100),
  ),
});

export const auditLogQuery = v.object({
  search: searchText,
  page: pageParam(0, 100_000),
  size: v.pipe(v.optional(v.string(), '20'), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)),
});

/** One row per learner and assessment: the latest submitted attempt and what it means. */
export interface AttemptRow {
  id: string;
  userId: string;
  username: string;
  email: string;
  componentId: string;
  componentTitle: string;
  courseId: string;
  courseTitle: string;
  domainId: string;
  domainName: string;
  attemptNumber: number;
  maxAttempts: number;
  score: number | null;
  passed: boolean;
  startedAt: string;
  submittedAt: string | null;
  progressStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | null;
  progressScore: number | null;
  remainingAttempts: number;
  canAdminIntervene: boolean;
  /** True when the passing result was set by an administrator (Mark as Passed). */
  markedByAdmin: boolean;
}

export interface AttemptsPage {
  attempts: AttemptRow[];
  totalItems: number;
  totalPages: number;
  /** 0-based, as requested. */
  currentPage: number;
  /** The same position in the one pagination shape (1-based `page`). */
  pagination?: Pagination;
}

export interface AssessmentSummary {
  totalAttempts: number;
  passedAttempts: number;
  failedAttempts: number;
  topFailingComponents: { componentId: string; componentTitle: string; courseTitle: string; failedAttempts: number }[];
}

export const INTERVENTION_MESSAGES = {
  reasonRequired: REFUSALS['common.reasonRequired'],
  score: REFUSALS['intervention.score'],
  notAllowed: REFUSALS['intervention.notAllowed'],
  notFound: REFUSALS['intervention.notFound'],
  resetDone: 'Assessment attempts have been reset successfully',
  passedDone: 'Assessment has been marked as passed successfully',
  resetWarning: 'This action will delete all existing attempts and reset the progress status. It cannot be undone.',
} as const;

export const interventionBody = v.object({
  reason: v.pipe(
    v.optional(v.nullable(v.string(INTERVENTION_MESSAGES.reasonRequired)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(INTERVENTION_MESSAGES.reasonRequired),
    v.maxLength(1000, REFUSALS['user.reasonLength']),
  ),
});

export const markPassedQuery = v.object({
  score: v.pipe(
    v.optional(v.string(), String(DEFAULT_MARK_PASSED_SCORE)),
    v.transform((value) => (value.trim() === '' ? DEFAULT_MARK_PASSED_SCORE : Number(value))),
    v.number(INTERVENTION_MESSAGES.score),
    v.check((n) => Number.isFinite(n) && n >= 0 && n <= 100, INTERVENTION_MESSAGES.score),
  ),
});

/** Whether an admin may Reset or Mark as Passed: only a learner who failed and has no attempt left. */
export function canIntervene(row: {
  passed: boolean;
  remainingAttempts: number;
  progressStatus: string | null;
}): boolean {
  return !row.passed && row.remainingAttempts <= 0 && row.progressStatus !== 'COMPLETED';
}

/** Passed / Failed for a submitted attempt, otherwise the progress status. */
export function attemptStatusText(row: Pick<AttemptRow, 'submittedAt' | 'passed' | 'progressStatus'>): string {
  if (row.submittedAt) return row.passed ? 'Passed' : 'Failed';
  switch (row.progressStatus) {
    case 'COMPLETED':
      return 'Completed';
    case 'FAILED':
      return 'Failed';
    case 'IN_PROGRESS':
      return 'In Progress';
    default:
      return 'Not Started';
  }
}

export interface AuditEntry {
  id: string;
  actorId: string;
  actorUsername: string;
  action: string;
  targetUserId: string | null;
  targetUsername: string | null;
  entityType: string | null;
  entityId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  totalItems: number;
  totalPages: number;
  /** 0-based, as requested. */
  currentPage: number;
  /** The same position in the one pagination shape (1-based `page`). */
  pagination?: Pagination;
}
