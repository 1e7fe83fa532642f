import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  incompleteAttemptsMachine,
  type IncompleteAttemptRow,
  type SubmitAllOutput,
} from '../../statecharts/incomplete-attempts.machine';
import { hasErrorCode } from '../api/client';
import { learnerQueries, learnerWrites } from '../api/learner-queries';
import { queryClient } from '../api/query-client';
import { runWrite } from '../api/writes';
import { readsOf, useMachineView } from './machine-view';

/** Auto-submit grades the answers saved so far; ALREADY_SUBMITTED means it is graded, which is what we wanted. */
async function submitOne(attemptId: string): Promise<void> {
  try {
    await runWrite(learnerWrites.autoSubmitAttempt, { attemptId });
  } catch (error) {
    if (hasErrorCode(error, 'ALREADY_SUBMITTED')) return;
    throw error;
  }
}

const browserIncompleteMachine = incompleteAttemptsMachine.provide({
  actors: {
    checkIncomplete: fromPromise<IncompleteAttemptRow[]>(async () => {
      const response = await queryClient.fetchQuery(learnerQueries.incomplete());
      return response.hasIncomplete ? response.incompleteAttempts : [];
    }),
    submitAttempt: fromPromise<void, { attemptId: string }>(({ input }) => submitOne(input.attemptId)),
    submitAll: fromPromise<SubmitAllOutput, { attemptIds: string[] }>(async ({ input }) => {
      const settled = await Promise.allSettled(input.attemptIds.map((id) => submitOne(id)));
      return {
        submitted: input.attemptIds.filter((_, i) => settled[i].status === 'fulfilled'),
        failed: input.attemptIds.filter((_, i) => settled[i].status === 'rejected'),
      };
    }),
  },
});

const INCOMPLETE_READS = readsOf<SnapshotFrom<typeof browserIncompleteMachine>>()({
  context: ['attempts', 'error', 'submittingId'],
  matches: [{ open: 'submittingAll' }, { open: 'rechecking' }],
  tags: ['busy', 'open'],
});

/**
 * Runs the incomplete-attempts check once per mount (My Courses, the dashboard). "Return to the
 * assessment" opens the attempt's page, which resumes the open attempt with the time it has left.
 */
export function useIncompleteAttempts() {
  const actorRef = useActorRef(browserIncompleteMachine);
  const [, navigate] = useLocation();
  useEffect(() => {
    const sub = actorRef.on('attempt.resume', ({ target }) =>
      navigate(`/course/${target.courseId}/assessment/${target.componentId}`),
    );
    return () => sub.unsubscribe();
  }, [actorRef, navigate]);
  return [useMachineView(actorRef, INCOMPLETE_READS), actorRef.send] as const;
}
