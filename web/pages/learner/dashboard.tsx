import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { RECERTIFICATION_MESSAGES } from '../../../statecharts/recertification.machine';
import { selectUser } from '../../../statecharts/session.machine';
import { completedOf, learnerQueries, requirementWrites } from '../../api/learner-queries';
import { mySessionQueries } from '../../api/my-session-queries';
import { useWrite } from '../../api/writes';
import { ContinueLearning } from '../../components/continue-learning';
import { NextUpCard } from '../../components/next-up-card';
import { IncompleteAttemptsDialog } from '../../components/incomplete-attempts-dialog';
import { CompletedCourses } from '../../components/learner/dashboard/completed-courses';
import { DashboardStats } from '../../components/learner/dashboard/dashboard-stats';
import { MySessionsPanel } from '../../components/learner/sessions/my-sessions-panel';
import { PageHeader } from '../../components/page-header';
import { RequiredTrainingPanel } from '../../components/required-training-panel';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLearnerRequirements } from '../../hooks/use-learner-requirements';
import { takeOverServerMarkup } from '../../server-rendered';
import { useStartCourse } from '../../hooks/use-start-course';
import { nextUp } from '../../state/next-up';
import { useSession } from '../../state/session';
import { greetingName } from '../../state/user-display';
import { toaster } from '../../ui';
import { currentLocale, serverText, t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

/** Starts the dashboard's reads before the page renders (web/preload.ts); failures are left to the page. */
export function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  const reads = [
    queryClient.prefetchQuery(learnerQueries.dashboard()),
    queryClient.prefetchQuery(learnerQueries.requirements()),
    queryClient.prefetchQuery(mySessionQueries.list()),
  ];
  return Promise.all(reads).then(() => undefined);
}

/** /dashboard: the learner's counts and completed courses, each with its certificate to download or generate. */
export function DashboardPage() {
  useDocumentTitle(t('dashboard.title'));
  // The Worker may have rendered this page (worker/routes/learner-pages.ts): its copy leaves when this
  // one commits, from the same data (seeded from the page), so nothing moves.
  useLayoutEffect(takeOverServerMarkup, []);
  const user = useSession(selectUser);
  const dashboard = useQuery(learnerQueries.dashboard());
  const reload = () => void dashboard.refetch();
  const certificates = dashboard.data?.certificates ?? {};
  const requirements = useLearnerRequirements();
  const [, navigate] = useLocation();
  // The dashboard has no confirmation step: the Recertify button is the learner's explicit choice
  // and only shows while renewal is open. The write invalidates the course and the progress reads,
  // so the course page and the lists read the new cycle when shown.
  const recertify = useWrite(requirementWrites.recertify, {
    // The course page shows the message in the page (a toast covered Start Course at 390 px).
    onSuccess: (result, courseId) =>
      navigate(`/course/${courseId}`, {
        state: { recertified: serverText(result.message, t('recertification.started')) },
      }),
    onError: (error) =>
      toaster.create({
        type: 'error',
        title: errorText(
          error,
          currentLocale() === 'en' ? RECERTIFICATION_MESSAGES.failed : t('recertification.failed'),
        ),
      }),
  });

  const progresses = useMemo(() => dashboard.data?.progresses ?? [], [dashboard.data]);
  const start = useStartCourse();
  const next = useMemo(() => nextUp(requirements.data ?? [], progresses), [requirements.data, progresses]);
  const completed = useMemo(() => completedOf(progresses), [progresses]);

  const loading = dashboard.isPending;
  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: greetingName(user, t('dashboard.defaultName')) })}
        subtitle={t('dashboard.subtitle')}
      />
      <IncompleteAttemptsDialog />

      {dashboard.isError ? null : (
        <NextUpCard
          next={next}
          // Requirements that failed to load leave the card to what the learner was doing.
          loading={loading || (requirements.isPending && !requirements.isError)}
          busy={start.isPending}
          onStart={(courseId) => start.mutate(courseId)}
        />
      )}

      <DashboardStats progresses={progresses} certificates={certificates} loading={loading} />

      <MySessionsPanel />

      <RequiredTrainingPanel
        requirements={requirements.data}
        loading={requirements.isPending}
        failed={requirements.isError}
        onRetry={() => void requirements.refetch()}
        busyCourse={recertify.isPending ? recertify.variables : start.isPending ? start.variables : null}
        onRecertify={(courseId) => recertify.mutate(courseId)}
        onStart={(courseId) => start.mutate(courseId)}
      />

      {dashboard.isError ? null : (
        <ContinueLearning
          // The course in the Next up card is not repeated here.
          progresses={progresses.filter((p) => p.courseId !== nextCourseId(next))}
          loading={loading}
        />
      )}

      <CompletedCourses
        completed={completed}
        certificates={certificates}
        loading={loading}
        failed={dashboard.isError}
        onRetry={reload}
      />
    </>
  );
}

const nextCourseId = (next: ReturnType<typeof nextUp>) =>
  next === null ? null : next.kind === 'required' ? next.requirement.courseId : next.progress.courseId;
