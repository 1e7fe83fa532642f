import { EVENT_KIND_LABELS } from '@contract/compliance';
import { deliveryLanguageName } from '@contract/delivery-language';
import type { TrainingRecordCertificate, TrainingRecordCourse, TrainingRecordCycle } from '@contract/compliance';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, ClipboardPlus, Download, ExternalLink, ShieldOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { saveBlob } from '../../api/certificates';
import { errorMessage } from '../../api/client';
import { complianceApi, type TrainingRecordResponse } from '../../api/compliance';
import { queryKeys } from '../../api/query-keys';
import type { RecordLinkState } from '../../components/admin/compliance-matrix';
import { ComplianceCellView } from '../../components/admin/compliance-status';
import { GrantExemptionDialog, RecordEventDialog, type CoveredRequirement } from '../../components/admin/training-record-dialogs';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, Card, Chip, DataTable, EmptyState, toaster, type ChipProps } from '../../ui';
import { dayInputValue, formatDate, formatDateTime, formatDay, formatScore } from '../../format';

const CYCLE_STATUS: Record<string, string> = { ENROLLED: 'Enrolled', IN_PROGRESS: 'In progress', COMPLETED: 'Completed' };
const CERTIFICATE_LOOK: Record<TrainingRecordCertificate['status'], { label: string; palette: ChipProps['palette'] }> = {
  ACTIVE: { label: 'Valid', palette: 'success' },
  EXPIRED: { label: 'Expired', palette: 'warning' },
  REVOKED: { label: 'Revoked', palette: 'error' },
};

const sectionTitle = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/**
 * /admin/compliance/people/:userId: one person's training record for an inspector: per course the
 * compliance status and every cycle (attempts, certificate and its renewal chain), the exemptions
 * and retraining events; the admin grants an exemption, records an event or downloads the PDF.
 */
export function AdminTrainingRecordPage() {
  const { userId } = useParams<{ userId: string }>();
  const record = useQuery({ queryKey: queryKeys.admin.compliance.record(userId), queryFn: ({ signal }) => complianceApi.trainingRecord(userId, signal) });
  const back = useHistoryState<RecordLinkState | null>()?.matrixSearch;
  const data = record.data;
  useDocumentTitle(data ? `Training record: ${data.user.name}` : 'Training record');

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/admin/compliance${back ? `?${back}` : ''}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'brand.fg', _hover: { textDecoration: 'underline' } })}>
            <ArrowLeft aria-hidden size={16} /> Compliance
          </Link>
        }
        title={data ? data.user.name : 'Training record'}
        subtitle={data ? <PersonLine user={data.user} /> : undefined}
        actions={data ? <RecordActions record={data} /> : undefined}
      />
      <QueryState query={record} loadingLabel="Loading training record..." failureMessage="Failed to load the training record">
        {data ? <RecordBody record={data} /> : null}
      </QueryState>
    </>
  );
}

function PersonLine({ user }: { user: TrainingRecordResponse['user'] }) {
  const role = [user.jobTitle, user.department].filter(Boolean).join(' · ');
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <span>{role || 'No job title or department'}</span>
      <span className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2', rowGap: '1', fontSize: 'sm' })}>
        <span className={css({ overflowWrap: 'anywhere' })}>
          {user.username} · {user.email}
        </span>
        <Chip palette={user.status === 'ACTIVE' ? 'success' : 'neutral'}>{user.status === 'ACTIVE' ? 'Active account' : 'Deactivated account'}</Chip>
      </span>
    </span>
  );
}

