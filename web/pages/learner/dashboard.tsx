import type { CourseProgress } from '@contract/progress';
import {
  Award,
  BadgeCheck,
  BookOpenCheck,
  CalendarCheck,
  CircleCheckBig,
  Download,
  FileBadge,
  Hourglass,
  RotateCcw,
} from 'lucide-react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import { RECERTIFICATION_MESSAGES } from '../../../statecharts/recertification.machine';
import { selectUser } from '../../../statecharts/session.machine';
import {
  completedOf,
  learnerQueries,
  requirementWrites,
  type DashboardCertificate,
  type DashboardData,
} from '../../api/learner-queries';
import { mySessionQueries } from '../../api/my-session-queries';
import { queryKeys } from '../../api/query-keys';
import { useWrite } from '../../api/writes';
import { ContinueLearning } from '../../components/continue-learning';
import { NextUpCard } from '../../components/next-up-card';
import { IncompleteAttemptsDialog } from '../../components/incomplete-attempts-dialog';
import { MySessionsPanel } from '../../components/learner/sessions/my-sessions-panel';
import { PageHeader } from '../../components/page-header';
import { RequiredTrainingPanel } from '../../components/required-training-panel';
import { useCertificateAction } from '../../hooks/use-certificate-action';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLearnerRequirements } from '../../hooks/use-learner-requirements';
import { useStartCourse } from '../../hooks/use-start-course';
import { nextUp } from '../../state/next-up';
import { useSession } from '../../state/session';
import { greetingName } from '../../state/user-display';
import { Alert, Button, Card, Chip, EmptyState, Skeleton, toaster } from '../../ui';
import { formatCertificateDate } from '../../format';
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
  const user = useSession(selectUser);
  const queryClient = useQueryClient();
  const dashboard = useQuery(learnerQueries.dashboard());
  const reload = () => void dashboard.refetch();
  const certificates = dashboard.data?.certificates ?? {};
  // The card flips to "has certificate" and the count rises at once.
  const action = useCertificateAction('dashboard', (courseId, result) =>
    queryClient.setQueryData<DashboardData>(queryKeys.learner.dashboard, (current) =>
      current
        ? {
            ...current,
            certificates: {
              ...current.certificates,
              [courseId]: {
                certificateId: result.certificateId,
                certificateNumber: result.certificateNumber,
                status: result.status,
              },
            },
          }
        : current,
    ),
  );
  const busyCourse = action.busyCourse;
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
  const stats = useMemo(() => {
    // A revoked certificate is no longer earned (an admin withdrew it).
    const hasCertificate = (p: CourseProgress) =>
      p.courseId in certificates
        ? certificates[p.courseId] !== null && certificates[p.courseId]?.status !== 'REVOKED'
        : p.certificateId !== null;
    return {
      completed: progresses.filter((p) => p.status === 'COMPLETED').length,
      // The In Progress counter counts IN_PROGRESS plus ENROLLED: an enrolled course is one being worked on.
      inProgress: progresses.filter((p) => p.status !== 'COMPLETED').length,
      certificates: progresses.filter(hasCertificate).length,
    };
  }, [progresses, certificates]);

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

      <section
        aria-label={t('dashboard.summary')}
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: { base: '2', sm: '3', md: '5' },
          mb: { base: '6', md: '8' },
        })}
      >
        <StatCard
          testId="completed-courses"
          label={t('dashboard.statCompleted')}
          value={stats.completed}
          loading={loading}
          icon={<CircleCheckBig />}
          tone="success"
        />
        <StatCard
          testId="in-progress"
          label={t('dashboard.statInProgress')}
          value={stats.inProgress}
          loading={loading}
          icon={<Hourglass />}
          tone="warning"
        />
        <StatCard
          testId="certificates-earned"
          label={t('dashboard.statCertificates')}
          value={stats.certificates}
          loading={loading}
          icon={<Award />}
          tone="accent"
        />
      </section>

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

      <section aria-labelledby="completed-heading">
        <h2
          id="completed-heading"
          className={css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', mb: '4' })}
        >
          {t('dashboard.completedHeading')}
        </h2>
        {dashboard.isError ? (
          <Alert
            status="error"
            action={
              <Button
                size="sm"
                variant="outline"
                palette="neutral"
                leftIcon={<RotateCcw />}
                onClick={() => void reload()}
              >
                {t('common.retry')}
              </Button>
            }
          >
            {t('dashboard.loadFailed')}
          </Alert>
        ) : loading ? (
          <div className={grid} role="group" aria-busy="true" aria-label={t('dashboard.loadingCompleted')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className={css({ h: '220px', borderRadius: 'xl' })} />
            ))}
          </div>
        ) : completed.length === 0 ? (
          <EmptyState
            bordered
            icon={<BookOpenCheck />}
            title={t('dashboard.emptyTitle')}
            description={t('dashboard.emptyText')}
          />
        ) : (
          <ul className={grid}>
            {completed.map((course) => {
              const certificate = certificates[course.courseId] ?? null;
              return (
                <CompletedCourseCard
                  key={course.courseId}
                  course={course}
                  certificate={certificate}
                  busy={busyCourse === course.courseId}
                  disabled={busyCourse !== null && busyCourse !== course.courseId}
                  onDownload={() => (certificate ? action.download(course.courseId, certificate) : undefined)}
                  onGenerate={() => action.generateAndDownload(course.courseId)}
                />
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

const nextCourseId = (next: ReturnType<typeof nextUp>) =>
  next === null ? null : next.kind === 'required' ? next.requirement.courseId : next.progress.courseId;

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: { base: '4', md: '5' },
  listStyle: 'none',
  p: 0,
  m: 0,
});

// Static classes: Panda extracts styles at build time, so no computed style objects.
const TONES = {
  success: css({ bg: 'success.subtle', color: 'success.fg' }),
  warning: css({ bg: 'warning.subtle', color: 'warning.fg' }),
  accent: css({ bg: 'accent.subtle', color: 'accent.fg' }),
} as const;
const statIcon = css({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  w: { base: '9', md: '12' },
  h: { base: '9', md: '12' },
  borderRadius: 'xl',
  '& svg': { w: { base: '5', md: '6' }, h: { base: '5', md: '6' } },
});

function StatCard({
  testId,
  label,
  value,
  icon,
  tone,
  loading,
}: {
  testId: string;
  label: string;
  value: number;
  icon: ReactNode;
  tone: keyof typeof TONES;
  loading: boolean;
}) {
  return (
    <Card
      variant="elevated"
      className={css({
        display: 'flex',
        flexDirection: { base: 'column', md: 'row' },
        alignItems: { base: 'flex-start', md: 'center' },
        gap: { base: '2', md: '4' },
        p: { base: '3', md: '5' },
      })}
    >
      <span aria-hidden className={cx(statIcon, TONES[tone])}>
        {icon}
      </span>
      <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
        <span
          className={css({
            fontSize: { base: 'xs', md: 'sm' },
            color: 'fg.muted',
            fontWeight: 'medium',
            lineHeight: '1.3',
          })}
        >
          {label}
        </span>
        {loading ? (
          // The figure's own line height (font size x 1.1), so the cards keep their height when it arrives.
          <Skeleton className={css({ h: { base: '26.4px', md: '33px' }, w: '12' })} />
        ) : (
          <span
            className={css({
              fontSize: { base: '2xl', md: '3xl' },
              fontWeight: 'bold',
              lineHeight: '1.1',
              color: 'fg.default',
            })}
            data-testid={`stat-${testId}`}
          >
            {value}
          </span>
        )}
      </div>
    </Card>
  );
}

function CompletedCourseCard({
  course,
  certificate,
  busy,
  disabled,
  onDownload,
  onGenerate,
}: {
  course: CourseProgress;
  certificate: DashboardCertificate | null;
  busy: boolean;
  disabled: boolean;
  onDownload: () => void;
  onGenerate: () => void;
}) {
  return (
    <Card
      as="li"
      variant="outline"
      aria-label={course.courseTitle}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5', h: '100%' })}
    >
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Chip palette="success" size="sm" icon={<CircleCheckBig size={14} />}>
          {t('course.status.completed')}
        </Chip>
        {certificate?.status === 'REVOKED' ? (
          <Chip palette="error" size="sm">
            {t('certificate.revoked')}
          </Chip>
        ) : certificate ? (
          <Chip palette="accent" variant="solid" size="sm" icon={<BadgeCheck size={14} />}>
            {t('certificate.certified')}
          </Chip>
        ) : null}
        {certificate?.status === 'EXPIRED' ? (
          <Chip palette="warning" size="sm">
            {t('certificate.expired')}
          </Chip>
        ) : null}
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1' })}>
        <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.35', color: 'fg.default' })}>
          {course.courseTitle}
        </h3>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {course.courseDomain || course.domain?.name || t('landing.courses.defaultBook')}
        </p>
      </div>
      <p className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
        <CalendarCheck size={16} aria-hidden />
        {t('dashboard.completedOn', { date: formatCertificateDate(course.completedAt) })}
      </p>
      {certificate ? (
        <Button
          fullWidth
          leftIcon={<Download />}
          loading={busy}
          loadingText={t('certificate.downloading')}
          disabled={disabled}
          onClick={onDownload}
        >
          {t('certificate.download')}
        </Button>
      ) : (
        <Button
          fullWidth
          variant="outline"
          leftIcon={<FileBadge />}
          loading={busy}
          loadingText={t('certificate.generating')}
          disabled={disabled}
          onClick={onGenerate}
        >
          {t('certificate.generate')}
        </Button>
      )}
    </Card>
  );
}
