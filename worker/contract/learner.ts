/**
 * The learner journey contract: courses, progress and assessments under /api/v2/user.
 * Request schemas (valibot) validate at the Worker's edge; the response types are what the
 * client reads, fixed so that clients written against the original system keep working; fields
 * marked "extra" are additions the client may use (resuming an attempt, showing the server clock), never replacements.
 */
import * as v from 'valibot';
import type { CourseVersion, DeliveryLanguage } from './delivery-language';
import { pageQueryFields, queryBool } from './common';
import type { ComponentType, MaterialType, QuestionType, SubmitReason } from './course';
import type { ComponentStatus, CourseStatus } from './rules/progress';

// ---------------------------------------------------------------------------------------------
// Shared
// ---------------------------------------------------------------------------------------------

/** Seconds after the deadline during which a submit or autosave is still taken as given. */
export const ATTEMPT_GRACE_SECONDS = 15;
/** Bounds of one time report (the client sends every 30 s and on leaving). */
export const MAX_TIME_REPORT_SECONDS = 3600;

/** The moment after which an attempt takes no more input: the server deadline plus the grace. */
export function attemptClosesAt(deadline: string): number {
  return Date.parse(deadline) + ATTEMPT_GRACE_SECONDS * 1000;
}

/** Whole seconds left until `deadline` at `nowMs` (never negative): the countdown. */
export function secondsUntil(deadline: string, nowMs: number): number {
  return Math.max(0, Math.floor((Date.parse(deadline) - nowMs) / 1000));
}

/** Attempts left out of `maxAttempts`, counting every started attempt (an open one included). */
export function attemptsLeft(maxAttempts: number, usedAttempts: number): number {
  return Math.max(0, maxAttempts - usedAttempts);
}

/** A learner may start another attempt while the assessment is not passed and attempts remain. */
export function canRetryAssessment(state: { passed: boolean; maxAttempts: number; usedAttempts: number }): boolean {
  return !state.passed && attemptsLeft(state.maxAttempts, state.usedAttempts) > 0;
}

export interface MessageResponse {
  message: string;
}

export interface DomainRef {
  id: string;
  name: string;
}

export interface Pagination {
  page: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}

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
export type CourseListQuery = v.InferInput<typeof courseListQuery>;

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

/** What a learner sees of an assessment component: never its questions or answers. */
export interface LearnerAssessmentData {
  title: string;
  description: string | null;
  /** Minutes. */
  timeLimit: number;
  passingScore: number;
  maxAttempts: number;
  questionCount: number;
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

export type LearnerComponent =
  | { id: string; type: 'PRE_ASSESSMENT' | 'POST_ASSESSMENT'; order: number; orderIndex: number; required: boolean; data: LearnerAssessmentData }
  | { id: string; type: 'MATERIAL'; order: number; orderIndex: number; required: boolean; data: LearnerMaterialData };

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

/** POST .../start, PUT .../progress, POST .../complete, PUT .../time */
export interface ComponentProgressResponse {
  message: string;
  progress: ComponentProgress;
}

/** PUT /progress/components/:id/progress — stored in 10 % steps; 100 completes a material. */
export const progressBody = v.object({
  progressPercentage: v.pipe(
    v.number('progressPercentage must be a number between 0 and 100'),
    v.minValue(0, 'progressPercentage must be a number between 0 and 100'),
    v.maxValue(100, 'progressPercentage must be a number between 0 and 100'),
  ),
  /** extra: a video's length as the player knows it (the first one reported is kept). */
  durationSeconds: v.optional(
    v.pipe(v.number('durationSeconds must be a number of seconds'), v.minValue(0, 'durationSeconds must be a number of seconds'), v.maxValue(86_400, 'durationSeconds must be a number of seconds')),
  ),
});
export type ProgressBody = v.InferInput<typeof progressBody>;

/** POST /progress/components/:id/complete — materials only; an assessment completes by a passing submission. */
export const completeBody = v.object({
  score: v.optional(
    v.nullable(
      v.pipe(v.number('score must be a number between 0 and 100'), v.minValue(0, 'score must be a number between 0 and 100'), v.maxValue(100, 'score must be a number between 0 and 100')),
    ),
  ),
});
export type CompleteBody = v.InferInput<typeof completeBody>;

/** PUT /progress/components/:id/time */
export const timeBody = v.object({
  additionalSeconds: v.pipe(
    v.number(`additionalSeconds must be a whole number between 1 and ${MAX_TIME_REPORT_SECONDS}`),
    v.integer(`additionalSeconds must be a whole number between 1 and ${MAX_TIME_REPORT_SECONDS}`),
    v.minValue(1, `additionalSeconds must be a whole number between 1 and ${MAX_TIME_REPORT_SECONDS}`),
    v.maxValue(MAX_TIME_REPORT_SECONDS, `additionalSeconds must be a whole number between 1 and ${MAX_TIME_REPORT_SECONDS}`),
  ),
});
export type TimeBody = v.InferInput<typeof timeBody>;

// ---------------------------------------------------------------------------------------------
// Assessments: /api/v2/user/assessments
// ---------------------------------------------------------------------------------------------

export interface LearnerQuestionOption {
  id: string;
  text: string;
}

/**
 * A question as the learner sees it: no correctness data. TRUE_FALSE questions come with the two
 * options `{id: "true", text: "True"}` and `{id: "false", text: "False"}`; answer with the id.
 */
export interface LearnerQuestion {
  id: string;
  question: string;
  type: QuestionType;
  points: number;
  options: LearnerQuestionOption[];
}

/**
 * GET /:componentId/questions — what the intro needs; the questions themselves only inside an open
 * attempt (in its stored order), because a timed assessment's clock starts with the attempt.
 */
export interface QuestionsResponse {
  title: string;
  description: string | null;
  /** Minutes. */
  timeLimit: number;
  passingScore: number;
  maxAttempts: number;
  /** extra: how many questions the assessment has (the intro shows it before any question is served). */
  questionCount: number;
  /** Empty until an attempt is open. */
  questions: LearnerQuestion[];
  /** extra: the open attempt, if any, so a reload can resume it. */
  openAttemptId: string | null;
}

/** POST /:componentId/start — the open attempt comes back instead of a new one. */
export interface StartAttemptResponse {
  attemptId: string;
  attemptNumber: number;
  startedAt: string;
  /** The server's deadline: startedAt + timeLimit minutes. */
  deadline: string;
  message: string;
  /** extra: true when an open attempt was returned. */
  resumed: boolean;
  /** extra: the answers saved so far, keyed by question id. */
  answers: Record<string, string>;
  /** extra: the server clock when answering, to count down without trusting the device clock. */
  serverTime: string;
  /** extra: the open attempt's questions, in its stored order. */
  questions: LearnerQuestion[];
  /** extra: seconds left until the deadline at serverTime (never negative). */
  remainingSeconds: number;
}

/**
 * PUT /attempts/:attemptId/answers — autosave while answering. Either one answer
 * `{questionId, answer}` or several `{answers: {questionId: answer}}`; merged into the saved
 * answers (an answer of null clears it). Refused with 409 once submitted or after the deadline.
 */
/** Answers are an option id or text, or "true"/"false": anything longer is not an answer. */
export const MAX_ANSWER_LENGTH = 2000;
const answerValue = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.transform(String)), v.pipe(v.boolean(), v.transform(String))]),
  v.maxLength(MAX_ANSWER_LENGTH, `An answer can be at most ${MAX_ANSWER_LENGTH} characters`),
);
export const autosaveBody = v.union(
  [
    v.object({ questionId: v.pipe(v.string('questionId is required'), v.nonEmpty('questionId is required')), answer: v.nullable(answerValue) }),
    v.object({ answers: v.record(v.string(), v.nullable(answerValue)) }),
  ],
  'Send {questionId, answer} or {answers: {questionId: answer}}',
);
export type AutosaveBody = { questionId: string; answer: string | null } | { answers: Record<string, string | null> };

