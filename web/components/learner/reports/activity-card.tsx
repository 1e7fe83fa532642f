import { totalHours, type UserReport } from '@contract/reports';
import { Award, BookOpenCheck, Clock, Flame } from 'lucide-react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { Card, Chip } from '../../../ui';
import { t } from '../../../i18n';
import { Metric, sectionTitle } from './report-parts';

/** Learning activity: the day streak, total time, enrolled courses and certificates earned. */
export function ActivityCard({
  metrics,
  certificateCount,
}: {
  metrics: UserReport['summaryMetrics'];
  certificateCount: number;
}) {
  const streak = metrics.learningStreak;
  return (
    <Card
      variant="outline"
      as="section"
      aria-labelledby="activity-heading"
      className={css({ p: { base: '4', md: '6' } })}
    >
      <h2 id="activity-heading" className={sectionTitle}>
        {t('reports.activityHeading')}
      </h2>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        {streak > 0 ? (
          <>
            <Chip palette="accent" size="md" icon={<Flame />}>
              {t('reports.streak', { count: streak })}
            </Chip>
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('reports.keepGoing')}</span>
          </>
        ) : (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('reports.startStreak')}</span>
        )}
      </div>
      <dl className={grid({ gap: '4', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' }, mt: '5' })}>
        <Metric
          icon={<Clock />}
          label={t('reports.totalTime')}
          value={t('reports.hours', { hours: totalHours(metrics.totalTimeSpentSeconds) })}
        />
        <Metric icon={<BookOpenCheck />} label={t('reports.enrolled')} value={String(metrics.totalCoursesEnrolled)} />
        <Metric icon={<Award />} label={t('reports.certificates')} value={String(certificateCount)} />
      </dl>
    </Card>
  );
}
