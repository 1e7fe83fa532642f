import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  RECERTIFICATION_MESSAGES,
  recertificationMachine,
  type RecertificationOutput,
} from '../../statecharts/recertification.machine';
import { currentLocale, t } from '../i18n';
import { requirementWrites } from '../api/learner-queries';
import { runWrite } from '../api/writes';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

const browserRecertificationMachine = recertificationMachine.provide({
  actors: {
    startRecertification: fromPromise<RecertificationOutput, { courseId: string }>(async ({ input }) => {
      try {
        const { message } = await runWrite(requirementWrites.recertify, input.courseId);
        return { message };
      } catch (error) {
        throw new Error(
          errorText(error, currentLocale() === 'en' ? RECERTIFICATION_MESSAGES.failed : t('recertification.failed')),
        );
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
  const actorRef = useActorRef(browserRecertificationMachine, { input: { courseId } });
  const view = useMachineView(actorRef, RECERTIFICATION_READS);
  useEffect(() => {
    const sub = actorRef.on('recertification.started', (event) => {
      onStarted(event.message);
    });
    return () => sub.unsubscribe();
  }, [actorRef, onStarted]);
  return [view, actorRef.send] as const;
}
