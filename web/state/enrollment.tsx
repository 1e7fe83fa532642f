import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { ENROLLMENT_MESSAGES, enrollmentMachine, type StartedComponent } from '../../statecharts/enrollment.machine';
import { learnerWrites } from '../api/learner-queries';
import { runWrite } from '../api/writes';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

const browserEnrollmentMachine = enrollmentMachine.provide({
  actors: {
    enroll: fromPromise<void, { courseId: string }>(async ({ input }) => {
      try {
        await runWrite(learnerWrites.enroll, input.courseId);
      } catch (error) {
        throw new Error(errorText(error, ENROLLMENT_MESSAGES.failed));
      }
    }),
    startCourse: fromPromise<StartedComponent, { courseId: string }>(async ({ input }) => {
      try {
        return (await runWrite(learnerWrites.startCourse, input.courseId)).progress.nextComponent ?? null;
      } catch (error) {
        throw new Error(errorText(error, ENROLLMENT_MESSAGES.failed));
      }
    }),
  },
});

const ENROLLMENT_READS = readsOf<SnapshotFrom<typeof browserEnrollmentMachine>>()({
  context: ['error'],
  tags: ['banner', 'busy'],
  matches: ['enrolled'],
});

/**
 * The enroll flow of the course page; `onReload` runs when the banner has been shown. A required
 * course starts instead (no banner): `onOpen` gets the component the server named.
 */
export function useEnrollment(
  courseId: string,
  enrolled: boolean,
  onReload: () => void,
  required = false,
  onOpen: (component: StartedComponent) => void = () => {},
) {
  const actorRef = useActorRef(browserEnrollmentMachine, { input: { courseId, enrolled, required } });
  const view = useMachineView(actorRef, ENROLLMENT_READS);
  // The reload follows the machine reaching `enrolled` after an enrolment: a state, read on render,
  // cannot be missed the way an emitted event can while its listener is being replaced.
  const reached = view.matches('enrolled') && !enrolled;
  const reload = useRef(onReload);
  reload.current = onReload;
  useEffect(() => {
    if (reached) reload.current();
  }, [reached]);
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    const sub = actorRef.on('course.open', (event) => open.current(event.component));
    return () => sub.unsubscribe();
  }, [actorRef]);
  return [view, actorRef.send] as const;
}
