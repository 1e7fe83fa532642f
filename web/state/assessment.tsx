import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  ASSESSMENT_MESSAGES,
  assessmentMachine,
  type AttemptInfo,
  type GradedAttempt,
  type LoadOutput,
  type SubmitTrigger,
} from '../../statecharts/assessment.machine';
import { ATTEMPT_GRACE_SECONDS, type IncompleteAttempt } from '@contract/assessments';
import { hasErrorCode } from '../api/client';
import { learnerQueries, learnerWrites } from '../api/learner-queries';
import { queryClient } from '../api/query-client';
import { runWrite } from '../api/writes';
import { announce } from '../ui/live-region';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';
import { machineText } from '../i18n/machine-text';

/**
 * The open attempt's time (plus the grace) is over, judged on the server's clock only: its own
 * elapsed minutes (rounded down) against the attempt's length, so a wrong device clock cannot
 * make a live attempt look finished.
 */
const isPastGrace = (open: IncompleteAttempt) =>
  open.elapsedMinutes * 60 > (Date.parse(open.deadline) - Date.parse(open.startedAt)) / 1000 + ATTEMPT_GRACE_SECONDS;

/** The server's remaining seconds turned into a deadline on this device's clock (no skew). */
const localDeadline = (remainingSeconds: number) => new Date(Date.now() + remainingSeconds * 1000).toISOString();

const browserAssessmentMachine = assessmentMachine.provide({
  actors: {
    loadAssessment: fromPromise<LoadOutput, { componentId: string }>(async ({ input }) => {
      const [questions, firstAttempts, incomplete] = await Promise.all([
        queryClient.fetchQuery(learnerQueries.questions(input.componentId)),
        queryClient.fetchQuery(learnerQueries.attempts(input.componentId)),
        queryClient.fetchQuery(learnerQueries.incomplete()),
      ]);
      let attempts = firstAttempts;
      let openAttemptId = questions.openAttemptId;
      const open = incomplete.incompleteAttempts.find((a) => a.attemptId === openAttemptId);
      if (open && isPastGrace(open)) {
        // Its time ran out while the learner was away. Resuming would make the server close it and
        // open a new attempt at once, so grade it on its saved answers and show the intro instead.
        await runWrite(learnerWrites.autoSubmitAttempt, { attemptId: open.attemptId }).catch((error: unknown) => {
          if (!hasErrorCode(error, 'ALREADY_SUBMITTED')) throw error;
        });
        attempts = await queryClient.fetchQuery(learnerQueries.attempts(input.componentId));
        openAttemptId = null;
      }
      const submitted = attempts.attempts.filter((a) => a.submittedAt !== null);
      const last = submitted.reduce<(typeof submitted)[number] | null>(
        (latest, a) => (!latest || a.attemptNumber > latest.attemptNumber ? a : latest),
        null,
      );
      const maxAttempts = questions.maxAttempts || null;
      return {
        assessment: {
          title: questions.title,
          timeLimit: questions.timeLimit,
          passingScore: questions.passingScore,
          maxAttempts,
          questionCount: questions.questionCount,
          // Empty before Start: the started attempt brings its questions.
          questions: questions.questions,
        },
        passedAttemptId: !openAttemptId && last?.passed ? last.attemptId : null,
        openAttemptId,
        history: {
          usedAttempts: attempts.totalAttempts,
          remainingAttempts: maxAttempts === null ? null : attempts.remainingAttempts,
          lastAttempt: last
            ? {
                attemptId: last.attemptId,
                attemptNumber: last.attemptNumber,
                score: last.score ?? 0,
                passed: last.passed === true,
              }
            : null,
        },
      };
    }),
    startAttempt: fromPromise<AttemptInfo, { componentId: string }>(async ({ input }) => {
      try {
        const started = await runWrite(learnerWrites.startAttempt, input.componentId);
        return {
          attemptId: started.attemptId,
          attemptNumber: started.attemptNumber,
          startedAt: started.startedAt,
          deadline: localDeadline(started.remainingSeconds),
          answers: started.answers,
          questions: started.questions,
        };
      } catch (error) {
        throw new Error(errorText(error, ASSESSMENT_MESSAGES.loadFailed));
      }
    }),
    saveAnswers: fromPromise<void, { attemptId: string; answers: Record<string, string> }>(async ({ input }) => {
      try {
        await runWrite(learnerWrites.saveAnswers, input);
      } catch (error) {
        // The attempt is closed (past its deadline, or submitted elsewhere): retrying cannot help, the submit settles it.
        if (hasErrorCode(error, 'ALREADY_SUBMITTED', 'ATTEMPT_EXPIRED')) return;
        throw error;
      }
    }),
    submitAttempt: fromPromise<
      GradedAttempt,
      { attemptId: string; answers: Record<string, string>; reason: SubmitTrigger }
    >(async ({ input }) => {
      try {
        const write = input.reason === 'timeout' ? learnerWrites.autoSubmitAttempt : learnerWrites.submitAttempt;
        return await runWrite(write, { attemptId: input.attemptId, answers: input.answers });
      } catch (error) {
        // Already graded (another tab, or the server's overdue job): show that result.
        if (hasErrorCode(error, 'ALREADY_SUBMITTED')) {
          return queryClient.fetchQuery(learnerQueries.attempt(input.attemptId));
        }
        throw error;
      }
    }),
    loadAttemptResult: fromPromise<GradedAttempt, { attemptId: string }>(({ input }) =>
      queryClient.fetchQuery(learnerQueries.attempt(input.attemptId)),
    ),
  },
});

/** What the assessment page reads; the autosave's bookkeeping is left out on purpose. */
const ASSESSMENT_READS = readsOf<SnapshotFrom<typeof browserAssessmentMachine>>()({
  context: ['assessment', 'attempt', 'answers', 'remainingSeconds', 'result', 'error', 'history', 'submitReason'],
  matches: [
    'loading',
    'starting',
    'reviewLoading',
    'intro',
    'failed',
    'result',
    'reviewing',
    'submitting',
    'resubmitWait',
    'answering',
    'submitFailed',
  ],
  tags: ['duplicateWait', 'timeLow'],
  can: [{ type: 'attempt.start' }, { type: 'attempt.review' }, { type: 'attempt.retake' }, { type: 'attempt.submit' }],
});

/** The assessment machine with the real calls, for one component. */
export function useAssessment(componentId: string) {
  const actorRef = useActorRef(browserAssessmentMachine, { input: { componentId } });
  // The clock's 5-minute, 1-minute and time-up notices (the machine decides when) go to the app's live region.
  useEffect(() => {
    const subscription = actorRef.on('timer.announce', (event) => announce(machineText(event.message)));
    return () => subscription.unsubscribe();
  }, [actorRef]);
  return [useMachineView(actorRef, ASSESSMENT_READS), actorRef.send] as const;
}
