import type { QueryClient } from '@tanstack/react-query';
import { USER_KEY } from './api/client';

/**
 * A signed-in first load waits for the session to be checked before the route renders, and
 * the route then fetches its code and its data: four trips one after another. For the learner's
 * home, start the code and the data now, beside the session check, so the page renders as soon as
 * the check answers. The page cannot read its session (an HttpOnly cookie): the user saved at the
 * last sign-in is the hint. The server still judges every call (a dead cookie's calls answer 401,
 * and what they would have cached is forgotten with the session); this only moves requests earlier.
 */
export function preloadFirstRoute(path: string, queryClient: QueryClient): void {
  let savedUser: string | null = null;
  try {
    savedUser = window.localStorage.getItem(USER_KEY);
  } catch {
    return;
  }
  if (!savedUser) return;
  if (path === '/dashboard' || path === '/dashboard/') {
    void import('./pages/learner/learner-area');
    void import('./pages/learner/dashboard').then((page) => page.prefetchDashboard(queryClient)).catch(() => undefined);
  }
  // My Courses and a course page arrive rendered by the Worker with their data (web/api/page-data.ts):
  // only their code is asked for now, beside the app's, instead of after the learner area's.
  if (/^\/my-courses\/?$/.test(path)) {
    void import('./pages/learner/learner-area');
    void import('./pages/learner/my-courses');
  }
  if (/^\/course\/[^/]+\/?$/.test(path)) {
    void import('./pages/learner/learner-area');
    void import('./pages/learner/course-detail');
  }
}
