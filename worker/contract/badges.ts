import * as v from 'valibot';
import type { ComplianceStatus } from './rules/compliance';
import type { CellEvidence } from './requirement-evidence';

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

export interface BadgeStatusResponse {
  person: { id: string; name: string; jobTitle: string | null; siteName: string | null };
  /** Why the caller sees the full status. */
  viewer: 'admin' | 'supervisor';
  /** Judged on this day (UTC). */
  asOf: string;
  requirements: BadgeRequirementStatus[];
  /**
   * Task qualifications (issue 30 scope 3, another helper): null until the task rule exists; then
   * one entry per task that applies, qualified / not qualified / expiring with what is missing.
   */
  tasks: null;
}
