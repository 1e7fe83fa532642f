import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { complianceApi } from '../../api/compliance';
import { queryKeys } from '../../api/query-keys';
import type { RecordLinkState } from '../../components/admin/compliance/matrix-table';
import { MailLog } from '../../components/admin/training-record/mail-log';
import type { UsersRecordLinkState } from '../../components/admin/users/user-list';
import { RecordBody } from '../../components/admin/training-record/record-body';
import { PersonLine, RecordActions } from '../../components/admin/training-record/record-header';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { textLink } from '../../ui';
import { flipInRtl } from '../../ui/direction';

/**
 * /admin/compliance/people/:userId: one person's training record for an inspector: per course the
 * compliance status and every cycle (attempts, certificate and its renewal chain), the practical
 * evaluations and credentials (issue 28), the exemptions and retraining events; the admin grants an exemption, records an event or downloads the PDF.
 * Every person has one (opened from the matrix or from the users list), covered by a requirement or not.
 */
export function AdminTrainingRecordPage() {
  const { userId } = useParams<{ userId: string }>();
  const record = useQuery({
    queryKey: queryKeys.admin.compliance.record(userId),
    queryFn: ({ signal }) => complianceApi.trainingRecord(userId, signal),
  });
  // Opened from the users list, the way back leads there (with its filters); otherwise to the matrix.
  const state = useHistoryState<(RecordLinkState & Partial<UsersRecordLinkState>) | null>();
  const back = state?.matrixSearch;
  const fromUsers = state?.usersSearch;
  const data = record.data;
  useDocumentTitle(data ? t('admin.record.documentTitle', { name: data.user.name }) : t('admin.record.title'));

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href={fromUsers !== undefined ? `/admin/users${fromUsers}` : `/admin/compliance${back ? `?${back}` : ''}`}
            className={textLink()}
          >
            <ArrowLeft aria-hidden size={16} className={flipInRtl} />{' '}
            {fromUsers !== undefined ? t('admin.users.title') : t('admin.compliance.title')}
          </Link>
        }
        title={data ? data.user.name : t('admin.record.title')}
        subtitle={data ? <PersonLine user={data.user} /> : undefined}
        actions={data ? <RecordActions record={data} /> : undefined}
      />
      <QueryState query={record} loadingLabel={t('admin.record.loading')} failureMessage={t('admin.record.loadFailed')}>
        {data ? <RecordBody record={data} /> : null}
      </QueryState>
      {data ? <MailLog userId={data.user.id} /> : null}
    </>
  );
}
