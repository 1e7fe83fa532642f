import { useSyncExternalStore } from 'react';

/**
 * Subscribes to a media query. Read synchronously on first render so the shell starts in the
 * right drawer mode (no open-then-close flash on phones).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The shells' drawer switch point: the theme's md breakpoint. */
export const MEDIUM_UP = '(min-width: 900px)';
/** The small breakpoint: short titles and the 56px top bar below it. */
export const SMALL_UP = '(min-width: 600px)';
