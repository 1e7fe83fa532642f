import { useEffect, useSyncExternalStore } from 'react';
import { talkOutbox } from './talk-outbox';

/** This foreman's talks on the device (opened on first use): whether they are read yet, the talks, which are being sent. */
export function useTalkOutbox(foremanId: string | undefined) {
  useEffect(() => {
    if (foremanId) void talkOutbox.open(foremanId);
  }, [foremanId]);
  const state = useSyncExternalStore(talkOutbox.subscribe, talkOutbox.getState);
  const current = state.foremanId === foremanId;
  return {
    loaded: current && state.loaded,
    talks: current ? state.talks : [],
    sending: current ? state.sending : [],
  };
}
