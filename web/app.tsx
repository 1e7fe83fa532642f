import { useSyncExternalStore } from 'react';
import { currentLocale, subscribeLocale } from './i18n/locale';
import { learnerPageData } from './api/page-data';
import { AppRoutes } from './routes';
import { SessionProvider } from './state/session';

/** A language change renders the app again in the new language (texts are read while rendering). */
function LocaleRoot() {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  return <AppRoutes key={locale} />;
}

/**
 * The app inside the entry's providers: the session (its statechart, with XState), the router and
 * the routes. Its own chunk (web/main.tsx), downloaded beside the language catalog and the first
 * page's code rather than before them.
 */
export function App() {
  return (
    <SessionProvider pageUser={learnerPageData()?.user ?? null}>
      <LocaleRoot />
    </SessionProvider>
  );
}
