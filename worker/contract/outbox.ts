import * as v from 'valibot';
import { idString, queryInt } from './common';
import { complianceQuery } from './compliance';
import { REFUSALS } from './errors';

/** Reminders an administrator sends from the compliance matrix, and the mail outbox they go through. */

/** The most people one "Send reminder" reaches (a filter wider than this is refused, not cut). */
export const MAX_REMINDER_PEOPLE = 500;

const filterFields = v.pick(complianceQuery, ['bookId', 'department', 'jobTitle', 'status', 'q']);

/** Either the chosen rows (`userIds`) or the matrix's filter (every person it lists). */
export const sendRemindersBody = v.pipe(
  v.object({
    userIds: v.optional(
      v.pipe(
        v.array(idString),
        v.maxLength(MAX_REMINDER_PEOPLE, REFUSALS['reminder.tooMany'].replace('{max}', String(MAX_REMINDER_PEOPLE))),
      ),
    ),
    filter: v.optional(filterFields),
  }),
  v.check((body) => (body.userIds?.length ?? 0) > 0 || body.filter !== undefined, REFUSALS['reminder.nobody']),
);
export type SendRemindersBody = v.InferInput<typeof sendRemindersBody>;

/** Why a person got no reminder: one today already, nothing due, or no longer active. */
export const REMINDER_SKIPS = ['alreadyToday', 'nothingDue', 'inactive'] as const;
export type ReminderSkip = (typeof REMINDER_SKIPS)[number];

export interface SendRemindersResponse {
  sent: { userId: string; name: string }[];
  skipped: { userId: string; name: string; reason: ReminderSkip }[];
}

export const MAIL_STATUS_FILTERS = ['SENT', 'PENDING', 'FAILED', 'RECORDED'] as const;
export type MailStatus = (typeof MAIL_STATUS_FILTERS)[number];

export const outboxQuery = v.object({
  status: v.optional(v.picklist(['', ...MAIL_STATUS_FILTERS], 'Unknown status'), ''),
  page: queryInt(1, 1, 100_000, 'page must be a positive whole number'),
  limit: queryInt(25, 1, 100, 'limit must be between 1 and 100'),
});

/** One outbox message as the screens show it: never its body (a reset link may be in it). */
export interface MailDto {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  kind: string | null;
  userId: string | null;
  error: string | null;
  tries: number;
  createdAt: string;
  sentAt: string | null;
  nextTryAt: string | null;
}

export interface OutboxResponse {
  messages: MailDto[];
  pagination: { page: number; totalPages: number; totalItems: number; itemsPerPage: number };
  counts: Record<MailStatus, number>;
}

export interface MailLogResponse {
  messages: MailDto[];
}

export const mailIdParam = v.object({ id: idString });
