import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import type { LandingData } from '@contract/landing';
import { publicApi } from '../../api/public';
import { queryKeys } from '../../api/query-keys';
import { homeFor, useAccess, type FromState } from '../../components/route-guards';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Toaster } from '../../ui';
import { serverRenderedData, takeOverServerMarkup } from '../../server-rendered';
import { FeedbackFormPlaceholder, LandingView, type CoursesState } from './landing-view';

// The feedback form sits far below the fold and brings the form controls (select, checkbox, text
// fields and their Ark machines): it loads after the page has rendered, not before.
const FeedbackForm = lazy(() => import('../../components/feedback-form').then((m) => ({ default: m.FeedbackForm })));

/**
 * The landing page ("/"): the product, sample courses, the public feedback form and sign-in. The
 * Worker sends the same view rendered for a visitor (web/ssr/landing-server.tsx), which shows until
 * this page's first render replaces it (web/server-rendered.ts): the first paint needs no script.
 */
export function LandingPage() {
  useDocumentTitle(null);
  const { access, isAdmin } = useAccess();
  // A guard may have sent the visitor here from a protected page: Login carries it on.
  const from = useHistoryState<FromState | null>()?.from;
  const query = useQuery({
    queryKey: queryKeys.public.landing,
    queryFn: async ({ signal }) => {
      const result = await publicApi.courses(3, signal);
      return Array.isArray(result?.courses) ? result.courses.slice(0, 3) : [];
    },
    // The courses the Worker rendered into the page: the first render shows exactly what is on screen.
    initialData: () => serverRenderedData<LandingData>()?.courses,
    initialDataUpdatedAt: () => (serverRenderedData<LandingData>() ? Date.now() : undefined),
  });
  const courses: CoursesState = query.isSuccess
    ? { status: 'ready', courses: query.data }
    : query.isError
      ? { status: 'failed' }
      : { status: 'loading' };
  // Before the browser paints this first render, the Worker's copy leaves and this one shows, in place.
  useLayoutEffect(takeOverServerMarkup, []);
  return (
    <LandingView
      signedIn={access === 'member'}
      home={homeFor(isAdmin)}
      from={from}
      courses={courses}
      feedbackForm={
        <Suspense fallback={<FeedbackFormPlaceholder />}>
          <FeedbackForm variant="public" />
        </Suspense>
      }
    >
      <Toaster />
    </LandingView>
  );
}
