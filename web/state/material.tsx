import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { materialProgressMachine, type MaterialInput } from '../../statecharts/material-progress.machine';
import { hasErrorCode } from '../api/client';
import { learnerWrites } from '../api/learner-queries';
import { runWrite } from '../api/writes';

/** How often a completion the server found too early (NOT_ENOUGH_VIEWING) is asked for again. */
const VIEWING_RETRY_MS = 2000;
import { readsOf, useMachineView } from './machine-view';

/** Set while the page is being hidden or closed: the last time report must survive the unload. */
let unloading = false;

const browserMaterialMachine = materialProgressMachine.provide({
  actors: {
    startComponent: fromPromise<void, { componentId: string }>(async ({ input }) => {
      await runWrite(learnerWrites.startComponent, input.componentId);
    }),
    reportProgress: fromPromise<
      number,
      { componentId: string; progressPercentage: number; durationSeconds: number | null }
    >(async ({ input }) => {
      const { progress } = await runWrite(learnerWrites.componentProgress, {
        componentId: input.componentId,
        percentage: input.progressPercentage,
        durationSeconds: input.durationSeconds ?? undefined,
      });
      return progress.progressPercentage;
    }),
    // 100 % completes a material on the server once it is plausibly viewed; until then the server
    // answers NOT_ENOUGH_VIEWING and the completion is asked for again a little later.
    completeMaterial: fromPromise<void, { componentId: string }>(async ({ input, signal }) => {
      for (;;) {
        const full = { componentId: input.componentId, percentage: 100 };
        const { progress } = await runWrite(learnerWrites.componentProgress, full);
        if (progress.status === 'COMPLETED') return;
        try {
          await runWrite(learnerWrites.completeComponent, input.componentId);
          return;
        } catch (error) {
          if (!hasErrorCode(error, 'NOT_ENOUGH_VIEWING')) throw error;
          await new Promise<void>((resolve, reject) => {
            const id = setTimeout(resolve, VIEWING_RETRY_MS);
            signal.addEventListener(
              'abort',
              () => {
                clearTimeout(id);
                reject(signal.reason);
              },
              { once: true },
            );
          });
        }
      }
    }),
    sendTime: fromPromise<void, { componentId: string; seconds: number }>(({ input }) =>
      runWrite(learnerWrites.componentTime, { ...input, keepalive: unloading }),
    ),
  },
});

/** The time tracking never re-renders the page: only progress, completion and the error do. */
const MATERIAL_READS = readsOf<SnapshotFrom<typeof browserMaterialMachine>>()({
  context: ['recordedProgress', 'finishRequested', 'error'],
  tags: ['fullyViewed', 'completing'],
});

/**
 * Material progress and time tracking for one component. Leaving the page (unmount), hiding the
 * tab or closing it flushes the time spent; coming back to the tab counts again.
 */
export function useMaterialProgress(input: MaterialInput, onFinished: () => void) {
  const actorRef = useActorRef(browserMaterialMachine, { input });
  const view = useMachineView(actorRef, MATERIAL_READS);
  useEffect(() => {
    const sub = actorRef.on('material.finished', () => onFinished());
    return () => sub.unsubscribe();
  }, [actorRef, onFinished]);
  useEffect(() => {
    // A remount after a leave (React's strict-mode double effects) resumes counting.
    actorRef.send({ type: 'material.return' });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        unloading = true;
        actorRef.send({ type: 'material.leave' });
        unloading = false;
      } else {
        actorRef.send({ type: 'material.return' });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      actorRef.send({ type: 'material.leave' });
    };
  }, [actorRef]);
  return [view, actorRef.send] as const;
}
