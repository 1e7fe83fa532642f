import type { QueryClient } from '@tanstack/react-query';
import { TOKEN_KEY } from './api/client';

/**
 * A signed-in first load waits for the stored session to be checked before the route renders, and
 * the route then fetches its code and its data: four trips one after another. For the learner's
 * home, start the code and the data now, beside the session check, so the page renders as soon as
 * the check answers. The server still judges every call (a stale token's calls answer 401, and
 * what they would have cached is forgotten with the session); this only moves requests earlier.
 */
export function preloadFirstRoute(path: string, queryClient: QueryClient): void {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return;
  }
  if (!token) return;
  if (path === '/dashboard' || path === '/dashboard/') {
    void import('./pages/learner/learner-area');
    void import('./pages/learner/dashboard').then((page) => page.prefetchDashboard(queryClient)).catch(() => undefined);
  }
}
