import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { learnerPageData, seedFromPage } from './api/page-data';
import { queryClient } from './api/query-client';
import { preloadFirstRoute } from './preload';
import { holdServerClicks, warmFormattersForTakeOver } from './server-rendered';
import { onLocaleChoice, startLocale } from './i18n/locale';
import { SessionLoading } from './components/session-loading';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// A button pressed on the Worker's copy before the app takes over is pressed again then.
holdServerClicks();
// A page the Worker rendered signed in brings its data: in the cache before anything asks for it.
seedFromPage(queryClient);
preloadFirstRoute(window.location.pathname, queryClient);
// The runtime and the chosen language's catalog download now, beside the session check.
startLocale();
// My Courses' cards (a plural's count) and the course page (its scores) create the page's first number
// formatter as the app takes over; the dashboard formats none before it is idle.
const arrivedOn = learnerPageData()?.page;
if (arrivedOn === 'my-courses' || arrivedOn === 'course') warmFormattersForTakeOver();
// Another language: every cached answer is stale (course versions, names of languages and PDF labels
// depend on it). Nothing refetches now; the app re-rendered in the new language asks again.
onLocaleChoice(() => void queryClient.invalidateQueries({ refetchType: 'none' }));

// The session statechart (XState), the router and the routes are one chunk of their own, asked for
// now: it downloads beside the catalog and the preloaded page instead of lengthening the entry
// every page waits for (its first-load budget, see scripts/bench.mjs).
const appModule = import('./app');
const App = lazy(() => appModule.then((module) => ({ default: module.App })));

// The first render is a transition: React renders it in slices and yields to the browser between
// them, instead of one long task for the whole tree (what Lighthouse counts as blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<SessionLoading />}>
          <App />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
});
