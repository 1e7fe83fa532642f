/**
 * Learner assessments (/api/v2/user/assessments): questions, attempts, autosave, submit, results.
 * Request schemas (valibot) validate at the Worker's edge; the response types are what the
 * client reads, fixed so that clients written against the original system keep working; fields
 * marked "extra" are additions the client may use, never replacements.
 */
import * as v from 'valibot';
import type { DeliveryLanguage } from './delivery-language';
import type { QuestionType, SubmitReason } from './course';
import type { AssessmentTerms } from './courses';

/** Seconds after the deadline during which a submit or autosave is still taken as given. */
export const ATTEMPT_GRACE_SECONDS = 15;

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
export interface QuestionsResponse extends AssessmentTerms {
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
    v.object({
      questionId: v.pipe(v.string('questionId is required'), v.nonEmpty('questionId is required')),
      answer: v.nullable(answerValue),
    }),
    v.object({ answers: v.record(v.string(), v.nullable(answerValue)) }),
  ],
  'Send {questionId, answer} or {answers: {questionId: answer}}',
);

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
    const source =
      body.answers && typeof body.answers === 'object' && !Array.isArray(body.answers)
        ? (body.answers as Record<string, unknown>)
        : body;
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(source)) {
      // Longer than any real answer: it cannot be correct, and it is not stored whole.
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        out[key] = String(value).slice(0, MAX_ANSWER_LENGTH);
    }
    return out;
  }),
);

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
  | {
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
  /** extra: seconds left before the deadline on the server's clock (0 once it has passed). */
  remainingSeconds: number;
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
