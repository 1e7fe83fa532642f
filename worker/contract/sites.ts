import * as v from 'valibot';
import { idString, normalizePersonText } from './common';
import { REFUSALS } from './errors';
import type { ComplianceResponse } from './compliance';

/**
 * Sites and reporting lines (issue 30): where people work, whom they report to, the admin's list of
 * sites, and the team routes of a supervisor (their direct and indirect reports only). How a site
 * limit on an administrator composes with the permission flags:
 * docs/decisions/2026-11-28-site-limited-admins.md.
 */

export const SITE_NAME_LENGTH = 100;

const siteName = v.pipe(
  v.optional(v.string(REFUSALS['site.name']), ''),
  v.string(REFUSALS['site.name']),
  v.transform((value) => normalizePersonText(value)),
  v.nonEmpty(REFUSALS['site.name']),
  v.maxLength(SITE_NAME_LENGTH, REFUSALS['site.nameLength']),
);

/** `POST /api/v2/admin/sites`, `PUT /api/v2/admin/sites/{id}` (a rename). */
export const siteBody = v.object({ name: siteName });

export interface SiteDto {
  id: string;
  name: string;
  /** Active people who work there. */
  peopleCount: number;
  createdAt: string;
  retiredAt: string | null;
}
export interface SitesResponse {
  sites: SiteDto[];
}
export interface SiteResponse {
  site: SiteDto;
}

/** A user's site or manager in a write: an id, or null / "" to clear it; absent leaves it. */
export const optionalRef = v.pipe(
  v.optional(v.nullable(v.union([idString, v.literal('')]))),
  v.transform((value) => (value === '' ? null : value)),
);

/** One person of a supervisor's team, as `GET /api/v2/team/members` lists them. */
export interface TeamMemberDto {
  id: string;
  name: string;
  username: string;
  department: string | null;
  jobTitle: string | null;
  siteId: string | null;
  siteName: string | null;
  managerId: string | null;
  /** 1: reports to the caller; 2: to one of those; and so on. */
  depth: number;
}
export interface TeamMembersResponse {
  members: TeamMemberDto[];
}
/** `GET /api/v2/team/compliance`: the admin matrix's shape, limited to the caller's team. */
export type TeamComplianceResponse = ComplianceResponse;

/** `GET /api/v2/team/members?q=`: name, username or e-mail contains. */
export const teamMembersQuery = v.object({
  q: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100)),
});
