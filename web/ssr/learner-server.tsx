/**
 * A signed-in learner page rendered to HTML inside the Worker (worker/routes/learner-pages.ts): the
 * client's own shell and page components, with a query cache seeded from the page's data exactly
 * as the client seeds its own (web/api/page-data.ts) and the session machine started from the user
 * the Worker judged, so the markup is what the client's first render of the page shows. Bundled
 * with the landing renderer into worker/generated/landing-ssr.js (vite.ssr.config.ts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Router } from 'wouter';
import type { LearnerPage, LearnerPageData } from '@contract/learner-pages';
import { seedPageData } from '../api/page-data';
import { createQueryClient } from '../api/query-client';
import { ArkDirection } from '../components/ark-direction';
import { LearnerShell } from '../components/learner-shell';
import { activateMessages, loadMessages, type Locale } from '../i18n';
import { CertificatesPage } from '../pages/learner/certificates';
import { CourseDetailPage } from '../pages/learner/course-detail';
import { DashboardPage } from '../pages/learner/dashboard';
import { MyCoursesPage } from '../pages/learner/my-courses';
import { SessionProvider } from '../state/session';

const PAGES: Partial<Record<LearnerPage, ComponentType>> = {
  dashboard: DashboardPage,
  'my-courses': MyCoursesPage,
  // Rendered inside its route, as the client does: the page reads the course id from the path.
  course: () => (
    <Route path="/course/:courseId">
      <CourseDetailPage />
    </Route>
  ),
  certificates: CertificatesPage,
};

/** The page's markup (the inside of #server-rendered) at `path` + `search`, for the user `data` was read for. */
export async function renderLearnerMarkup(
  locale: Locale,
  path: string,
  search: string,
  data: LearnerPageData,
): Promise<string> {
  const Page = PAGES[data.page];
  if (!Page) throw new Error(`no server renderer for the ${data.page} page`);
  const messages = await loadMessages(locale);
  // One cache per request: nothing of one learner's answers can reach another's page.
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  // As for the landing page: activating the catalog and rendering happen in one synchronous step.
  activateMessages(locale, messages);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <SessionProvider pageUser={data.user}>
        <Router ssrPath={path} ssrSearch={search.replace(/^\?/, '')}>
          <ArkDirection>
            <LearnerShell>
              <Page />
            </LearnerShell>
          </ArkDirection>
        </Router>
      </SessionProvider>
    </QueryClientProvider>,
  );
}
