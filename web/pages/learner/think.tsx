import type { SubmissionDto } from '@contract/think';
import { Eye, Lightbulb, Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { thinkSubmissionsApi } from '../../api/think';
import { FeedbackForm } from '../../components/feedback-form';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ResponseChip, StatusChip, SubmissionDetails } from '../../components/think-submission';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, DataTable, Dialog, EmptyState, FloatingAction, IconButton, toaster } from '../../ui';
import { formatDate } from '../../format';
import { t } from '../../i18n';
import { FEEDBACK_TYPE_IDS } from '../../i18n/labels';

/** /think: "Think - Your Submissions": the learner's own submissions and a dialog to make a new one. */
export function ThinkPage() {
  useDocumentTitle(t('feedback.title'));
  const submissions = useQuery({
    queryKey: queryKeys.learner.submissions,
    queryFn: ({ signal }) => thinkSubmissionsApi.mine(signal),
  });
  const items = submissions.data;
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<SubmissionDto | null>(null);

  const view = (s: SubmissionDto) => (
    <IconButton
      aria-label={t('think.viewSubject', { subject: s.subject })}
      icon={<Eye />}
      size="sm"
      onClick={() => setViewing(s)}
    />
  );

  return (
    <>
      <PageHeader
        title={t('think.pageTitle')}
        subtitle={t('think.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setCreating(true)}>
            {t('think.new')}
          </Button>
        }
      />
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>{t('think.anonymousNote')}</p>
      <QueryState query={submissions} loadingLabel={t('think.loading')} failureMessage={t('think.loadFailed')}>
        <DataTable
          label={t('think.tableLabel')}
          rows={items ?? []}
          getRowKey={(s) => s.id}
          cardTitle={(s) => s.subject}
          cardActions={(s) => (
            <Button size="sm" variant="outline" leftIcon={<Eye />} onClick={() => setViewing(s)}>
              {t('think.viewDetails')}
            </Button>
          )}
          columns={[
            {
              key: 'subject',
              header: t('feedback.subject'),
              hideInCard: true,
              cell: (s) => <span className={css({ fontWeight: 'medium' })}>{s.subject}</span>,
            },
            { key: 'type', header: t('feedback.type'), cell: (s) => t(FEEDBACK_TYPE_IDS[s.type]) },
            { key: 'status', header: t('think.status'), cell: (s) => <StatusChip status={s.status} /> },
            { key: 'response', header: t('think.response'), cell: (s) => <ResponseChip submission={s} /> },
            { key: 'date', header: t('think.submitted'), cell: (s) => formatDate(s.createdAt) },
            { key: 'actions', header: t('think.actions'), hideInCard: true, align: 'right', cell: view },
          ]}
          empty={
            <EmptyState
              bordered
              icon={<Lightbulb />}
              title={t('think.emptyTitle')}
              description={t('think.emptyText')}
              actions={<Button onClick={() => setCreating(true)}>{t('think.first')}</Button>}
            />
          }
        />
      </QueryState>
      <FloatingAction label={t('think.newAria')} onClick={() => setCreating(true)} />
      <Dialog open={creating} onOpenChange={setCreating} title={t('think.new')} size="lg">
        <FeedbackForm
          variant="authenticated"
          onSubmitted={(message) => {
            setCreating(false);
            toaster.create({ type: 'success', title: message });
          }}
        />
      </Dialog>
      <Dialog
        open={viewing !== null}
        onOpenChange={(o) => (!o ? setViewing(null) : undefined)}
        title={t('think.details')}
        footer={<Button onClick={() => setViewing(null)}>{t('common.close')}</Button>}
      >
        {viewing ? (
          <>
            <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>{viewing.subject}</h3>
            <SubmissionDetails submission={viewing} showAuthor={false} />
          </>
        ) : null}
      </Dialog>
    </>
  );
}
