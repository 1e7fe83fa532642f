import { performanceLabel, type LearningReportRecord, type PerformanceLabel } from '@contract/reports';
import { Target } from 'lucide-react';
import { css } from 'styled-system/css';
import { Chip, DataTable, EmptyState, type DataTableColumn } from '../../../ui';
import { formatCertificateDate, formatScore } from '../../../format';
import { t } from '../../../i18n';
import { PERFORMANCE_IDS } from '../../../i18n/labels';
import { CourseCell, type CertificateAction } from './report-parts';

const PERFORMANCE_PALETTE: Record<PerformanceLabel, 'success' | 'info' | 'brand' | 'warning'> = {
  Excellent: 'success',
  Great: 'info',
  Good: 'brand',
  Passed: 'warning',
};

/** The assessment tab: each scored course with its date, score, performance label and certificate. */
export function AssessmentTab({
  rows,
  certificateAction,
}: {
  rows: LearningReportRecord[];
  certificateAction: CertificateAction;
}) {
  const assessmentColumns: DataTableColumn<LearningReportRecord>[] = [
    { key: 'course', header: t('reports.course'), cell: (r) => <CourseCell record={r} />, hideInCard: true },
    {
      key: 'date',
      header: t('reports.completionDate'),
      cell: (r) => formatCertificateDate(r.lastAccessedDate),
      width: '170px',
    },
    {
      key: 'score',
      header: t('reports.score'),
      cell: (r) => <strong>{formatScore(r.postAssessmentScore)}</strong>,
      align: 'right',
      width: '90px',
    },
    {
      key: 'performance',
      header: t('reports.performance'),
      cell: (r) => {
        const label = performanceLabel(r.postAssessmentScore ?? 0);
        return (
          <Chip palette={PERFORMANCE_PALETTE[label]} size="sm">
            {t(PERFORMANCE_IDS[label])}
          </Chip>
        );
      },
      width: '130px',
    },
    {
      key: 'certificate',
      header: t('reports.certificate'),
      cell: (r) => certificateAction(r, 'xs'),
      width: '140px',
      hideInCard: true,
    },
  ];

  return (
    <div className={css({ pt: '4' })}>
      <DataTable
        rows={rows}
        columns={assessmentColumns}
        getRowKey={(r) => r.courseId}
        label={t('reports.assessmentTable')}
        cardTitle={(r) => <CourseCell record={r} />}
        cardActions={(r) => certificateAction(r)}
        empty={<EmptyState headingLevel="p" icon={<Target />} title={t('reports.noAssessment')} />}
      />
    </div>
  );
}
