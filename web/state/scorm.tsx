import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { scormDurationSeconds, scorm12Duration, scorm2004Duration } from '@contract/rules/scorm';
import type { ScormVersion } from '@contract/scorm';
import { scormPlayerMachine, type Cmi } from '../../statecharts/scorm-player.machine';
import { learnerQueries, learnerWrites } from '../api/learner-queries';
import { queryClient } from '../api/query-client';
import { markStale, runWrite } from '../api/writes';
import { readsOf, useMachineView } from './machine-view';

/**
 * The SCORM player's effects: the launch and commit calls, and the page-hide beacon. The session
 * time a package does not report itself is the time since the player opened (the Worker adds each
 * session's time to the learner's total).
 */

/** The data model as the Worker takes it: element names to strings (scorm-again's flattened map also holds empty objects). */
export function commitData(
  cmi: Record<string, unknown>,
  version: ScormVersion,
  openedAt: number,
  now = Date.now(),
): Cmi {
  const out: Cmi = {};
  for (const [key, value] of Object.entries(cmi)) {
    if (!key.startsWith('cmi.')) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  const key = version === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time';
  if (!scormDurationSeconds(out[key])) {
    const seconds = Math.max(0, Math.round((now - openedAt) / 1000));
    out[key] = version === '1.2' ? scorm12Duration(seconds) : scorm2004Duration(seconds);
  }
  return out;
}

const browserScormMachine = scormPlayerMachine.provide({
  actors: {
    launch: fromPromise(({ input }) => queryClient.fetchQuery(learnerQueries.scormLaunch(input.componentId))),
    commit: fromPromise(({ input }) =>
      runWrite(learnerWrites.scormCommit, {
        componentId: input.componentId,
        body: { sessionId: input.sessionId, finished: input.finished, cmi: input.cmi },
      }),
    ),
  },
  actions: {
    // A beacon sends no Authorization header: its URL is signed for this session and component,
    // and its JSON body goes as text/plain (a content type a beacon may send without a preflight).
    sendBeacon: (_, params) => {
      if (!params.url || typeof navigator.sendBeacon !== 'function') return;
      navigator.sendBeacon(
        params.url,
        JSON.stringify({ sessionId: params.body.sessionId, finished: params.body.finished, cmi: params.body.cmi }),
      );
      // A beacon is a commit too, sent outside the mutation cache: what it may change is read again when next shown.
      const { componentId, sessionId, finished, cmi } = params.body;
      markStale(learnerWrites.scormCommit.invalidates({ componentId, body: { sessionId, finished, cmi } }));
    },
  },
});

const SCORM_READS = readsOf<SnapshotFrom<typeof browserScormMachine>>()({
  context: ['launch', 'summary', 'completed', 'error'],
  matches: ['launching', 'launchFailed', 'running', 'finishing', 'finishFailed', 'finished', 'terminated'],
  tags: ['saving', 'playing'],
});

const newSessionId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `s-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The player's machine for one component. Hiding the tab sends unsaved data with a beacon; closing
 * it (pagehide) or leaving the page (unmount) sends it and ends the session.
 */
export function useScormPlayer(componentId: string) {
  const actorRef = useActorRef(browserScormMachine, { input: { componentId, sessionId: newSessionId() } });
  const view = useMachineView(actorRef, SCORM_READS);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') actorRef.send({ type: 'page.hide' });
    };
    const onPageHide = () => actorRef.send({ type: 'page.leave' });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [actorRef]);
  return [view, actorRef] as const;
}
