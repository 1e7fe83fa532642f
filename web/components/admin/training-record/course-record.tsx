import type { TrainingRecordCertificate, TrainingRecordCourse, TrainingRecordCycle } from '@contract/training-record';
import { Ban, ExternalLink } from 'lucide-react';
import { createContext, useContext, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { stack, wrap } from 'styled-system/patterns';
import { formatDate, formatDateTime, formatScore } from '../../../format';
import { t, withTags } from '../../../i18n';
import { languageLabel } from '../../../i18n/labels';
import { Button, Card, Chip, DataTable, textLink, type ChipProps } from '../../../ui';
import { formatExpiry } from '../../certificate-expiry';
import { RevokeCertificateDialog } from './revoke-certificate-dialog';
import { flipInRtl } from '../../../ui/direction';
import { ComplianceCellView } from '../compliance-status';

// Functions, not constants: the labels are read in the current language.
const CYCLE_STATUS = (): Record<string, string> => ({
  ENROLLED: t('admin.record.cycle.enrolled'),
  IN_PROGRESS: t('admin.record.cycle.inProgress'),
  COMPLETED: t('admin.record.cycle.completed'),
});
const CERTIFICATE_LOOK = (): Record<
  TrainingRecordCertificate['status'],
  { label: string; palette: ChipProps['palette'] }
> => ({
  ACTIVE: { label: t('admin.record.cert.valid'), palette: 'success' },
  EXPIRED: { label: t('admin.record.cert.expired'), palette: 'warning' },
  REVOKED: { label: t('admin.record.cert.revoked'), palette: 'error' },
});

/** A delivery language named in the reader's language (the contract's English name through the catalog). */
const languageName = (code: string | null | undefined): string => languageLabel(code ?? 'en');

export const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/** A record shown to a supervisor (issue 30) is read-only: no revoking from it. */
export const RecordReadOnly = createContext(false);

export function CourseRecord({ course }: { course: TrainingRecordCourse }) {
  return (
    <Card
      as="article"
      aria-labelledby={`course-${course.courseId}`}
      className={css({ p: { base: '4', md: '5' }, display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <div className={wrap({ align: 'flex-start', justify: 'space-between', gap: '3' })}>
        <div className={css({ minW: 0 })}>
          <h3 id={`course-${course.courseId}`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {course.courseTitle}
          </h3>
          <p className={muted}>{course.required ? t('admin.record.required') : t('admin.record.notRequired')}</p>
        </div>
        {course.compliance ? <ComplianceCellView cell={course.compliance} /> : null}
      </div>
      {course.cycles.length === 0 ? (
        <p className={muted}>
          {course.compliance?.certificateNumber
            ? // A certificate of another language version of the course (its family) meets the requirement.
              withTags(t('admin.record.metByOther', { number: course.compliance.certificateNumber }), [
                (text, key) => <CertificateNumber key={key} number={text} />,
              ])
            : t('admin.record.notEnrolled')}
        </p>
      ) : (
        <ol className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '4' })}>
          {[...course.cycles].reverse().map((cycle) => (
            <CycleRecord key={cycle.cycle} course={course} cycle={cycle} />
          ))}
        </ol>
      )}
    </Card>
  );
}

/** One training cycle (the first completion, then each recertification), newest first. */
function CycleRecord({ course, cycle }: { course: TrainingRecordCourse; cycle: TrainingRecordCycle }) {
  const dates = [
    [t('admin.record.enrolled'), cycle.enrolledAt],
    [t('admin.record.started'), cycle.startedAt],
    [t('admin.record.completed'), cycle.completedAt],
  ] as const;
  return (
    <li
      className={stack({
        gap: '3',
        borderInlineStartWidth: '3px',
        borderColor: cycle.current ? 'brand.solid' : 'border.default',
        ps: '4',
      })}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <h4 className={css({ fontWeight: 'semibold' })}>{t('admin.record.cycle', { cycle: cycle.cycle })}</h4>
        {cycle.current ? <Chip palette="brand">{t('admin.record.current')}</Chip> : null}
        <Chip palette={cycle.status === 'COMPLETED' ? 'success' : 'neutral'}>
          {CYCLE_STATUS()[cycle.status] ?? cycle.status}
        </Chip>
        <span className={muted}>{t('admin.record.percentComplete', { percent: formatScore(cycle.progress) })}</span>
      </div>
      <dl className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '6', rowGap: '1', fontSize: 'sm' })}>
        {dates.map(([label, value]) => (
          <div key={label} className={css({ display: 'flex', gap: '1.5' })}>
            <dt className={css({ color: 'fg.muted' })}>{label}</dt>
            <dd>{formatDate(value)}</dd>
          </div>
        ))}
        <div className={css({ display: 'flex', gap: '1.5' })}>
          <dt className={css({ color: 'fg.muted' })}>{t('admin.record.deliveryLanguage')}</dt>
          <dd data-testid="cycle-language">{languageName(cycle.language)}</dd>
        </div>
      </dl>
      {cycle.certificate ? <CertificateLine certificate={cycle.certificate} /> : null}
      {cycle.attempts.length > 0 ? (
        <DataTable
          label={t('admin.record.attemptsLabel', { course: course.courseTitle, cycle: cycle.cycle })}
          rows={cycle.attempts}
          getRowKey={(a) => a.attemptId}
          cardTitle={(a) => t('admin.record.attemptCard', { title: a.componentTitle, number: a.attemptNumber })}
          columns={[
            {
              key: 'component',
              header: t('admin.record.col.assessment'),
              hideInCard: true,
              cell: (a) => a.componentTitle,
            },
            { key: 'attempt', header: t('admin.record.col.attempt'), hideInCard: true, cell: (a) => a.attemptNumber },
            { key: 'score', header: t('admin.record.col.score'), cell: (a) => formatScore(a.score, '—') },
            {
              key: 'result',
              header: t('admin.record.col.result'),
              cell: (a) =>
                a.passed === null ? (
                  <Chip palette="neutral">{t('admin.record.cycle.inProgress')}</Chip>
                ) : a.passed ? (
                  <Chip palette="success">{t('admin.record.passed')}</Chip>
                ) : (
                  <Chip palette="error">{t('admin.record.failed')}</Chip>
                ),
            },
            { key: 'submitted', header: t('admin.record.col.submitted'), cell: (a) => formatDateTime(a.submittedAt) },
          ]}
        />
      ) : (
        <p className={muted}>{t('admin.record.noAttempts')}</p>
      )}
    </li>
  );
}