export interface AutosaveResponse {
  message: string;
  attemptId: string;
  answers: Record<string, string>;
  deadline: string;
  serverTime: string;
}

/**
 * POST /attempts/:attemptId/submit and /auto-submit: a flat map `{questionId: answer}` or
 * `{answers: {...}}`. MCQ: the option text or id; TRUE_FALSE: "true" or "false".
 */
export const submitBody = v.pipe(
  v.optional(v.record(v.string(), v.unknown()), {}),
  v.transform((body): Record<string, string> => {
    const source = body.answers && typeof body.answers === 'object' && !Array.isArray(body.answers) ? (body.answers as Record<string, unknown>) : body;
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(source)) {
      // Longer than any real answer: it cannot be correct, and it is not stored whole.
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = String(value).slice(0, MAX_ANSWER_LENGTH);
    }
    return out;
  }),
);
export type SubmitBody = Record<string, string> | { answers: Record<string, string> };

export interface DetailedResult {
  questionId: string;
  question: string;
  isCorrect: boolean;
  userAnswer: string | null;
  correctAnswer: string;
  explanation: string | null;
}

export type { SubmitReason };

export interface AttemptResult {
  attemptId: string;
  attemptNumber: number;
  /** 0-100, 2 decimals, weighted by points. */
  score: number;
  passed: boolean;
  correctAnswers: number;
  totalQuestions: number;
  detailedResults: DetailedResult[];
  attemptsRemaining: number;
  message: string;
  /** extra */
  passingScore: number;
  /** extra */
  componentId: string;
  /** extra */
  courseId: string;
  /** extra */
  submittedAt: string;
  /** extra: MANUAL (submit), AUTO (auto-submit), DEADLINE (after the deadline or by the cron), ADMIN. */
  submitReason: SubmitReason;
}

export interface AttemptSummary {
  attemptId: string;
  attemptNumber: number;
  score: number | null;
  passed: boolean | null;
  startedAt: string;
  submittedAt: string | null;
  timeTakenSeconds: number | null;
  /** extra: the language the assessment was delivered in. */
  language: DeliveryLanguage;
}

/** GET /:componentId/attempts */
export interface AttemptsResponse {
  attempts: AttemptSummary[];
  totalAttempts: number;
  remainingAttempts: number;
}

/** GET /:componentId/latest-attempt (the latest submitted attempt) */
/** `GET /{componentId}/can-retry` */
export interface CanRetryResponse {
  canRetry: boolean;
  remainingAttempts: number;
  attemptsUsed: number;
  maxAttempts: number;
}

export type LatestAttemptResponse =
  | { hasAttempt: false; canRetry: boolean; remainingAttempts: number }
  | { hasAttempt: true; attemptId: string; attemptNumber: number; score: number; passed: boolean; canRetry: boolean; remainingAttempts: number };

export interface IncompleteAttempt {
  attemptId: string;
  componentId: string;
  componentTitle: string;
  courseId: string;
  courseTitle: string;
  startedAt: string;
  elapsedMinutes: number;
  attemptNumber: number;
  /** extra */
  deadline: string;
}

/** GET /incomplete */
export interface IncompleteAttemptsResponse {
  hasIncomplete: boolean;
  incompleteAttempts: IncompleteAttempt[];
}

/** `GET /progress/components/{id}/access`: whether the learner may open the component now. */
export interface ComponentAccessResponse {
  canAccess: boolean;
  /** Why not, in the words the learner sees (absent when `canAccess`). */
  reason?: string;
}
