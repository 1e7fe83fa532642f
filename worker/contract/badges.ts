import * as v from 'valibot';
import type { ComplianceStatus } from './rules/compliance';
import type { CellEvidence } from './requirement-evidence';
import type { TeamQualifiedPerson } from './tasks';

/*
 * Badges (issue 30): the printable card GET /api/v2/users/{id}/badge.pdf and the field check behind
 * the badge page /badge/{signedId}: GET /api/v2/badges/{signedId}/status, for the person's
 * supervisors and their administrators only (docs/decisions/2026-11-28-badge-page.md).
 */

/** A signed badge id as the page's path carries it (worker/services/badge.ts checks the signature). */
export const badgeParam = v.object({ signedId: v.pipe(v.string(), v.maxLength(100)) });

/** One requirement that applies to the person, as it stands today, with the pieces still missing. */
export interface BadgeRequirementStatus {
  requirementId: string;
  title: string;
  status: ComplianceStatus;
  dueAt: string | null;
  validUntil: string | null;
  /** Every piece the requirement needs and how it stands. */
  pieces: CellEvidence[];
  /** Names of the pieces that are not compliant today (what the person still needs). */
  missing: string[];
}

/** One task that applies to the person (their site's or every site's), as they stand for it today. */
export interface BadgeTaskStatus extends Pick<TeamQualifiedPerson, 'status' | 'validUntil' | 'missing' | 'expiring'> {
  taskId: string;
  name: string;
  siteName: string | null;
}

export interface BadgeStatusResponse {
  person: { id: string; name: string; jobTitle: string | null; siteName: string | null };
  /** Why the caller sees the full status. */
  viewer: 'admin' | 'supervisor';
  /** Judged on this day (UTC). */
  asOf: string;
  requirements: BadgeRequirementStatus[];
  /**
   * Every active task that applies to the person (no site, or the person's site), judged today by
   * the task rule: not qualified first, then expiring, then qualified, each by name.
   */
  tasks: BadgeTaskStatus[];
}
