import * as v from 'valibot';
import { arrayOrPageQueryFields, type Pagination, requiredText } from './common';
import { REFUSALS } from './errors';

export const FEEDBACK_TYPES = ['QUERY', 'COMPLAINT', 'NEW_IDEA'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Status chip colours: OPEN error, IN_PROGRESS warning, RESOLVED success. */
export const FEEDBACK_STATUS_TONE: Record<FeedbackStatus, 'error' | 'warning' | 'success'> = {
  OPEN: 'error',
  IN_PROGRESS: 'warning',
  RESOLVED: 'success',
};

/** A submission as any client sees it. It carries no user id: anonymous ones cannot be traced. */
export interface SubmissionDto {
  id: string;
  type: FeedbackType;
  subject: string;
  description: string;
  isAnonymous: boolean;
  anonymous: boolean;
  /** The author's name, or 'Anonymous' for an anonymous submission. */
  userName: string | null;
  status: FeedbackStatus;
  adminResponse: string | null;
  respondedBy: string | null;
  respondedAt: string | null;
  createdAt: string;
}

export const THINK_MESSAGES = {
  type: 'Type is required',
  subject: 'Subject is required',
  description: 'Description is required',
  response: REFUSALS['think.response'],
  status: 'Status must be OPEN, IN_PROGRESS or RESOLVED',
  submitted: 'Your submission has been received successfully.',
  responded: 'Response submitted successfully',
  statusUpdated: 'Status updated successfully',
  notFound: 'Submission not found',
  rateLimited: 'Too many submissions from your network. Please try again later.',
} as const;

export const submitBody = v.pipe(
  v.object({
    type: v.pipe(v.optional(v.string(THINK_MESSAGES.type), ''), v.picklist(FEEDBACK_TYPES, THINK_MESSAGES.type)),
    subject: requiredText(THINK_MESSAGES.subject, 200, 'Subject must be at most 200 characters'),
    description: requiredText(THINK_MESSAGES.description, 5000, 'Description must be at most 5000 characters'),
    isAnonymous: v.optional(v.boolean()),
    anonymous: v.optional(v.boolean()),
  }),
  v.transform(({ anonymous, isAnonymous, ...rest }) => ({
    ...rest,
    isAnonymous: Boolean(isAnonymous ?? anonymous ?? false),
  })),
);
export type SubmitBody = v.InferInput<typeof submitBody>;

export const respondBody = v.object({
  response: requiredText(THINK_MESSAGES.response, 5000, 'Response must be at most 5000 characters'),
  status: v.optional(v.picklist(FEEDBACK_STATUSES, THINK_MESSAGES.status)),
});

export const statusBody = v.object({
  status: v.pipe(v.optional(v.string(THINK_MESSAGES.status), ''), v.picklist(FEEDBACK_STATUSES, THINK_MESSAGES.status)),
});

/** 'Responded' when an admin response exists, otherwise 'Pending'. */
export function responseLabel(s: Pick<SubmissionDto, 'adminResponse'>): 'Responded' | 'Pending' {
  return s.adminResponse?.trim() ? 'Responded' : 'Pending';
}

/** Status after a response: the one given, else OPEN becomes IN_PROGRESS and the others stay. */
export function statusAfterResponse(current: FeedbackStatus, requested?: FeedbackStatus): FeedbackStatus {
  if (requested) return requested;
  return current === 'OPEN' ? 'IN_PROGRESS' : current;
}

/** Think lists: the plain array without `page` (original clients), `{submissions, pagination}` with it. */
export const submissionListQuery = v.object({
  ...arrayOrPageQueryFields(),
  status: v.optional(
    v.union([v.picklist(FEEDBACK_STATUSES), v.literal('')], 'Status must be OPEN, IN_PROGRESS or RESOLVED'),
    '',
  ),
  type: v.optional(
    v.union([v.picklist(FEEDBACK_TYPES), v.literal('')], 'Type must be QUERY, COMPLAINT or NEW_IDEA'),
    '',
  ),
});
export interface SubmissionListPage {
  submissions: SubmissionDto[];
  pagination: Pagination;
}
