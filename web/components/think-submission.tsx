import { FEEDBACK_STATUS_TONE, responseLabel, type FeedbackStatus, type SubmissionDto } from '@contract/think';
import { css } from 'styled-system/css';
import { Chip, Detail, DetailList } from '../ui';
import { formatDateTime } from '../format';
import { t } from '../i18n';
import { FEEDBACK_RESPONSE_IDS, FEEDBACK_STATUS_IDS, FEEDBACK_TYPE_IDS } from '../i18n/labels';

/** A submission without a user name shows as Anonymous. */
export const submissionAuthor = (s: SubmissionDto) =>
  s.isAnonymous || !s.userName ? t('think.anonymous') : s.userName;

/** Status chip colours: OPEN error, IN_PROGRESS warning, RESOLVED success. */
export function StatusChip({ status }: { status: FeedbackStatus }) {
  return <Chip palette={FEEDBACK_STATUS_TONE[status]}>{t(FEEDBACK_STATUS_IDS[status])}</Chip>;
}

export function ResponseChip({ submission }: { submission: SubmissionDto }) {
  const label = responseLabel(submission);
  return <Chip palette={label === 'Responded' ? 'success' : 'neutral'}>{t(FEEDBACK_RESPONSE_IDS[label])}</Chip>;
}

/** The body of a 'Submission Details' dialog, shared by the learner and admin Think pages. */
export function SubmissionDetails({
  submission: s,
  showAuthor = true,
}: {
  submission: SubmissionDto;
  showAuthor?: boolean;
}) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Chip palette="info">{t(FEEDBACK_TYPE_IDS[s.type])}</Chip>
        <StatusChip status={s.status} />
        <ResponseChip submission={s} />
      </div>
      <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
        {s.description}
      </p>
      <DetailList muted>
        {showAuthor ? <Detail term={t('think.from')}>{submissionAuthor(s)}</Detail> : null}
        <Detail term={t('think.submitted')}>{formatDateTime(s.createdAt)}</Detail>
      </DetailList>
      {s.adminResponse ? (
        <div className={css({ borderInlineStartWidth: '3px', borderColor: 'brand.solid', ps: '3', py: '1' })}>
          <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
            {s.respondedBy ? t('think.responseFrom', { name: s.respondedBy }) : t('think.response')}
          </p>
          <p className={css({ whiteSpace: 'pre-wrap' })}>{s.adminResponse}</p>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{formatDateTime(s.respondedAt)}</p>
        </div>
      ) : null}
    </div>
  );
}
