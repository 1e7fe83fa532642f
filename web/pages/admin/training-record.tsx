import type { TrainingRecordCertificate, TrainingRecordCourse, TrainingRecordCycle } from '@contract/compliance';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, ClipboardPlus, Download, ExternalLink, ShieldOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { saveBlob } from '../../api/certificates';
import { complianceApi, type TrainingRecordResponse } from '../../api/compliance';
import { queryKeys } from '../../api/query-keys';
import type { RecordLinkState } from '../../components/admin/compliance-matrix';
import { ComplianceCellView } from '../../components/admin/compliance-status';
import {
  GrantExemptionDialog,
  RecordEventDialog,
  type CoveredRequirement,
} from '../../components/admin/training-record-dialogs';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, Card, Chip, DataTable, EmptyState, toaster, type ChipProps } from '../../ui';
import { dayInputValue, formatDate, formatDateTime, formatDay, formatScore } from '../../format';
import { t, withTags } from '../../i18n';
import { flipInRtl } from '../../ui/direction';
import { errorText } from '../../i18n/error-text';
import { EVENT_KIND_IDS } from '../../i18n/labels';
import { languageLabel } from '../../i18n/labels';

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

const sectionTitle = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/**
 * /admin/compliance/people/:userId: one person's training record for an inspector: per course the
 * compliance status and every cycle (attempts, certificate and its renewal chain), the exemptions
 * and retraining events; the admin grants an exemption, records an event or downloads the PDF.
 */
export function AdminTrainingRecordPage() {
  const { userId } = useParams<{ userId: string }>();
  const record = useQuery({
    queryKey: queryKeys.admin.compliance.record(userId),
    queryFn: ({ signal }) => complianceApi.trainingRecord(userId, signal),
  });
  const back = useHistoryState<RecordLinkState | null>()?.matrixSearch;
  const data = record.data;
  useDocumentTitle(data ? t('admin.record.documentTitle', { name: data.user.name }) : t('admin.record.title'));

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href={`/admin/compliance${back ? `?${back}` : ''}`}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1',
              color: 'brand.fg',
              _hover: { textDecoration: 'underline' },
            })}
          >
            <ArrowLeft aria-hidden size={16} className={flipInRtl} /> {t('admin.compliance.title')}
          </Link>
        }
        title={data ? data.user.name : t('admin.record.title')}
        subtitle={data ? <PersonLine user={data.user} /> : undefined}
        actions={data ? <RecordActions record={data} /> : undefined}
      />
      <QueryState query={record} loadingLabel={t('admin.record.loading')} failureMessage={t('admin.record.loadFailed')}>
        {data ? <RecordBody record={data} /> : null}
      </QueryState>
    </>
  );
}

function PersonLine({ user }: { user: TrainingRecordResponse['user'] }) {
  const role = [user.jobTitle, user.department].filter(Boolean).join(' · ');
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <span>{role || t('admin.record.noRole')}</span>
      <span
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: '2',
          rowGap: '1',
          fontSize: 'sm',
        })}
      >
        <span className={css({ overflowWrap: 'anywhere' })}>
          {user.username} · {user.email}
        </span>
        <Chip palette={user.status === 'ACTIVE' ? 'success' : 'neutral'}>
          {user.status === 'ACTIVE' ? t('admin.record.activeAccount') : t('admin.record.deactivatedAccount')}
        </Chip>
      </span>
    </span>
  );
}

