import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { RECERTIFICATION_MESSAGES, recertificationMachine, type RecertificationOutput } from '../../statecharts/recertification.machine';
import { currentLocale, t } from '../i18n';
import { learnerRequirementsApi } from '../api/compliance';
import { queryKeys } from '../api/query-keys';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

const browserRecertificationMachine = recertificationMachine.provide({
  actors: {
    startRecertification: fromPromise<RecertificationOutput, { courseId: string }>(async ({ input }) => {
      try {
        const { message } = await learnerRequirementsApi.recertify(input.courseId);
        return { message };
      } catch (error) {
        throw new Error(errorText(error, currentLocale() === 'en' ? RECERTIFICATION_MESSAGES.failed : t('recertification.failed')));
      }
    }),
  },
});

const RECERTIFICATION_READS = readsOf<SnapshotFrom<typeof browserRecertificationMachine>>()({
  context: ['error'],
  matches: ['started'],
  tags: ['open', 'busy'],
});

/** The recertification flow of the course page; `onStarted` runs with the server's message once the new cycle exists. */
export function useRecertification(courseId: string, onStarted: (message: string) => void) {
  const queryClient = useQueryClient();
  const actorRef = useActorRef(browserRecertificationMachine, { input: { courseId } });
  const view = useMachineView(actorRef, RECERTIFICATION_READS);
  useEffect(() => {
    const sub = actorRef.on('recertification.started', (event) => {
      // The call ran in the machine, not as a TanStack mutation, so the mutation cache's
      // everything-is-stale rule did not fire: the status on this page refetches now, and the
      // dashboard and course lists when next shown.
      void queryClient.invalidateQueries({ queryKey: queryKeys.learner.requirements });
      void queryClient.invalidateQueries({ queryKey: ['learner'], refetchType: 'none' });
      onStarted(event.message);
    });
    return () => sub.unsubscribe();
  }, [actorRef, onStarted, queryClient]);
  return [view, actorRef.send] as const;
}
