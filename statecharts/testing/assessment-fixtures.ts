import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  assessmentMachine,
  type AssessmentInfo,
  type AttemptHistory,
  type AttemptInfo,
  type GradedAttempt,
  type LoadOutput,
  type SubmitTrigger,
} from '../assessment.machine';

/** The assessment machine's tests share one assessment, one clock and one fake server. */

export const NOW = Date.parse('2026-11-21T10:00:00Z');
export const questions: AssessmentInfo['questions'] = [
  {
    id: 'q1',
    question: 'What does P stand for?',
    type: 'MCQ',
    options: [
      { id: 'o1', text: 'Pull' },
      { id: 'o2', text: 'Push' },
    ],
  },
  { id: 'q2', question: 'Aim at the flames?', type: 'TRUE_FALSE', options: [] },
  { id: 'q3', question: 'Broken question', type: 'MCQ', options: [] },
];
export const assessment: AssessmentInfo = {
  title: 'Pre',
  timeLimit: 10,
  passingScore: 70,
  maxAttempts: 3,
  questionCount: questions.length,
  questions,
};
export const attempt = (minutesLeft = 10, answers?: Record<string, string>): AttemptInfo => ({
  attemptId: 'att-1',
  attemptNumber: 1,
  startedAt: new Date(NOW).toISOString(),
  deadline: new Date(NOW + minutesLeft * 60_000).toISOString(),
  answers,
});
export const result = (passed: boolean, attemptsRemaining = 2): GradedAttempt => ({
  attemptId: 'att-1',
  attemptNumber: 1,
  score: passed ? 100 : 0,
  passed,
  correctAnswers: passed ? 3 : 0,
  totalQuestions: 3,
  detailedResults: [],
  attemptsRemaining,
});
export const fresh: AttemptHistory = { usedAttempts: 0, remainingAttempts: 3, lastAttempt: null };
export const failedOnce: AttemptHistory = {
  usedAttempts: 1,
  remainingAttempts: 2,
  lastAttempt: { attemptId: 'att-0', attemptNumber: 1, score: 40, passed: false },
};
/** Nothing open, nothing passed: the intro. */
export const loaded = (overrides: Partial<LoadOutput> = {}): LoadOutput => ({
  assessment,
  passedAttemptId: null,
  openAttemptId: null,
  history: fresh,
  ...overrides,
});
/** An attempt is open on the server: it is resumed at once. */
export const resuming = loaded({ openAttemptId: 'att-1' });

export function fakeServer(
  overrides: Partial<{
    start: () => Promise<AttemptInfo>;
    save: (a: Record<string, string>) => Promise<void>;
    submit: (a: Record<string, string>, reason: SubmitTrigger) => Promise<GradedAttempt>;
    load: () => Promise<LoadOutput>;
    review: (attemptId: string) => Promise<GradedAttempt>;
  }> = {},
) {
  const calls = {
    start: 0,
    reviews: [] as string[],
    saves: [] as Record<string, string>[],
    submits: [] as { answers: Record<string, string>; reason: SubmitTrigger }[],
  };
  const machine = assessmentMachine.provide({
    actors: {
      loadAssessment: fromPromise(async () => (overrides.load ? overrides.load() : loaded())),
      startAttempt: fromPromise(async () => {
        calls.start++;
        return overrides.start ? overrides.start() : attempt();
      }),
      saveAnswers: fromPromise(async ({ input }) => {
        calls.saves.push(input.answers);
        return overrides.save ? overrides.save(input.answers) : undefined;
      }),
      submitAttempt: fromPromise(async ({ input }) => {
        calls.submits.push({ answers: input.answers, reason: input.reason });
        return overrides.submit ? overrides.submit(input.answers, input.reason) : result(true);
      }),
      loadAttemptResult: fromPromise(async ({ input }) => {
        calls.reviews.push(input.attemptId);
        return overrides.review ? overrides.review(input.attemptId) : result(true, 0);
      }),
    },
  });
  return { machine, calls };
}

/** Opens the page and presses Start on the intro. */
export async function startFromIntro(machine: ReturnType<typeof fakeServer>['machine']) {
  const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().matches('intro')).toBe(true);
  actor.send({ type: 'attempt.start' });
  await vi.advanceTimersByTimeAsync(0);
  return actor;
}

/** Answers both questions (q1 Pull, q2 false) and presses Submit, then lets the submit run. */
export async function answerAndSubmit(actor: Awaited<ReturnType<typeof startFromIntro>>) {
  actor.send({ type: 'answer.select', questionId: 'q1', answer: 'Pull' });
  actor.send({ type: 'answer.select', questionId: 'q2', answer: 'false' });
  actor.send({ type: 'attempt.submit' });
  await vi.advanceTimersByTimeAsync(0);
}

/** Fake timers set to NOW around each test of the file that calls this (the ticker reads the wall clock). */
export function installAssessmentClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
