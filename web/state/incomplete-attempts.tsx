import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { incompleteAttemptsMachine, type IncompleteAttemptRow, type SubmitAllOutput } from '../../statecharts/incomplete-attempts.machine';
import { ApiClientError } from '../api/client';
import { learnerApi } from '../api/learner';

/** Auto-submit grades the answers saved so far; a 409 means it is already graded, which is what we wanted. */
async function submitOne(attemptId: string): Promise<void> {
  try {
    await learnerApi.autoSubmitAttempt(attemptId);
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 409) return;
    throw error;
  }
}

const browserIncompleteMachine = incompleteAttemptsMachine.provide({
  actors: {
    checkIncomplete: fromPromise<IncompleteAttemptRow[]>(async () => {
      const response = await learnerApi.incomplete();
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

/**
 * Runs the incomplete-attempts check once per mount (My Courses, the dashboard). `onResolved`
 * is called when attempts were submitted from the dialog, so the page can reload its data.
 */
export function useIncompleteAttempts(onResolved?: (submittedCount: number) => void) {
  const [snapshot, send, actorRef] = useMachine(browserIncompleteMachine);
  useEffect(() => {
    const sub = actorRef.on('attempts.resolved', (event) => {
      if (event.submittedCount > 0) onResolved?.(event.submittedCount);
    });
    return () => sub.unsubscribe();
  }, [actorRef, onResolved]);
  return [snapshot, send] as const;
}