function RecordActions({ record }: { record: TrainingRecordResponse }) {
  const [dialog, setDialog] = useState<'exempt' | 'event' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const covered: CoveredRequirement[] = record.courses.flatMap((c) =>
    c.compliance ? [{ value: c.compliance.requirementId, label: c.courseTitle }] : [],
  );
  const none = covered.length === 0;
  const done = (message: string) => {
    setDialog(null);
    toaster.create({ type: 'success', title: message });
  };
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(
        await complianceApi.trainingRecordPdf(record.user.id),
        `training-record-${record.user.username}-${dayInputValue()}.pdf`,
      );
    } catch (e) {
      toaster.create({ type: 'error', title: errorText(e, t('admin.record.downloadFailed')) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Button
        variant="outline"
        leftIcon={<ShieldOff />}
        disabled={none}
        title={none ? t('admin.record.notCovered') : undefined}
        onClick={() => setDialog('exempt')}
      >
        {t('admin.record.grantExemption')}
      </Button>
      <Button
        variant="outline"
        leftIcon={<ClipboardPlus />}
        disabled={none}
        title={none ? t('admin.record.notCovered') : undefined}
        onClick={() => setDialog('event')}
      >
        {t('admin.record.recordEvent')}
      </Button>
      <Button
        leftIcon={<Download />}
        loading={downloading}
        loadingText={t('admin.record.preparingPdf')}
        onClick={() => void download()}
      >
        {t('admin.record.downloadPdf')}
      </Button>
      <GrantExemptionDialog
        open={dialog === 'exempt'}
        userId={record.user.id}
        name={record.user.name}
        requirements={covered}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <RecordEventDialog
        open={dialog === 'event'}
        userId={record.user.id}
        name={record.user.name}
        requirements={covered}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </>
  );
}

function RecordBody({ record }: { record: TrainingRecordResponse }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      <p className={muted}>{t('admin.record.asOf', { date: formatDateTime(record.generatedAt) })}</p>
      <section aria-labelledby="record-courses">
        <h2 id="record-courses" className={sectionTitle}>
          {t('admin.record.courses')}
        </h2>
        {record.courses.length === 0 ? (
          <EmptyState
            bordered
            icon={<BookOpen />}
            title={t('admin.record.noTraining')}
            description={t('admin.record.noTrainingText')}
            headingLevel="h3"
          />
        ) : (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            {record.courses.map((course) => (
              <CourseRecord key={course.courseId} course={course} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="record-exemptions">
        <h2 id="record-exemptions" className={sectionTitle}>
          {t('admin.record.exemptions')}
        </h2>
        {record.exemptions.length === 0 ? (
          <p className={muted}>{t('admin.record.noExemptions')}</p>
        ) : (
          <ul className={listClass}>
            {record.exemptions.map((e) => {
              const ended = Date.parse(e.until) <= Date.now();
              return (
                <ListEntry
                  key={e.id}
                  title={e.courseTitle}
                  badge={
                    <Chip palette={ended ? 'neutral' : 'info'}>
                      {ended
                        ? t('admin.record.ended', { date: formatDate(e.until) })
                        : t('admin.record.until', { date: formatDate(e.until) })}
                    </Chip>
                  }
                  body={e.reason}
                  meta={t('admin.record.grantedBy', { name: e.createdBy, date: formatDateTime(e.createdAt) })}
                />
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="record-events">
        <h2 id="record-events" className={sectionTitle}>
          {t('admin.record.events')}
        </h2>
        {record.events.length === 0 ? (
          <p className={muted}>{t('admin.record.noEvents')}</p>
        ) : (
          <ul className={listClass}>
            {record.events.map((e) => (
              <ListEntry
                key={e.id}
                title={`${t(EVENT_KIND_IDS[e.kind])} · ${formatDay(e.occurredOn)}`}
                badge={<Chip palette="accent">{e.courseTitle}</Chip>}
                body={e.note}
                meta={t('admin.record.recordedBy', { name: e.createdBy, date: formatDateTime(e.createdAt) })}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const listClass = css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' });

function ListEntry({ title, badge, body, meta }: { title: string; badge: ReactNode; body: string; meta: string }) {
  return (
    <li
      className={css({
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        p: '4',
        display: 'flex',
        flexDirection: 'column',
        gap: '1.5',
      })}
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '2',
          justifyContent: 'space-between',
        })}
      >
        <span className={css({ fontWeight: 'semibold' })}>{title}</span>
        {badge}
      </div>
      <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{body}</p>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{meta}</p>
    </li>
  );
}

function CourseRecord({ course }: { course: TrainingRecordCourse }) {
  return (
    <Card
      as="article"
      aria-labelledby={`course-${course.courseId}`}
      className={css({ p: { base: '4', md: '5' }, display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: '3',
        })}
      >
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
      className={css({
        borderInlineStartWidth: '3px',
        borderColor: cycle.current ? 'brand.solid' : 'border.default',
        ps: '4',
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
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
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        fontFamily: 'mono',
        color: 'brand.fg',
        textDecoration: 'underline',
        overflowWrap: 'anywhere',
      })}
    >
      {number}
      <ExternalLink aria-hidden size={14} className={flipInRtl} />
      <span className={css({ srOnly: true })}>{t('admin.record.verifyNewTab')}</span>
    </a>
  );
}

function CertificateLine({ certificate }: { certificate: TrainingRecordCertificate }) {
  const look = CERTIFICATE_LOOK()[certificate.status];
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        p: '3',
        borderRadius: 'md',
        bg: 'bg.muted',
        fontSize: 'sm',
      })}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <span className={css({ fontWeight: 'medium' })}>{t('admin.record.certificate')}</span>
        <CertificateNumber number={certificate.certificateNumber} />
        <Chip palette={look.palette}>{look.label}</Chip>
      </div>
      <span className={css({ color: 'fg.muted' })}>
        {certificate.status === 'REVOKED'
          ? t('admin.record.certRevokedLine', {
              issued: formatDate(certificate.issuedAt),
              revoked: formatDate(certificate.revokedAt),
              language: languageName(certificate.language),
            })
          : t('admin.record.certValidLine', {
              issued: formatDate(certificate.issuedAt),
              until: formatDate(certificate.expiresAt),
              language: languageName(certificate.language),
            })}
      </span>
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
