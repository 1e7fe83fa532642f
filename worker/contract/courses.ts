/**
 * Learner courses (GET /api/v2/user/courses, GET /api/v2/user/courses/:id).
 * Request schemas (valibot) validate at the Worker's edge; the response types are what the
 * client reads, fixed so that clients written against the original system keep working; fields
 * marked "extra" are additions the client may use, never replacements.
 */
import * as v from 'valibot';
import type { CourseVersion, DeliveryLanguage } from './delivery-language';
import { pageQueryFields, queryBool } from './common';
import type { MaterialType } from './course';
import type { DomainRef } from './auth';
import type { Pagination } from './common';

// ---------------------------------------------------------------------------------------------
// Courses: GET /api/v2/user/courses, GET /api/v2/user/courses/:id
// ---------------------------------------------------------------------------------------------

export const COURSE_SORTS = ['recent', 'alphabetical', 'domain'] as const;
export const COURSE_LIST_STATUSES = ['progress', 'completed'] as const;
export type CourseListStatus = (typeof COURSE_LIST_STATUSES)[number];
export type CourseSort = (typeof COURSE_SORTS)[number];

/** `?page=1&limit=20&showAll=true&search=fire&sortBy=recent` (sortBy empty = recent). */
export const courseListQuery = v.object({
  ...pageQueryFields(20, 100),
  showAll: queryBool,
  sortBy: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => (value.trim() === '' ? 'recent' : value.trim())),
    v.picklist(COURSE_SORTS, 'sortBy must be recent, alphabetical or domain'),
  ),
  /** Preferred delivery language, over Accept-Language (anything unsupported is ignored). */
  lang: v.optional(v.pipe(v.string(), v.maxLength(35)), ''),
  /** My Courses' status tabs: enrolled and not completed, or completed (blank = every course). */
  status: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.trim()),
    v.picklist(['', ...COURSE_LIST_STATUSES], 'status must be progress or completed'),
  ),
  /** One book's courses only (blank = every book). */
  bookId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'bookId is too long')), ''),
});

export interface Course {
  id: string;
  title: string;
  description: string | null;
  domain: DomainRef;
  icon: string;
  /** Minutes. */
  timeLimit: number | null;
  /** Percent; 70 when the course sets none. */
  passingScore: number;
  status: 'PUBLISHED';
  componentCount: number;
  createdAt: string;
  publishedAt: string | null;
  enrollmentStatus: 'enrolled' | 'not_enrolled';
  /** True for a course of another book shown by showAll: visible, not enrollable. */
  isLocked: boolean;
  canEnroll: boolean;
  /** The language this version of the course is delivered in. */
  language: DeliveryLanguage;
}

/** An assessment's terms as a learner reads them before any question is served (the course page, the intro). */
export interface AssessmentTerms {
  title: string;
  description: string | null;
  /** Minutes. */
  timeLimit: number;
  passingScore: number;
  maxAttempts: number;
  /** How many questions the assessment has. */
  questionCount: number;
}

/** What a learner sees of an assessment component: never its questions or answers. */
export interface LearnerAssessmentData extends AssessmentTerms {
  /**
   * Ids only, so clients can count questions; the texts come with an open attempt, the keys never.
   * Always sent by the Worker; optional in the type so client-side fixtures without it still compile.
   */
  questions?: { id: string }[];
}

export interface LearnerMaterialData {
  title: string;
  description: string | null;
  materialId: string | null;
  type: MaterialType | null;
}

/** What a learner sees of a classroom component: what to do, and the next session when one is linked. */
export interface LearnerClassroomData {
  title: string;
  description: string | null;
  /** The learner's next session of this component (filled once classroom sessions exist), else null. */
  nextSession: { startsAt: string; endsAt: string; location: string } | null;
}

export type LearnerComponent =
  | {
      id: string;
      type: 'PRE_ASSESSMENT' | 'POST_ASSESSMENT';
      order: number;
      orderIndex: number;
      required: boolean;
      data: LearnerAssessmentData;
    }
  | { id: string; type: 'MATERIAL'; order: number; orderIndex: number; required: boolean; data: LearnerMaterialData }
  | { id: string; type: 'CLASSROOM'; order: number; orderIndex: number; required: boolean; data: LearnerClassroomData };

export interface CourseListResponse {
  courses: Course[];
  pagination: Pagination;
  /** How many courses each status tab holds (the other filters and the search left out). */
  counts: { all: number; progress: number; completed: number };
  /** The books of the visible courses, by name (the book filter's options). */
  books: DomainRef[];
}

/** The course object itself, its fields at the top level, plus its components. */
export type CourseDetail = Course & {
  components: LearnerComponent[];
  /** The other published versions of the course (same course, other languages): "Also available in". */
  versions: CourseVersion[];
};
export type CourseDetailResponse = CourseDetail;
