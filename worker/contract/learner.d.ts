/**
 * The learner journey contract: courses, progress and assessments under /api/v2/user.
 * Request schemas (valibot) validate at the Worker's edge; the response types are what the
 * client reads. Shapes follow shared/spec/api-responses.md; fields marked "extra" are additions
 * the client may use (resuming an attempt, showing the server clock), never replacements.
 */
import * as v from 'valibot';
import type { ComponentType, MaterialType, QuestionType } from './course';
import type { ComponentStatus, CourseStatus } from './rules/progress';
/** Seconds after the deadline during which a submit or autosave is still taken as given. */
export declare const ATTEMPT_GRACE_SECONDS = 15;
/** Bounds of one time report (the client sends every 30 s and on leaving). */
export declare const MAX_TIME_REPORT_SECONDS = 3600;
/** The moment after which an attempt takes no more input: the server deadline plus the grace. */
export declare function attemptClosesAt(deadline: string): number;
/** Whole seconds left until `deadline` at `nowMs` (never negative): the countdown. */
export declare function secondsUntil(deadline: string, nowMs: number): number;
/** Attempts left out of `maxAttempts`, counting every started attempt (an open one included). */
export declare function attemptsLeft(maxAttempts: number, usedAttempts: number): number;
/** A learner may start another attempt while the assessment is not passed and attempts remain. */
export declare function canRetryAssessment(state: {
    passed: boolean;
    maxAttempts: number;
    usedAttempts: number;
}): boolean;
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
export declare const COURSE_SORTS: readonly ["recent", "alphabetical", "domain"];
export type CourseSort = (typeof COURSE_SORTS)[number];
/** `?page=1&limit=20&showAll=true&search=fire&sortBy=recent` (sortBy empty = recent). */
export declare const courseListQuery: v.ObjectSchema<{
    readonly page: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly limit: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly showAll: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "">, v.TransformAction<string, boolean>]>;
    readonly search: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "">, v.TrimAction, v.MaxLengthAction<string, 200, "Search is too long">]>;
    readonly sortBy: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "">, v.TransformAction<string, string>, v.PicklistSchema<readonly ["recent", "alphabetical", "domain"], "sortBy must be recent, alphabetical or domain">]>;
}, undefined>;
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
}
export interface LearnerMaterialData {
    title: string;
    description: string | null;
    materialId: string | null;
    type: MaterialType | null;
}
export type LearnerComponent = {
    id: string;
    type: 'PRE_ASSESSMENT' | 'POST_ASSESSMENT';
    order: number;
    orderIndex: number;
    required: boolean;
    data: LearnerAssessmentData;
} | {
    id: string;
    type: 'MATERIAL';
    order: number;
    orderIndex: number;
    required: boolean;
    data: LearnerMaterialData;
};
export interface CourseListResponse {
    courses: Course[];
    pagination: Pagination;
}
export interface CourseDetailResponse {
    course: Course & {
        components: LearnerComponent[];
    };
}
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
/** GET /progress/courses */
export interface CourseProgressListResponse {
    progresses: CourseProgress[];
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
export declare const progressBody: v.ObjectSchema<{
    readonly progressPercentage: v.SchemaWithPipe<readonly [v.NumberSchema<"progressPercentage must be a number between 0 and 100">, v.MinValueAction<number, 0, "progressPercentage must be a number between 0 and 100">, v.MaxValueAction<number, 100, "progressPercentage must be a number between 0 and 100">]>;
}, undefined>;
export type ProgressBody = v.InferInput<typeof progressBody>;
/** POST /progress/components/:id/complete — materials only; an assessment completes by a passing submission. */
export declare const completeBody: v.ObjectSchema<{
    readonly score: v.OptionalSchema<v.NullableSchema<v.SchemaWithPipe<readonly [v.NumberSchema<"score must be a number between 0 and 100">, v.MinValueAction<number, 0, "score must be a number between 0 and 100">, v.MaxValueAction<number, 100, "score must be a number between 0 and 100">]>, undefined>, undefined>;
}, undefined>;
export type CompleteBody = v.InferInput<typeof completeBody>;
/** PUT /progress/components/:id/time */
export declare const timeBody: v.ObjectSchema<{
    readonly additionalSeconds: v.SchemaWithPipe<readonly [v.NumberSchema<"additionalSeconds must be a whole number between 1 and 3600">, v.IntegerAction<number, "additionalSeconds must be a whole number between 1 and 3600">, v.MinValueAction<number, 1, "additionalSeconds must be a whole number between 1 and 3600">, v.MaxValueAction<number, 3600, "additionalSeconds must be a whole number between 1 and 3600">]>;
}, undefined>;
export type TimeBody = v.InferInput<typeof timeBody>;
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
/** GET /:componentId/questions — in the open attempt's order when one exists. */
export interface QuestionsResponse {
    title: string;
    description: string | null;
    /** Minutes. */
    timeLimit: number;
    passingScore: number;
    maxAttempts: number;
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
    /** extra: seconds left until the deadline at serverTime (never negative). */
    remainingSeconds: number;
}
/**
 * PUT /attempts/:attemptId/answers — autosave while answering. Either one answer
 * `{questionId, answer}` or several `{answers: {questionId: answer}}`; merged into the saved
 * answers (an answer of null clears it). Refused with 409 once submitted or after the deadline.
 */
/** Answers are an option id or text, or "true"/"false": anything longer is not an answer. */
export declare const MAX_ANSWER_LENGTH = 2000;
export declare const autosaveBody: v.UnionSchema<[v.ObjectSchema<{
    readonly questionId: v.SchemaWithPipe<readonly [v.StringSchema<"questionId is required">, v.NonEmptyAction<string, "questionId is required">]>;
    readonly answer: v.NullableSchema<v.SchemaWithPipe<readonly [v.UnionSchema<[v.StringSchema<undefined>, v.SchemaWithPipe<readonly [v.NumberSchema<undefined>, v.TransformAction<any, string>]>, v.SchemaWithPipe<readonly [v.BooleanSchema<undefined>, v.TransformAction<any, string>]>], undefined>, v.MaxLengthAction<string, 2000, "An answer can be at most 2000 characters">]>, undefined>;
}, undefined>, v.ObjectSchema<{
    readonly answers: v.RecordSchema<v.StringSchema<undefined>, v.NullableSchema<v.SchemaWithPipe<readonly [v.UnionSchema<[v.StringSchema<undefined>, v.SchemaWithPipe<readonly [v.NumberSchema<undefined>, v.TransformAction<any, string>]>, v.SchemaWithPipe<readonly [v.BooleanSchema<undefined>, v.TransformAction<any, string>]>], undefined>, v.MaxLengthAction<string, 2000, "An answer can be at most 2000 characters">]>, undefined>, undefined>;
}, undefined>], "Send {questionId, answer} or {answers: {questionId: answer}}">;
export type AutosaveBody = {
    questionId: string;
    answer: string | null;
} | {
    answers: Record<string, string | null>;
};
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
export declare const submitBody: v.SchemaWithPipe<readonly [v.OptionalSchema<v.RecordSchema<v.StringSchema<undefined>, v.UnknownSchema, undefined>, {}>, v.TransformAction<{
    [x: string]: unknown;
}, Record<string, string>>]>;
export type SubmitBody = Record<string, string> | {
    answers: Record<string, string>;
};
export interface DetailedResult {
    questionId: string;
    question: string;
    isCorrect: boolean;
    userAnswer: string | null;
    correctAnswer: string;
    explanation: string | null;
}
export type SubmitReason = 'MANUAL' | 'AUTO' | 'DEADLINE' | 'ADMIN';
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
}
/** GET /:componentId/attempts */
export interface AttemptsResponse {
    attempts: AttemptSummary[];
    totalAttempts: number;
    remainingAttempts: number;
}
/** GET /:componentId/latest-attempt (the latest submitted attempt) */
export type LatestAttemptResponse = {
    hasAttempt: false;
    canRetry: boolean;
    remainingAttempts: number;
} | {
    hasAttempt: true;
    attemptId: string;
    attemptNumber: number;
    score: number;
    passed: boolean;
    canRetry: boolean;
    remainingAttempts: number;
};
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