function RecordActions({ record }: { record: TrainingRecordResponse }) {
  const [dialog, setDialog] = useState<'exempt' | 'event' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const covered: CoveredRequirement[] = record.courses.flatMap((c) => (c.compliance ? [{ value: c.compliance.requirementId, label: c.courseTitle }] : []));
  const none = covered.length === 0;
  const done = (message: string) => {
    setDialog(null);
    toaster.create({ type: 'success', title: message });
  };
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await complianceApi.trainingRecordPdf(record.user.id), `training-record-${record.user.username}-${dayInputValue()}.pdf`);
    } catch (e) {
      toaster.create({ type: 'error', title: errorMessage(e, 'Failed to download the training record') });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Button variant="outline" leftIcon={<ShieldOff />} disabled={none} title={none ? 'This person is not covered by any requirement' : undefined} onClick={() => setDialog('exempt')}>
        Grant exemption
      </Button>
      <Button variant="outline" leftIcon={<ClipboardPlus />} disabled={none} title={none ? 'This person is not covered by any requirement' : undefined} onClick={() => setDialog('event')}>
        Record event
      </Button>
      <Button leftIcon={<Download />} loading={downloading} loadingText="Preparing PDF..." onClick={() => void download()}>
        Download PDF
      </Button>
      <GrantExemptionDialog open={dialog === 'exempt'} userId={record.user.id} name={record.user.name} requirements={covered} onClose={() => setDialog(null)} onDone={done} />
      <RecordEventDialog open={dialog === 'event'} userId={record.user.id} name={record.user.name} requirements={covered} onClose={() => setDialog(null)} onDone={done} />
    </>
  );
}

