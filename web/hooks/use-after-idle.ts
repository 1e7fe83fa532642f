import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it: for work the first
 * screen does not show (the shell's navigation checks, the toast region), so it does not add to
 * the take-over's tasks on a slow phone. The switch renders as a transition (in slices).
 * `requestIdleCallback` where the browser has it (with a deadline, so a busy page still gets
 * there), a short timer where it does not.
 */
export function useAfterIdle(deadlineMs = 1500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const done = () => startTransition(() => setReady(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: deadlineMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 50);
    return () => window.clearTimeout(id);
  }, [ready, deadlineMs]);
  return ready;
}
