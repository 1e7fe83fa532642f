import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { teamApi, teamQueries } from '../../api/team-queries';
import { RecordBody } from '../../components/admin/training-record/record-body';
import { DownloadRecordButton, PersonLine } from '../../components/admin/training-record/record-header';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { RemindButton } from '../../components/team/remind-button';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { textLink } from '../../ui';
import { flipInRtl } from '../../ui/direction';

/**
 * /team/people/:userId (issue 30): a team member's training record as the administrators see it,
 * read-only, with its PDF and a one-tap reminder. Someone outside the team is "not found".
 */
export function TeamRecordPage() {
  const { userId } = useParams<{ userId: string }>();
  const record = useQuery(teamQueries.record(userId));
  const data = record.data;
  useDocumentTitle(data ? t('team.record.documentTitle', { name: data.user.name }) : t('team.record.title'));
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/team" className={textLink({ touch: true })}>
            <ArrowLeft aria-hidden size={16} className={flipInRtl} /> {t('team.title')}
          </Link>
        }
        title={data ? data.user.name : t('team.record.title')}
        subtitle={data ? <PersonLine user={data.user} /> : undefined}
        actions={
          data ? (
            <>
              {data.user.status === 'ACTIVE' ? <RemindButton userId={data.user.id} name={data.user.name} /> : null}
              <DownloadRecordButton record={data} fetchPdf={teamApi.recordPdf} />
            </>
          ) : undefined
        }
      />
      <QueryState query={record} loadingLabel={t('team.record.loading')} failureMessage={t('team.record.loadFailed')}>
        {data ? <RecordBody record={data} readOnly /> : null}
      </QueryState>
    </>
  );
}