function RecordBody({ record }: { record: TrainingRecordResponse }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      <p className={muted}>Record as of {formatDateTime(record.generatedAt)}. Dates are in your time zone.</p>
      <section aria-labelledby="record-courses">
        <h2 id="record-courses" className={sectionTitle}>
          Courses
        </h2>
        {record.courses.length === 0 ? (
          <EmptyState bordered icon={<BookOpen />} title="No training yet" description="This person is not covered by any requirement and has not enrolled in a course." headingLevel="h3" />
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
          Exemptions
        </h2>
        {record.exemptions.length === 0 ? (
          <p className={muted}>No exemptions.</p>
        ) : (
          <ul className={listClass}>
            {record.exemptions.map((e) => {
              const ended = Date.parse(e.until) <= Date.now();
              return (
                <ListEntry
                  key={e.id}
                  title={e.courseTitle}
                  badge={<Chip palette={ended ? 'neutral' : 'info'}>{ended ? `Ended ${formatDate(e.until)}` : `Until ${formatDate(e.until)}`}</Chip>}
                  body={e.reason}
                  meta={`Granted by ${e.createdBy} on ${formatDateTime(e.createdAt)}`}
                />
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="record-events">
        <h2 id="record-events" className={sectionTitle}>
          Retraining events
        </h2>
        {record.events.length === 0 ? (
          <p className={muted}>No incidents, near misses or changes recorded.</p>
        ) : (
          <ul className={listClass}>
            {record.events.map((e) => (
              <ListEntry
                key={e.id}
                title={`${EVENT_KIND_LABELS[e.kind]} · ${formatDay(e.occurredOn)}`}
                badge={<Chip palette="accent">{e.courseTitle}</Chip>}
                body={e.note}
                meta={`Recorded by ${e.createdBy} on ${formatDateTime(e.createdAt)}`}
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
    <li className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '4', display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', justifyContent: 'space-between' })}>
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
    <Card as="article" aria-labelledby={`course-${course.courseId}`} className={css({ p: { base: '4', md: '5' }, display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' })}>
        <div className={css({ minW: 0 })}>
          <h3 id={`course-${course.courseId}`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {course.courseTitle}
          </h3>
          <p className={muted}>{course.required ? 'Required' : 'Not required (enrolled on their own)'}</p>
        </div>
        {course.compliance ? <ComplianceCellView cell={course.compliance} /> : null}
      </div>
      {course.cycles.length === 0 ? (
        <p className={muted}>
          {course.compliance?.certificateNumber ? (
            // A certificate of another language version of the course (its family) meets the requirement.
            <>
              Not enrolled in this version; met by certificate <CertificateNumber number={course.compliance.certificateNumber} /> of another language version.
            </>
          ) : (
            'Not enrolled yet.'
          )}
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
    ['Enrolled', cycle.enrolledAt],
    ['Started', cycle.startedAt],
    ['Completed', cycle.completedAt],
  ] as const;
  return (
    <li className={css({ borderInlineStartWidth: '3px', borderColor: cycle.current ? 'brand.solid' : 'border.default', ps: '4', display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <h4 className={css({ fontWeight: 'semibold' })}>Cycle {cycle.cycle}</h4>
        {cycle.current ? <Chip palette="brand">Current</Chip> : null}
        <Chip palette={cycle.status === 'COMPLETED' ? 'success' : 'neutral'}>{CYCLE_STATUS[cycle.status] ?? cycle.status}</Chip>
        <span className={muted}>{Math.round(cycle.progress)}% complete</span>
      </div>
      <dl className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '6', rowGap: '1', fontSize: 'sm' })}>
        {dates.map(([label, value]) => (
          <div key={label} className={css({ display: 'flex', gap: '1.5' })}>
            <dt className={css({ color: 'fg.muted' })}>{label}</dt>
            <dd>{formatDate(value)}</dd>
          </div>
        ))}
        <div className={css({ display: 'flex', gap: '1.5' })}>
          <dt className={css({ color: 'fg.muted' })}>Delivery language</dt>
          <dd data-testid="cycle-language">{deliveryLanguageName(cycle.language)}</dd>
        </div>
      </dl>
      {cycle.certificate ? <CertificateLine certificate={cycle.certificate} /> : null}
      {cycle.attempts.length > 0 ? (
        <DataTable
          label={`Assessment attempts, ${course.courseTitle}, cycle ${cycle.cycle}`}
          rows={cycle.attempts}
          getRowKey={(a) => a.attemptId}
          cardTitle={(a) => `${a.componentTitle} · attempt ${a.attemptNumber}`}
          columns={[
            { key: 'component', header: 'Assessment', hideInCard: true, cell: (a) => a.componentTitle },
            { key: 'attempt', header: 'Attempt', hideInCard: true, cell: (a) => a.attemptNumber },
            { key: 'score', header: 'Score', cell: (a) => formatScore(a.score, '—') },
            {
              key: 'result',
              header: 'Result',
              cell: (a) => (a.passed === null ? <Chip palette="neutral">In progress</Chip> : a.passed ? <Chip palette="success">Passed</Chip> : <Chip palette="error">Failed</Chip>),
            },
            { key: 'submitted', header: 'Submitted', cell: (a) => formatDateTime(a.submittedAt) },
          ]}
        />
      ) : (
        <p className={muted}>No assessment attempts in this cycle.</p>
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
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontFamily: 'mono', color: 'brand.fg', textDecoration: 'underline', overflowWrap: 'anywhere' })}
    >
      {number}
      <ExternalLink aria-hidden size={14} />
      <span className={css({ srOnly: true })}> (verification page, opens in a new tab)</span>
    </a>
  );
}

function CertificateLine({ certificate }: { certificate: TrainingRecordCertificate }) {
  const look = CERTIFICATE_LOOK[certificate.status];
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'md', bg: 'bg.muted', fontSize: 'sm' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <span className={css({ fontWeight: 'medium' })}>Certificate</span>
        <CertificateNumber number={certificate.certificateNumber} />
        <Chip palette={look.palette}>{look.label}</Chip>
      </div>
      <span className={css({ color: 'fg.muted' })}>
        Issued {formatDate(certificate.issuedAt)} · {certificate.status === 'REVOKED' ? `revoked ${formatDate(certificate.revokedAt)}` : `valid until ${formatDate(certificate.expiresAt)}`} · delivered in{' '}
        {deliveryLanguageName(certificate.language)}
      </span>
      {certificate.renews ? (
        <span>
          Renews <CertificateNumber number={certificate.renews} />
        </span>
      ) : null}
      {certificate.renewedBy ? (
        <span>
          Superseded by <CertificateNumber number={certificate.renewedBy} />
        </span>
      ) : null}
    </div>
  );
}
