import type { CourseProgress } from '@contract/progress';
import { BadgeCheck, BookOpenCheck, CalendarCheck, CircleCheckBig, Download, FileBadge } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import type { DashboardCertificate, DashboardData } from '../../../api/learner-queries';
import { queryKeys } from '../../../api/query-keys';
import { useCertificateAction } from '../../../hooks/use-certificate-action';
import { Button, Card, Chip, EmptyState, Skeleton } from '../../../ui';
import { formatCertificateDate } from '../../../format';
import { t } from '../../../i18n';
import { LoadFailedAlert } from '../load-failed-alert';
import { dashboardCardList } from './card-list';

const cardGrid = cx(
  dashboardCardList,
  css({ gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }),
);

/** The dashboard's completed courses, each with its certificate to download or generate. */
export function CompletedCourses({
  completed,
  certificates,
  loading,
  failed,
  onRetry,
}: {
  completed: CourseProgress[];
  certificates: DashboardData['certificates'];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const queryClient = useQueryClient();
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

  return (
    <section aria-labelledby="completed-heading">
      <h2
        id="completed-heading"
        className={css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', mb: '4' })}
      >
        {t('dashboard.completedHeading')}
      </h2>
      {failed ? (
        <LoadFailedAlert onRetry={onRetry}>{t('dashboard.loadFailed')}</LoadFailedAlert>
      ) : loading ? (
        <div className={cardGrid} role="group" aria-busy="true" aria-label={t('dashboard.loadingCompleted')}>
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
        <ul className={cardGrid}>
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
