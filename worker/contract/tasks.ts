import * as v from 'valibot';
import { idString, normalizePersonText, queryInt } from './common';
import { REFUSALS } from './errors';
import { evidencePiece, type EvidenceOptionsResponse, type RequirementEvidenceDto } from './requirement-evidence';
import type { TaskPieceResult, TaskStatus } from './rules/task-qualification';

/**
 * Task qualifications (issue 30): a task is the set of evidence people need to do it ("Operate a
 * reach truck": a course, an authorisation, a licence), optionally at one site. Admins keep them
 * under /api/v2/admin/tasks; a supervisor asks who of their team is qualified on a day under
 * /api/v2/team/tasks/{id}/qualified. The rule: rules/task-qualification.ts.
 */

export const TASK_NAME_LENGTH = 100;
export const TASK_DESCRIPTION_LENGTH = 2000;
/** The most pieces a task may need (a requirement's evidence has no more in practice). */
export const TASK_PIECES_MAX = 20;

/** `POST /api/v2/admin/tasks`, `PUT /api/v2/admin/tasks/{id}`: the whole task. */
export const taskBody = v.object({
  name: v.pipe(
    v.optional(v.string(REFUSALS['task.name']), ''),
    v.string(REFUSALS['task.name']),
    v.transform((value) => normalizePersonText(value)),
    v.nonEmpty(REFUSALS['task.name']),
    v.maxLength(TASK_NAME_LENGTH, REFUSALS['task.nameLength']),
  ),
  description: v.pipe(
    v.optional(v.nullable(v.string(REFUSALS['task.descriptionLength'])), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(TASK_DESCRIPTION_LENGTH, REFUSALS['task.descriptionLength']),
  ),
  /** The site the task is done at; null / "" / absent: any site. */
  siteId: v.pipe(
    v.optional(v.nullable(v.union([idString, v.literal('')], REFUSALS['site.unknown'])), null),
    v.transform((value) => value || null),
  ),
  evidence: v.pipe(
    v.optional(v.array(evidencePiece, REFUSALS['task.evidenceRequired']), []),
    v.array(evidencePiece, REFUSALS['task.evidenceRequired']),
    v.minLength(1, REFUSALS['task.evidenceRequired']),
    v.maxLength(TASK_PIECES_MAX, REFUSALS['task.evidenceRequired']),
  ),
});
export type TaskBody = v.InferOutput<typeof taskBody>;

export interface TaskDto {
  id: string;
  name: string;
  description: string;
  siteId: string | null;
  siteName: string | null;
  /** Every piece the task needs, named (the requirement's shapes). */
  evidence: RequirementEvidenceDto[];
  createdAt: string;
  updatedAt: string;
  retiredAt: string | null;
}
export interface TasksResponse {
  tasks: TaskDto[];
}
export interface TaskResponse {
  task: TaskDto;
}

/** `GET /api/v2/admin/tasks?includeRetired=true`: retired tasks too (after the active ones). */
export const tasksQuery = v.object({
  includeRetired: v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0']), 'false'),
    v.transform((value) => value === 'true' || value === '1'),
  ),
});

/**
 * `GET /api/v2/admin/tasks/evidence-options`: everything a task may need, for the admin screen's
 * picker (what the requirement dialog offers, plus courses and toolbox talk topics), so an
 * administrator with User Management alone can define tasks.
 */
export interface TaskEvidenceOptionsResponse extends EvidenceOptionsResponse {
  courses: { id: string; name: string }[];
  talkTopics: { id: string; name: string }[];
}

/** A task as a supervisor picks it on "Who can do this today?" (`GET /api/v2/team/tasks`). */
export interface TeamTaskDto {
  id: string;
  name: string;
  siteId: string | null;
  siteName: string | null;
}
export interface TeamTasksResponse {
  tasks: TeamTaskDto[];
}

/** The four lists of "who can do this today?", in the order the screen shows them. */
export const TEAM_QUALIFIED_LISTS = ['qualified', 'lapsingWithin7Days', 'lapsingWithin30Days', 'notQualified'] as const;
export type TeamQualifiedList = (typeof TEAM_QUALIFIED_LISTS)[number];
/** People per list in one answer (a site lead's team is thousands: the rest comes a page at a time). */
export const TEAM_QUALIFIED_PAGE = 50;

/**
 * A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused), today when absent; `siteId`
 * narrows the team to its people at one site (the team's own lines still decide who is in it);
 * `list` + `page` ask for one list's further page (the others come empty; the counts always).
 */
export const qualifiedQuery = v.object({
  siteId: v.optional(idString),
  list: v.optional(v.picklist(TEAM_QUALIFIED_LISTS, `list must be one of ${TEAM_QUALIFIED_LISTS.join(', ')}`)),
  page: queryInt(1, 1, 100_000, 'page must be a positive whole number'),
  date: v.optional(
    v.pipe(
      v.string(REFUSALS['task.date']),
      v.trim(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, REFUSALS['task.date']),
      v.check(
        (value) =>
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        REFUSALS['task.date'],
      ),
    ),
  ),
});

/** One person of the team and how they stand for the task that day. */
export interface TeamQualifiedPerson {
  id: string;
  name: string;
  username: string;
  siteName: string | null;
  status: TaskStatus;
  /** When their qualification lapses if nothing is renewed (null when not qualified). */
  validUntil: string | null;
  /** Names of the pieces that stop them (missing, expired, revoked) or that expire within 30 days. */
  missing: Pick<TaskPieceResult, 'kind' | 'name' | 'status'>[];
  expiring: Pick<TaskPieceResult, 'kind' | 'name' | 'status' | 'validUntil'>[];
}

/**
 * `GET /api/v2/team/tasks/{id}/qualified?date=&siteId=&list=&page=`: the caller's team only.
 * `qualified`: everyone qualified that day (EXPIRING included); `lapsingWithin7Days` /
 * `lapsingWithin30Days`: those of them whose qualification ends within 7 / 30 days of the day (the
 * 30 includes the 7); `notQualified`: the rest of the team (a site's task: the team's people of that
 * site), with what stops them. Each list holds one page (`pageSize` people by name: the first page
 * of every list, or with `list` that list's `page` and the others empty); `counts` the whole lists.
 */
export interface TeamQualifiedResponse {
  task: { id: string; name: string; siteId: string | null; siteName: string | null };
  date: string;
  counts: Record<TeamQualifiedList, number>;
  /** The list asked for a further page, null for the first page of every list. */
  list: TeamQualifiedList | null;
  page: number;
  pageSize: number;
  qualified: TeamQualifiedPerson[];
  lapsingWithin7Days: TeamQualifiedPerson[];
  lapsingWithin30Days: TeamQualifiedPerson[];
  notQualified: TeamQualifiedPerson[];
}
