import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { EvaluationActor } from './evaluation-outbox';
import { evaluationOutbox } from './evaluation-outbox';
import { readsOf, useMachineView } from './machine-view';

/** This evaluator's outbox (opened on first use): whether it is read yet, and the evaluations on the device. */
export function useEvaluationOutbox(evaluatorId: string | undefined) {
  useEffect(() => {
    if (evaluatorId) void evaluationOutbox.open(evaluatorId);
  }, [evaluatorId]);
  const state = useSyncExternalStore(evaluationOutbox.subscribe, evaluationOutbox.getState);
  const current = state.evaluatorId === evaluatorId;
  return { loaded: current && state.loaded, ids: current ? state.ids : [] };
}

/** Whether the browser has a connection, kept up to date by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

const EVALUATION_READS = readsOf<SnapshotFrom<EvaluationActor>>()({
  context: ['draft', 'refusal', 'error', 'attempts'],
  matches: ['draft', 'sending', 'uploadingPhotos', 'waitingToSend', 'waitingForPhotos', 'sent', 'acknowledging'],
  tags: ['editable', 'waiting', 'busy', 'sent', 'onServer'],
});

/** One evaluation's view for its screens. */
export function useEvaluationView(actor: EvaluationActor) {
  return useMachineView(actor, EVALUATION_READS);
}

/** How many signed evaluations on the device still wait to reach the server (record or photos). */
export function useWaitingCount(ids: readonly string[]): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      const subs = ids.flatMap((id) => {
        const actor = evaluationOutbox.actor(id);
        return actor ? [actor.subscribe(listener)] : [];
      });
      return () => {
        for (const sub of subs) sub.unsubscribe();
      };
    },
    [ids],
  );
  return useSyncExternalStore(
    subscribe,
    () => ids.filter((id) => evaluationOutbox.actor(id)?.getSnapshot().hasTag('waiting')).length,
  );
}
