import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { ENROLLMENT_MESSAGES, enrollmentMachine } from '../../statecharts/enrollment.machine';
import { errorMessage } from '../api/client';
import { learnerApi } from '../api/learner';

const browserEnrollmentMachine = enrollmentMachine.provide({
  actors: {
    enroll: fromPromise<void, { courseId: string }>(async ({ input }) => {
      try {
        await learnerApi.enroll(input.courseId);
      } catch (error) {
        throw new Error(errorMessage(error, ENROLLMENT_MESSAGES.failed));
      }
    }),
  },
});

/** The enroll flow of the course page; `onReload` runs when the banner has been shown. */
export function useEnrollment(courseId: string, enrolled: boolean, onReload: () => void) {
  const [snapshot, send, actorRef] = useMachine(browserEnrollmentMachine, { input: { courseId, enrolled } });
  useEffect(() => {
    const sub = actorRef.on('course.reload', () => onReload());
    return () => sub.unsubscribe();
  }, [actorRef, onReload]);
  return [snapshot, send] as const;
}