function CertificateNumber({ number }: { number: string }) {
  return (
    <a
      href={`/certificate/verify/${encodeURIComponent(number)}`}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(textLink({ underline: 'always' }), css({ fontFamily: 'mono', overflowWrap: 'anywhere' }))}
    >
      {number}
      <ExternalLink aria-hidden size={14} className={flipInRtl} />
      <span className={css({ srOnly: true })}>{t('admin.record.verifyNewTab')}</span>
    </a>
  );
}

function CertificateLine({ certificate }: { certificate: TrainingRecordCertificate }) {
  const look = CERTIFICATE_LOOK()[certificate.status];
  const [revoking, setRevoking] = useState(false);
  const readOnly = useContext(RecordReadOnly);
  return (
    <div className={stack({ gap: '1', p: '3', borderRadius: 'md', bg: 'bg.muted', fontSize: 'sm' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <span className={css({ fontWeight: 'medium' })}>{t('admin.record.certificate')}</span>
        <CertificateNumber number={certificate.certificateNumber} />
        <Chip palette={look.palette}>{look.label}</Chip>
        {certificate.status === 'REVOKED' || readOnly ? null : (
          <Button
            size="sm"
            variant="outline"
            palette="danger"
            leftIcon={<Ban />}
            aria-label={t('admin.record.revokeLabel', { number: certificate.certificateNumber })}
            onClick={() => setRevoking(true)}
            className={css({ marginInlineStart: 'auto' })}
          >
            {t('admin.record.revoke')}
          </Button>
        )}
      </div>
      {readOnly ? null : (
        <RevokeCertificateDialog
          open={revoking}
          certificateId={certificate.certificateId}
          certificateNumber={certificate.certificateNumber}
          onClose={() => setRevoking(false)}
        />
      )}
      <span className={css({ color: 'fg.muted' })}>
        {certificate.status === 'REVOKED'
          ? t('admin.record.certRevokedLine', {
              issued: formatDate(certificate.issuedAt),
              revoked: formatDate(certificate.revokedAt),
              language: languageName(certificate.language),
            })
          : t('admin.record.certValidLine', {
              issued: formatDate(certificate.issuedAt),
              until: formatExpiry(certificate.expiresAt),
              language: languageName(certificate.language),
            })}
      </span>
      {certificate.revokedReason ? (
        <span className={css({ overflowWrap: 'anywhere' })}>
          {t('admin.record.revokedReason', { reason: certificate.revokedReason })}
        </span>
      ) : null}
      {certificate.renews ? (
        <span>
          {withTags(t('admin.record.renews', { number: certificate.renews }), [
            (text, key) => <CertificateNumber key={key} number={text} />,
          ])}
        </span>
      ) : null}
      {certificate.renewedBy ? (
        <span>
          {withTags(t('admin.record.supersededBy', { number: certificate.renewedBy }), [
            (text, key) => <CertificateNumber key={key} number={text} />,
          ])}
        </span>
      ) : null}
    </div>
  );
}
