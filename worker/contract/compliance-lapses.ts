import * as v from 'valibot';
import { queryInt } from './common';
import { complianceQuery } from './compliance';
import type { ComplianceStatus } from './rules/compliance';

/**
 * Who lapses: the people behind a forecast bucket of the compliance summary (30, 60 or 90 days),
 * one row per person and required course that stops being valid within the window, soonest first.
 */

export const LAPSE_WINDOWS = [30, 60, 90] as const;
export type LapseWindow = (typeof LAPSE_WINDOWS)[number];

export const lapseQuery = v.object({
  ...v.omit(complianceQuery, ['status']).entries,
  days: v.pipe(
    v.optional(v.string(), '30'),
    v.trim(),
    v.check((value) => LAPSE_WINDOWS.map(String).includes(value), 'days must be 30, 60 or 90'),
    v.transform((value) => Number(value) as LapseWindow),
  ),
  size: queryInt(50, 1, 100, 'size must be between 1 and 100'),
});
export type LapseQuery = v.InferOutput<typeof lapseQuery>;

export interface LapseRow {
  user: { id: string; name: string; username: string; department: string | null; jobTitle: string | null };
  /** The matrix column's key: the course, or the requirement when it needs more than a course (columnKeyOf). */
  key: string;
  /** Null for a requirement without a course (courseTitle then names what it needs). */
  courseId: string | null;
  courseTitle: string;
  /** Due soon, compliant (a certificate that expires) or pending (training not yet due). */
  status: ComplianceStatus;
  /** When the person stops being trained on this course if nothing is done. */
  lapsesAt: string;
}

export interface LapseListResponse {
  days: LapseWindow;
  /** People with at least one lapse in the window: the forecast bucket's figure. */
  people: number;
  rows: LapseRow[];
  pagination: { page: number; size: number; totalItems: number; totalPages: number };
}
