import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ASSESSMENT_MESSAGES, assessmentMachine, type AttemptInfo, type AttemptResult, type LoadOutput, type SubmitReason } from '../../statecharts/assessment.machine';
import { ApiClientError, errorMessage } from '../api/client';
import { learnerApi } from '../api/learner';

/** The server's remaining seconds turned into a deadline on this device's clock (no skew). */
const localDeadline = (remainingSeconds: number) => new Date(Date.now() + remainingSeconds * 1000).toISOString();

const browserAssessmentMachine = assessmentMachine.provide({
  actors: {
    loadAssessment: fromPromise<LoadOutput, { componentId: string }>(async ({ input }) => {
      const [questions, latest] = await Promise.all([learnerApi.questions(input.componentId), learnerApi.latestAttempt(input.componentId)]);
      return {
        assessment: {
          title: questions.title,
          timeLimit: questions.timeLimit,
          passingScore: questions.passingScore,
          maxAttempts: questions.maxAttempts || null,
          questions: questions.questions,
        },
        passedAttemptId: !questions.openAttemptId && latest.hasAttempt && latest.passed ? latest.attemptId : null,
      };
    }),
    startAttempt: fromPromise<AttemptInfo, { componentId: string }>(async ({ input }) => {
      try {
        const started = await learnerApi.startAttempt(input.componentId);
        return {
          attemptId: started.attemptId,
          attemptNumber: started.attemptNumber,
          startedAt: started.startedAt,
          deadline: localDeadline(started.remainingSeconds),
          answers: started.answers,
        };
      } catch (error) {
        throw new Error(errorMessage(error, ASSESSMENT_MESSAGES.loadFailed));
      }
    }),
    saveAnswers: fromPromise<void, { attemptId: string; answers: Record<string, string> }>(async ({ input }) => {
      try {
        await learnerApi.saveAnswers(input.attemptId, input.answers);
      } catch (error) {
        // 409: the attempt is closed (deadline or submitted elsewhere); retrying cannot help, the submit will settle it.
        if (error instanceof ApiClientError && error.status === 409) return;
        throw error;
      }
    }),
    submitAttempt: fromPromise<AttemptResult, { attemptId: string; answers: Record<string, string>; reason: SubmitReason }>(async ({ input }) => {
      try {
        return input.reason === 'timeout'
          ? await learnerApi.autoSubmitAttempt(input.attemptId, input.answers)
          : await learnerApi.submitAttempt(input.attemptId, input.answers);
      } catch (error) {
        // Already graded (another tab, or the server's overdue job): show that result.
        if (error instanceof ApiClientError && error.status === 409) return learnerApi.attempt(input.attemptId);
        throw error;
      }
    }),
    loadAttemptResult: fromPromise<AttemptResult, { attemptId: string }>(({ input }) => learnerApi.attempt(input.attemptId)),
  },
});

/** The assessment machine with the real calls, for one component. */
export function useAssessment(componentId: string) {
  return useMachine(browserAssessmentMachine, { input: { componentId } });
}
