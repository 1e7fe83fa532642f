import { assessmentMachine } from '../../assessment.machine';
import { incompleteAttemptsMachine } from '../../incomplete-attempts.machine';
import { isoIn, type MachineEntry } from './shared';

// Assessments: one timed attempt, and the recovery of attempts left open.

const demoAssessment = {
  title: 'Fire safety: post-assessment',
  timeLimit: 10,
  passingScore: 70,
  maxAttempts: 3,
  questionCount: 2,
  questions: [
    {
      id: 'q1',
      question: 'Which extinguisher is used on electrical fires?',
      type: 'MCQ',
      options: [
        { id: 'a', text: 'CO2' },
        { id: 'b', text: 'Water' },
      ],
    },
    { id: 'q2', question: 'Fire doors may be wedged open.', type: 'TRUE_FALSE', options: [] },
  ],
};

const freshHistory = { usedAttempts: 0, remainingAttempts: 3, lastAttempt: null };
const passedHistory = {
  usedAttempts: 1,
  remainingAttempts: 2,
  lastAttempt: { attemptId: 'att-1', attemptNumber: 1, score: 100, passed: true },
};

const demoResult = (passed: boolean, attemptsRemaining: number) => ({
  attemptId: 'att-1',
  attemptNumber: 1,
  score: passed ? 100 : 50,
  passed,
  correctAnswers: passed ? 2 : 1,
  totalQuestions: 2,
  detailedResults: [],
  attemptsRemaining,
});

const incompleteRows = [
  {
    attemptId: 'att-7',
    courseId: 'course-fire',
    componentId: 'post-fire',
    courseTitle: 'Fire safety',
    componentTitle: 'Post-assessment',
    elapsedMinutes: 42,
    attemptNumber: 1,
    remainingSeconds: 0,
  },
  {
    attemptId: 'att-9',
    courseId: 'course-height',
    componentId: 'pre-height',
    courseTitle: 'Working at height',
    componentTitle: 'Pre-assessment',
    elapsedMinutes: 5,
    attemptNumber: 2,
    remainingSeconds: 900,
  },
];

export const assessmentEntry: MachineEntry = {
  key: 'assessment',
  title: 'Timed assessment attempt',
  description:
    'One attempt at a timed assessment. Opening the page uses no attempt: the attempt starts only when the learner presses Start (an attempt left open is resumed at once). The countdown runs from the deadline the server set when the attempt started, so reloading the page cannot buy time. Every answer is saved as it is given, and a failed save is retried without blocking the learner. When the deadline passes the attempt is submitted automatically and, if that fails, retried every few seconds; a manual submit is possible only when every answerable question has an answer. A failed attempt can be retaken only while attempts remain; an assessment already passed opens read-only in review.',
  machine: assessmentMachine,
  inputs: [{ label: 'post-assessment', value: () => ({ componentId: 'component-post' }) }],
  samples: {
    'done: loadAssessment': [
      {
        label: 'not yet passed',
        payload: () => ({
          output: { assessment: demoAssessment, passedAttemptId: null, openAttemptId: null, history: freshHistory },
        }),
      },
      {
        label: 'open attempt to resume',
        payload: () => ({
          output: {
            assessment: demoAssessment,
            passedAttemptId: null,
            openAttemptId: 'att-1',
            history: freshHistory,
          },
        }),
      },
      {
        label: 'already passed',
        payload: () => ({
          output: {
            assessment: demoAssessment,
            passedAttemptId: 'att-1',
            openAttemptId: null,
            history: passedHistory,
          },
        }),
      },
    ],
    'done: startAttempt': [
      {
        label: '10-minute attempt',
        payload: ({ now }) => ({
          output: { attemptId: 'att-1', attemptNumber: 1, startedAt: isoIn(now, 0), deadline: isoIn(now, 10) },
        }),
      },
    ],
    'error: startAttempt': [
      {
        label: 'duplicate key',
        payload: () => ({ error: new Error('duplicate key value violates unique constraint') }),
      },
      {
        label: 'server error',
        payload: () => ({ error: new Error('Failed to load assessment. Please try again.') }),
      },
    ],
    'timer.tick': [{ label: 'at the simulated clock', payload: ({ now }) => ({ now }) }],
    'answer.select': [
      { label: 'q1 = a', payload: () => ({ questionId: 'q1', answer: 'a' }) },
      { label: 'q2 = false', payload: () => ({ questionId: 'q2', answer: 'false' }) },
    ],
    'done: submitAttempt': [
      { label: 'passed', payload: () => ({ output: demoResult(true, 2) }) },
      { label: 'failed, 2 attempts left', payload: () => ({ output: demoResult(false, 2) }) },
      { label: 'failed, none left', payload: () => ({ output: demoResult(false, 0) }) },
    ],
    'done: loadAttemptResult': [{ label: 'passed attempt', payload: () => ({ output: demoResult(true, 2) }) }],
  },
};

export const incompleteAttemptsEntry: MachineEntry = {
  key: 'incomplete-attempts',
  title: 'Incomplete attempts recovery',
  description:
    'What happens to assessment attempts left open (tab closed, network lost). On the dashboard and course list the server is asked for open attempts; if there are any, a dialog lists them and cannot be dismissed until each is submitted (unanswered questions count as incorrect), unless the learner returns to an attempt that still has time left, which the assessment page resumes. Attempts can be submitted one by one or all together; the list shrinks as they are submitted, and after "Submit All and Continue" the server is asked again so the dialog only closes when nothing is left open.',
  machine: incompleteAttemptsMachine,
  samples: {
    'done: checkIncomplete': [
      { label: 'two open attempts', payload: () => ({ output: incompleteRows }) },
      { label: 'none open', payload: () => ({ output: [] }) },
    ],
    'done: recheckIncomplete': [
      { label: 'none open', payload: () => ({ output: [] }) },
      { label: 'one still open', payload: () => ({ output: incompleteRows.slice(0, 1) }) },
    ],
    'attempt.submit': [
      {
        label: 'first listed',
        payload: ({ context }) => ({ attemptId: context.attempts?.[0]?.attemptId ?? 'att-7' }),
      },
    ],
    'attempt.return': [
      {
        label: 'one with time left',
        payload: ({ context }) => ({
          attemptId:
            (context.attempts ?? []).find((a: { remainingSeconds: number }) => a.remainingSeconds > 0)?.attemptId ??
            'att-9',
        }),
      },
    ],
    'done: submitAll': [
      {
        label: 'all submitted',
        payload: ({ context }) => ({
          output: { submitted: (context.attempts ?? []).map((a: { attemptId: string }) => a.attemptId), failed: [] },
        }),
      },
      {
        label: 'one failed',
        payload: ({ context }) => {
          const ids = (context.attempts ?? []).map((a: { attemptId: string }) => a.attemptId);
          return { output: { submitted: ids.slice(1), failed: ids.slice(0, 1) } };
        },
      },
    ],
  },
};
