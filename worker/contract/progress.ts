/**
 * Learner progress (/api/v2/user/progress): enrolment, component progress, time reports.
 * Request schemas (valibot) validate at the Worker's edge; the response types are what the
 * client reads, fixed so that clients written against the original system keep working; fields
 * marked "extra" are additions the client may use, never replacements.
 */
import * as v from 'valibot';
import { numberBetween, wholeNumber } from './common';
import type { DeliveryLanguage } from './delivery-language';
import type { ComponentType } from './course';
import type { ComponentStatus, CourseStatus } from './rules/progress';
import type { DomainRef } from './auth';

/** Bounds of one time report (the client sends every 30 s and on leaving). */
export const MAX_TIME_REPORT_SECONDS = 3600;

// ---------------------------------------------------------------------------------------------
// Progress: /api/v2/user/progress
// ---------------------------------------------------------------------------------------------

export interface CourseProgress {
  id: string;
  courseId: string;
  courseTitle: string;
  /** The book's name. */
  courseDomain: string;
  /** extra: the book as {id, name}. */
  domain: DomainRef;
  status: CourseStatus;
  overallProgress: number;
  totalComponents: number;
  completedComponents: number;
  enrollmentDate: string;
  startedDate: string | null;
  completedAt: string | null;
  /** extra */
  lastAccessedAt: string | null;
  certificateId: string | null;
  /** extra: the language this enrollment is delivered in (the course version's). */
  language: DeliveryLanguage;
}

export interface ComponentProgress {
  id: string;
  componentId: string;
  componentTitle: string;
  componentType: ComponentType;
  order: number;
  status: ComponentStatus;
  progressPercentage: number;
  score: number | null;
  attempts: number;
  timeSpentSeconds: number;
  startedAt: string | null;
  completedAt: string | null;
  lastAccessedAt: string | null;
  required: boolean;
}

/** extra: where a learner continues a course they have not completed (the course page's Continue target). */
export interface NextComponent {
  id: string;
  title: string;
  type: ComponentType;
  status: ComponentStatus;
}

/** GET /progress/courses: each course with `nextComponent` (extra; null when completed or nothing is open). */
export interface CourseProgressListItem extends CourseProgress {
  nextComponent: NextComponent | null;
}

/** GET /progress/courses */
export interface CourseProgressListResponse {
  progresses: CourseProgressListItem[];
  count: number;
}

/** GET /progress/courses/:id (404 "Course progress not found" when not enrolled) */
export interface CourseProgressDetailResponse {
  courseProgress: CourseProgress;
  componentProgresses: ComponentProgress[];
}

/** POST /progress/courses/:id/enroll */
export interface EnrollResponse {
  message: string;
  progress: CourseProgress;
}

/**
 * POST /progress/courses/:id/start (extra): a required course opens without an enrolment step.
 * `enrolled`: the server enrolled the learner just now; `progress.nextComponent` is where to go.
 */
export interface StartCourseResponse {
  enrolled: boolean;
  progress: CourseProgressListItem;
}

/** POST .../start, PUT .../progress, POST .../complete, PUT .../time */
export interface ComponentProgressResponse {
  message: string;
  progress: ComponentProgress;
}

/** PUT /progress/components/:id/progress — stored in 10 % steps; 100 completes a material. */
export const progressBody = v.object({
  progressPercentage: numberBetween(0, 100, 'progressPercentage must be a number between 0 and 100'),
  /** extra: a video's length as the player knows it (the first one reported is kept). */
  durationSeconds: v.optional(numberBetween(0, 86_400, 'durationSeconds must be a number of seconds')),
});

/** POST /progress/components/:id/complete — materials only; an assessment completes by a passing submission. */
export const completeBody = v.object({
  score: v.optional(v.nullable(numberBetween(0, 100, 'score must be a number between 0 and 100'))),
});

/** PUT /progress/components/:id/time */
export const timeBody = v.object({
  additionalSeconds: wholeNumber(
    1,
    MAX_TIME_REPORT_SECONDS,
    `additionalSeconds must be a whole number between 1 and ${MAX_TIME_REPORT_SECONDS}`,
  ),
});
