import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { preloadFirstRoute } from './preload';
import { currentLocale, onLocaleChoice, startLocale, subscribeLocale } from './i18n/locale';
import { AppRoutes } from './routes';
import { SessionProvider } from './state/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const queryClient = createQueryClient();
preloadFirstRoute(window.location.pathname, queryClient);
// The runtime and the chosen language's catalog download now, beside the session check.
startLocale();
// Another language: every cached answer is stale (course versions, names of languages and PDF labels
// depend on it). Nothing refetches now; the app re-rendered in the new language asks again.
onLocaleChoice(() => void queryClient.invalidateQueries({ refetchType: 'none' }));

/** A language change renders the app again in the new language (texts are read while rendering). */
function LocaleRoot() {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  return <AppRoutes key={locale} />;
}

// The first render is a transition: React renders it in slices and yields to the browser between
// them, instead of one long task for the whole tree (what Lighthouse counts as blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LocaleRoot />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
