import { certificateExpires } from '@contract/certificates';
import type { TrainingRecordResponse } from '@contract/training-record';
import type { TalkSummary } from '@contract/talks';
import type { TrainingRecordCredential, TrainingRecordEvaluation } from '@contract/training-record-offscreen';
import { ExternalLink } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { formatDate, formatDay } from '../../../format';
import { t } from '../../../i18n';
import { Chip, textLink, type ChipProps } from '../../../ui';
import { flipInRtl } from '../../../ui/direction';
import { muted } from './course-record';
import { listClass, RecordEntry, sectionTitle } from './record-entry';

/*
 * The training record's practical evaluations and credentials (issue 28), beside the courses: what
 * an inspector asks after a certificate: who evaluated, on which version of the checklist, did the
 * trainee acknowledge it, what was not passed, which authorisation it granted; which credentials
 * were approved, by whom, and which still wait or were rejected.
 */

const ACKNOWLEDGEMENT = (): Record<NonNullable<TrainingRecordEvaluation['acknowledgement']>['method'], string> => ({
  password: t('admin.record.evaluation.ackPassword'),
  signature: t('admin.record.evaluation.ackSignature'),
  account: t('admin.record.evaluation.ackAccount'),
});
const AUTHORISATION_LOOK = (): Record<
  NonNullable<TrainingRecordEvaluation['authorisation']>['status'],
  { label: string; palette: ChipProps['palette'] }
> => ({
  ACTIVE: { label: t('admin.record.cert.valid'), palette: 'success' },
  EXPIRED: { label: t('admin.record.cert.expired'), palette: 'warning' },
  REVOKED: { label: t('admin.record.cert.revoked'), palette: 'error' },
});
const CREDENTIAL_LOOK = (): Record<
  TrainingRecordCredential['status'] | 'EXPIRED',
  { label: string; palette: ChipProps['palette'] }
> => ({
  APPROVED: { label: t('admin.record.credential.approved'), palette: 'success' },
  PENDING: { label: t('admin.record.credential.pending'), palette: 'info' },
  REJECTED: { label: t('admin.record.credential.rejected'), palette: 'error' },
  EXPIRED: { label: t('admin.record.credential.expired'), palette: 'warning' },
});

