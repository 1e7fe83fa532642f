import type { CourseProgress } from '@contract/progress';
import { Award, CircleCheckBig, Hourglass } from 'lucide-react';
import { useMemo } from 'react';
import type { DashboardData } from '../../../api/learner-queries';
import { t } from '../../../i18n';
import { StatRow, StatTile } from '../stat-tile';

/** The dashboard's three counts: completed courses, courses in progress, certificates earned. */
export function DashboardStats({
  progresses,
  certificates,
  loading,
}: {
  progresses: DashboardData['progresses'];
  certificates: DashboardData['certificates'];
  loading: boolean;
}) {
  const stats = useMemo(() => {
    // A revoked certificate is no longer earned (an admin withdrew it).
    const hasCertificate = (p: CourseProgress) =>
      p.courseId in certificates
        ? certificates[p.courseId] !== null && certificates[p.courseId]?.status !== 'REVOKED'
        : p.certificateId !== null;
    return [
      {
        testId: 'completed-courses',
        label: t('dashboard.statCompleted'),
        value: progresses.filter((p) => p.status === 'COMPLETED').length,
        icon: <CircleCheckBig />,
        tone: 'success',
      },
      {
        testId: 'in-progress',
        label: t('dashboard.statInProgress'),
        // The In Progress counter counts IN_PROGRESS plus ENROLLED: an enrolled course is one being worked on.
        value: progresses.filter((p) => p.status !== 'COMPLETED').length,
        icon: <Hourglass />,
        tone: 'warning',
      },
      {
        testId: 'certificates-earned',
        label: t('dashboard.statCertificates'),
        value: progresses.filter(hasCertificate).length,
        icon: <Award />,
        tone: 'accent',
      },
    ] as const;
  }, [progresses, certificates]);

  return (
    <StatRow label={t('dashboard.summary')}>
      {stats.map((stat) => (
        <StatTile key={stat.testId} {...stat} loading={loading} />
      ))}
    </StatRow>
  );
}
