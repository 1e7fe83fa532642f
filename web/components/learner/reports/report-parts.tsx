import type { LearningReportRecord } from '@contract/reports';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { formatCertificateDate } from '../../../format';
import { t } from '../../../i18n';

/** The row's certificate button (download, or generate then download), built by the page that holds the certificate action. */
export type CertificateAction = (record: LearningReportRecord, size?: 'xs' | 'sm') => ReactNode;

export const sectionTitle = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', mb: '4' });

export function CourseCell({ record }: { record: LearningReportRecord }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
      <span className={css({ fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere' })}>
        <bdi>{record.courseTitle}</bdi>
      </span>
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        <bdi>{record.domainName || t('reports.defaultDomain')}</bdi> ·{' '}
        {t('reports.completedOn', { date: formatCertificateDate(record.lastAccessedDate) })}
      </span>
    </div>
  );
}

export function Metric({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
      <dt className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>{label}</dt>
      <dd
        className={hstack({
          gap: '1.5',
          fontWeight: 'semibold',
          color: 'fg.default',
          '& svg': { w: '4', h: '4', color: 'fg.muted' },
        })}
      >
        {icon}
        {value}
      </dd>
    </div>
  );
}
