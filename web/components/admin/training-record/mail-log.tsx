import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { outboxApi } from '../../../api/outbox';
import { queryKeys } from '../../../api/query-keys';
import { formatDateTime } from '../../../format';
import { t } from '../../../i18n';
import { QueryState } from '../../query-state';
import { MailStatusChip, mailKindText } from '../outbox/mail-labels';
import { muted } from './course-record';
import { listClass, RecordEntry, sectionTitle } from './record-entry';

/** A person's reminders and other mail, newest first: what was sent, when, and whether it went (with the reason when not). */
export function MailLog({ userId }: { userId: string }) {
  const log = useQuery({
    queryKey: queryKeys.admin.compliance.mailLog(userId),
    queryFn: ({ signal }) => outboxApi.mailLog(userId, signal),
  });
  const messages = log.data?.messages;
  return (
    <section aria-labelledby="record-mail" className={css({ mt: '8' })}>
      <h2 id="record-mail" className={sectionTitle}>
        {t('admin.record.mail.title')}
      </h2>
      <QueryState
        query={log}
        loadingLabel={t('admin.record.mail.loading')}
        failureMessage={t('admin.record.mail.loadFailed')}
      >
        {messages && messages.length === 0 ? <p className={muted}>{t('admin.record.mail.empty')}</p> : null}
        {messages && messages.length > 0 ? (
          <ul className={listClass}>
            {messages.map((m) => (
              <RecordEntry key={m.id} title={mailKindText(m)} badge={<MailStatusChip status={m.status} />}>
                <p>
                  <bdi>{m.subject}</bdi>
                </p>
                <p className={muted}>{t('admin.record.mail.meta', { date: formatDateTime(m.createdAt), to: m.to })}</p>
                {m.error ? <p className={css({ color: 'error.fg', fontSize: 'sm' })}>{m.error}</p> : null}
              </RecordEntry>
            ))}
          </ul>
        ) : null}
      </QueryState>
    </section>
  );
}