export function OffscreenRecord({ record }: { record: TrainingRecordResponse }) {
  return (
    <>
      <section aria-labelledby="record-evaluations">
        <h2 id="record-evaluations" className={sectionTitle}>
          {t('admin.record.evaluations')}
        </h2>
        {record.evaluations.length === 0 ? (
          <p className={muted}>{t('admin.record.noEvaluations')}</p>
        ) : (
          <ul className={listClass}>
            {record.evaluations.map((evaluation) => (
              <EvaluationEntry key={evaluation.id} evaluation={evaluation} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="record-credentials">
        <h2 id="record-credentials" className={sectionTitle}>
          {t('admin.record.credentials')}
        </h2>
        {record.credentials.length === 0 ? (
          <p className={muted}>{t('admin.record.noCredentials')}</p>
        ) : (
          <ul className={listClass}>
            {record.credentials.map((credential) => (
              <CredentialEntry key={credential.id} credential={credential} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="record-talks">
        <h2 id="record-talks" className={sectionTitle}>
          {t('admin.record.talks')}
        </h2>
        {record.talks.length === 0 ? (
          <p className={muted}>{t('admin.record.noTalks')}</p>
        ) : (
          <ul className={listClass}>
            {record.talks.map((talk) => (
              <TalkEntry key={talk.id} talk={talk} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function EvaluationEntry({ evaluation: e }: { evaluation: TrainingRecordEvaluation }) {
  const competent = e.outcome === 'COMPETENT';
  const a = e.authorisation;
  const look = a ? AUTHORISATION_LOOK()[a.status] : null;
  return (
    <RecordEntry
      heading
      title={t('admin.record.evaluation.title', { name: e.templateName, version: e.templateVersion })}
      badge={
        <Chip palette={competent ? 'success' : 'error'}>
          {competent ? t('admin.record.evaluation.competent') : t('admin.record.evaluation.notYetCompetent')}
        </Chip>
      }
    >
      <p>{t('admin.record.evaluation.grants', { grants: e.grants })}</p>
      <p className={muted}>
        {t('admin.record.evaluation.signedBy', { name: e.evaluatorName, date: formatDate(e.signedAt) })}
        {e.signatureProvider
          ? ` · ${t('admin.record.evaluation.signedAtProvider', { provider: e.signatureProvider })}`
          : null}
      </p>
      <p className={muted}>
        {e.acknowledgement
          ? t('admin.record.evaluation.acknowledged', {
              name: e.acknowledgement.name ?? '—',
              date: formatDate(e.acknowledgement.at),
              method: ACKNOWLEDGEMENT()[e.acknowledgement.method],
            })
          : t('admin.record.evaluation.notAcknowledged')}
      </p>
      {e.failedItems.length > 0 ? (
        <div>
          <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{t('admin.record.evaluation.notPassed')}</p>
          <ul className={css({ listStyle: 'disc', ps: '5', fontSize: 'sm' })}>
            {e.failedItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {a && look ? (
        <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
          <a
            href={`/authorisation/verify/${encodeURIComponent(a.number)}`}
            className={textLink({ touch: true, strong: true })}
          >
            {t('admin.record.evaluation.authorisation', { number: a.number })}
            <ExternalLink aria-hidden size={14} className={flipInRtl} />
          </a>
          <span className={muted}>
            {certificateExpires(a.expiresAt)
              ? t('admin.record.evaluation.validUntil', { date: formatDate(a.expiresAt) })
              : t('admin.record.evaluation.noExpiry')}
          </span>
          <Chip palette={look.palette}>{look.label}</Chip>
        </p>
      ) : null}
    </RecordEntry>
  );
}

function CredentialEntry({ credential: c }: { credential: TrainingRecordCredential }) {
  const look = CREDENTIAL_LOOK()[c.status === 'APPROVED' && c.expired ? 'EXPIRED' : c.status];
  const facts = [
    c.issuer ? t('admin.record.credential.issuer', { issuer: c.issuer }) : null,
    c.number ? t('admin.record.credential.number', { number: c.number }) : null,
  ].filter(Boolean);
  return (
    <RecordEntry heading title={c.typeName} badge={<Chip palette={look.palette}>{look.label}</Chip>}>
      {facts.length > 0 ? <p>{facts.join(' · ')}</p> : null}
      <p className={muted}>
        {t('admin.record.credential.dates', {
          issued: formatDay(c.issuedOn),
          expires: c.expiresOn ? formatDay(c.expiresOn) : t('admin.record.evaluation.noExpiry'),
        })}
      </p>
      <p className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
        {c.status === 'APPROVED'
          ? t('admin.record.credential.approvedBy', { name: c.reviewedBy ?? '—', date: formatDate(c.reviewedAt) })
          : c.status === 'REJECTED'
            ? t('admin.record.credential.rejectedBy', {
                name: c.reviewedBy ?? '—',
                date: formatDate(c.reviewedAt),
                reason: c.rejectReason ?? '',
              })
            : t('admin.record.credential.submitted', { date: formatDate(c.submittedAt) })}
      </p>
    </RecordEntry>
  );
}

/** A toolbox talk the person is on the sheet of (issue 29): who led it, how their line was signed, the sheet. */
function TalkEntry({ talk }: { talk: TalkSummary }) {
  return (
    <RecordEntry
      heading
      title={talk.topicTitle}
      badge={
        <Chip palette={talk.method === 'on-behalf' ? 'info' : 'success'}>
          {talk.method === 'on-behalf'
            ? t('admin.record.talk.onBehalf')
            : talk.method === 'account'
              ? t('admin.record.talk.ownPhone')
              : t('admin.record.talk.signed')}
        </Chip>
      }
    >
      <p className={muted}>
        {t('admin.record.talk.led', { number: talk.number, name: talk.foremanName, date: formatDate(talk.startedAt) })}
      </p>
      {talk.method === 'on-behalf' ? (
        <p className={muted}>{t('admin.record.talk.signedBy', { name: talk.signedByName ?? talk.foremanName })}</p>
      ) : null}
      <a href={talk.sheetUrl} className={cx(textLink({ underline: 'always', touch: true }), css({ fontSize: 'sm' }))}>
        {t('admin.record.talk.sheet', { number: talk.number })}
      </a>
    </RecordEntry>
  );
}
