import { formatReportDuration, improvementBarWidth, type LearningReportRecord } from '@contract/reports';
import { Clock, TrendingDown, TrendingUp } from 'lucide-react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { formatScore } from '../../../format';
import { t } from '../../../i18n';
import { CourseCell, Metric } from './report-parts';

/** One course in the improvement tab: pre and post scores, the change and the time invested, with a bar. */
export function ImprovementRow({ record }: { record: LearningReportRecord }) {
  const improvement = record.improvement ?? 0;
  const negative = improvement < 0;
  const width = improvementBarWidth(improvement);
  return (
    <div className={stack({ gap: '3', p: '4', borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'lg' })}>
      <CourseCell record={record} />
      <dl
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: '3' })}
      >
        <Metric label={t('reports.preScore')} value={formatScore(record.preAssessmentScore)} />
        <Metric label={t('reports.postScore')} value={formatScore(record.postAssessmentScore)} />
        <Metric
          label={t('reports.improvement')}
          value={t('reports.points', { points: `${improvement > 0 ? '+' : ''}${Math.round(improvement * 10) / 10}` })}
          icon={negative ? <TrendingDown /> : <TrendingUp />}
        />
        <Metric
          label={t('reports.timeInvested')}
          value={formatReportDuration(record.timeSpentSeconds)}
          icon={<Clock />}
        />
      </dl>
      <div
        role="meter"
        aria-label={t('reports.improvementFor', { title: record.courseTitle })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        className={css({ h: '2', borderRadius: 'full', bg: 'bg.subtle', overflow: 'hidden' })}
      >
        <div className={negative ? barNegative : barPositive} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}

const barPositive = css({ h: '100%', borderRadius: 'full', bg: 'success.solid' });
const barNegative = css({ h: '100%', borderRadius: 'full', bg: 'error.solid' });
