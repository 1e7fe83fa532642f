import { useEffect, useRef } from 'react';
import { navigate, useHistoryState } from 'wouter/use-browser-location';

/** Things another screen can ask a page to open on arrival (admin quick actions). */
export type NavigationFlag = 'create' | 'upload';

interface FlagState {
  open?: NavigationFlag;
}

/** Navigates to `path` and asks the page there to open something: `navigateWithFlag('/admin/users', 'create')`. */
export function navigateWithFlag(path: string, flag: NavigationFlag): void {
  navigate(path, { state: { open: flag } satisfies FlagState });
}

/**
 * Runs `onFlag` once when the page was reached with `{ open: flag }` in history state, then
 * clears the flag (replacing the entry) so Back or a reload does not open the dialog again.
 *
 *   useNavigationFlag('create', () => setCreateOpen(true));
 */
export function useNavigationFlag(flag: NavigationFlag, onFlag: () => void): void {
  const state = useHistoryState<FlagState | null>();
  const callback = useRef(onFlag);
  useEffect(() => {
    callback.current = onFlag;
  });
  useEffect(() => {
    if (state?.open !== flag) return;
    const { open: _consumed, ...rest } = state;
    window.history.replaceState(rest, '');
    callback.current();
  }, [state, flag]);
}
