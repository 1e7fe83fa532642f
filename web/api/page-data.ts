import type { QueryClient } from '@tanstack/react-query';
import type { LearnerPageData } from '@contract/learner-pages';
import { serverRenderedData } from '../server-rendered';
import { rememberBookmark } from './client';
import { queryKeys } from './query-keys';

/**
 * A learner page the Worker rendered signed in (worker/routes/learner-pages.ts) carries the API's
 * own answers for what it shows. Put in the query cache before the app renders, they are fresh
 * answers like any other (15 s): the page's first render shows them, the same markup the Worker
 * rendered from them, and nothing asks the server for them again. The Worker's renderer seeds its
 * own cache with the same function (web/ssr/learner-server.tsx), so both render from one copy.
 */
export function seedPageData(queryClient: QueryClient, data: LearnerPageData): void {
  queryClient.setQueryData(queryKeys.session, data.user);
  if (data.progressList) queryClient.setQueryData(queryKeys.learner.progress.list, data.progressList);
  if (data.requirements) queryClient.setQueryData(queryKeys.learner.requirements, data.requirements);
  if (data.progressList && data.completedCertificates) {
    queryClient.setQueryData(queryKeys.learner.dashboard, {
      progresses: data.progressList.progresses,
      certificates: data.completedCertificates,
    });
  }
  if (data.certificates) queryClient.setQueryData(queryKeys.learner.certificates.list, data.certificates);
  if (data.mySessions) queryClient.setQueryData(queryKeys.learner.sessions, data.mySessions);
  // My Courses' page, under the key its `usePagedList` builds from the address, in `fetchCoursePage`'s shape.
  if (data.courseList) {
    const { params, answer } = data.courseList;
    queryClient.setQueryData([...queryKeys.learner.courses, params], { ...answer, items: answer.courses });
  }
  if (data.course) {
    const courseId = data.course.id;
    queryClient.setQueryData(queryKeys.learner.course(courseId), data.course);
    if (data.courseProgress !== undefined)
      queryClient.setQueryData(queryKeys.learner.progress.course(courseId), data.courseProgress);
  }
}

/** The learner data this page arrived with, when the Worker rendered it signed in; else null. */
export function learnerPageData(): LearnerPageData | null {
  const data = serverRenderedData<Partial<LearnerPageData>>();
  return data?.user && data.page ? (data as LearnerPageData) : null;
}

/** At start: the page's answers into the cache, and its bookmark kept for the next API call. */
export function seedFromPage(queryClient: QueryClient): void {
  const data = learnerPageData();
  if (!data) return;
  seedPageData(queryClient, data);
  rememberBookmark(data.bookmark);
}
