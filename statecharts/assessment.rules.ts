/**
 * The assessment machine's vocabulary and pure rules: its timing constants, messages, the shapes of
 * what its actors return, and the predicates its guards and the assessment page share. No XState
 * here: statecharts/assessment.machine.ts wires these into states.
 */

export const LOW_TIME_SECONDS = 300;
/** Below this many seconds the clock is in its last minute (still red, and announced once more). */
export const LAST_MINUTE_SECONDS = 60;
export const DUPLICATE_RETRY_MS = 1000;
export const AUTOSAVE_RETRY_MS = 2000;
export const AUTO_SUBMIT_RETRY_MS = 3000;
/**
 * A submit whose answer was lost (the server failed, or no answer came) is sent again on its own,
 * this long apart and this many times, before the learner is asked: the server answers a retried
 * submit of the same answers with the stored result, so a retry never grades twice (issue 31).
 */
export const SUBMIT_RETRY_MS = 1500;
export const SUBMIT_RETRIES = 3;

export const ASSESSMENT_MESSAGES = {
  loadFailed: 'Failed to load assessment. Please try again.',
  submitFailed: 'Failed to submit assessment. Please try again.',
  reviewFailed: 'Failed to load review data',
  duplicateWait: 'Loading assessment... Please wait.',
  noOptions: 'This question has no available options. Please contact your instructor or administrator.',
} as const;

/**
 * What a screen reader hears about the clock, and when: once as the clock goes below 5 minutes
 * (the moment it turns red), once below 1 minute, and once when time is up and the answers are
 * submitted automatically. Never on every tick: the visible countdown is a role="timer", which is
 * not a live region. The machine emits `timer.announce`; web/state/assessment.tsx speaks it through
 * the app's live region.
 */
export const TIME_ANNOUNCEMENTS = {
  fiveMinutes: { belowSeconds: LOW_TIME_SECONDS, message: 'Less than 5 minutes left.' },
  oneMinute: { belowSeconds: LAST_MINUTE_SECONDS, message: 'Less than 1 minute left.' },
  timeUp: { belowSeconds: 0, message: 'Time is up. Your answers are being submitted.' },
} as const;

export type TimeAnnouncement = keyof typeof TIME_ANNOUNCEMENTS;

/** Emitted (XState `emit`) for the page to announce; listen with `actor.on('timer.announce', ...)`. */
export interface TimerAnnounceEvent {
  type: 'timer.announce';
  threshold: TimeAnnouncement;
  message: string;
}

export interface AssessmentQuestion {
  id: string;
  question: string;
  type: 'MCQ' | 'TRUE_FALSE';
  points?: number;
  options: { id: string; text: string }[];
}

export interface AssessmentInfo {
  title: string;
  timeLimit: number;
  passingScore: number;
  maxAttempts: number | null;
  /** How many questions the intro announces; the questions themselves come with the started attempt. */
  questionCount: number;
  /** Empty until an attempt is open: the server serves questions only inside an attempt. */
  questions: AssessmentQuestion[];
}

export interface AttemptInfo {
  attemptId: string;
  attemptNumber: number;
  startedAt: string;
  deadline: string;
  /** Answers saved on the server for a resumed attempt. */
  answers?: Record<string, string>;
  /** The attempt's questions in its stored order (replace the assessment's until the next start). */
  questions?: AssessmentQuestion[];
}

/** What the machine keeps of a graded attempt (the server's `AttemptResult` carries more). */
export interface GradedAttempt {
  attemptId: string;
  attemptNumber: number;
  score: number;
  passed: boolean;
  correctAnswers: number;
  totalQuestions: number;
  detailedResults: {
    questionId: string;
    question: string;
    isCorrect: boolean;
    userAnswer: string | null;
    correctAnswer: string | null;
    explanation?: string | null;
  }[];
  attemptsRemaining?: number;
  message?: string;
}

/** The learner's submitted attempts at this assessment, as the intro shows them. */
export interface AttemptHistory {
  usedAttempts: number;
  /** null when the assessment sets no maximum. */
  remainingAttempts: number | null;
  /** The latest submitted attempt. */
  lastAttempt: { attemptId: string; attemptNumber: number; score: number; passed: boolean } | null;
}

export interface LoadOutput {
  assessment: AssessmentInfo;
  /** The learner's passed attempt when the component is already completed: the page opens in review. */
  passedAttemptId: string | null;
  /** An attempt started and not submitted whose time is not over: it is resumed at once, with no intro. */
  openAttemptId: string | null;
  history: AttemptHistory;
}

/** What made the client submit: the learner, or the countdown reaching zero (the server's `SubmitReason` records the outcome). */
export type SubmitTrigger = 'manual' | 'timeout';

export interface AssessmentContext {
  componentId: string;
  assessment: AssessmentInfo | null;
  history: AttemptHistory;
  attempt: AttemptInfo | null;
  answers: Record<string, string>;
  /** Answers given but not yet confirmed saved by the server. */
  unsaved: Record<string, string>;
  /** Answers sent by the save in flight. */
  saving: Record<string, string>;
  remainingSeconds: number | null;
  submitReason: SubmitTrigger;
  result: GradedAttempt | null;
  reviewAttemptId: string | null;
  error: string | null;
  /** Submits resent on their own since the learner (or the clock) last submitted. */
  submitRetries: number;
}

/** Pure rule: the call failed on the server's side (5xx) or got no answer at all (status 0), so it may be sent again. */
export function isLostAnswer(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status === 0 || status >= 500);
}

export type AssessmentEvent =
  | { type: 'attempt.start' }
  | { type: 'attempt.review' }
  | { type: 'answer.select'; questionId: string; answer: string }
  | { type: 'attempt.submit' }
  | { type: 'timer.tick'; now: number }
  | { type: 'assessment.retry' }
  | { type: 'attempt.retake' };

export interface AssessmentInput {
  componentId: string;
}

/** Pure rule: the question can be answered (an MCQ without options is exempt from the submit rule). */
export const isAnswerable = (q: AssessmentQuestion) => q.type === 'TRUE_FALSE' || q.options.length > 0;

/** Pure rule: submit is enabled only when every answerable question has an answer. */
export function allAnswered(
  questions: readonly AssessmentQuestion[],
  answers: Readonly<Record<string, string>>,
): boolean {
  return questions.filter(isAnswerable).every((q) => (answers[q.id] ?? '') !== '');
}

/** Whole seconds left until the server deadline, never negative. */
export function secondsUntil(deadline: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
}

export const EMPTY_HISTORY: AttemptHistory = { usedAttempts: 0, remainingAttempts: null, lastAttempt: null };

/** Pure rule for the intro: Start is offered while attempts remain (the server enforces the same limit). */
export const hasAttemptsRemaining = (history: AttemptHistory) =>
  history.remainingAttempts === null || history.remainingAttempts > 0;
