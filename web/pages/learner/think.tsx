import { FEEDBACK_TYPE_LABEL, type SubmissionDto } from '@contract/think';
import { Eye, Lightbulb, Plus } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { thinkSubmissionsApi } from '../../api/think';
import { FeedbackForm } from '../../components/feedback-form';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { ResponseChip, StatusChip, SubmissionDetails } from '../../components/think-submission';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, DataTable, Dialog, EmptyState, IconButton, toaster } from '../../ui';
import { formatDate } from '../../format';

/** /think: "Think - Your Submissions": the learner's own submissions and a dialog to make a new one. */
export function ThinkPage() {
  useDocumentTitle('Think');
  const queryClient = useQueryClient();
  const submissions = useQuery({ queryKey: queryKeys.learner.submissions, queryFn: ({ signal }) => thinkSubmissionsApi.mine(signal) });
  const items = submissions.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.learner.submissions });
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<SubmissionDto | null>(null);


  const view = (s: SubmissionDto) => <IconButton aria-label={`View ${s.subject}`} icon={<Eye />} size="sm" onClick={() => setViewing(s)} />;

  return (
    <>
      <PageHeader
        title="Think - Your Submissions"
        subtitle="Your queries, complaints and ideas, and the answers to them."
        actions={
          <Button leftIcon={<Plus />} onClick={() => setCreating(true)}>
            New Submission
          </Button>
        }
      />
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>
        Anonymous submissions are not listed here: they are stored without any link to you, so nobody, not even this page, can trace them back.
      </p>
      <QueryState query={submissions} loadingLabel="Loading your submissions..." failureMessage="Failed to fetch your submissions">
      <DataTable
        label="Your submissions"
        rows={items ?? []}
        getRowKey={(s) => s.id}
        cardTitle={(s) => s.subject}
        cardActions={(s) => (
          <Button size="sm" variant="outline" leftIcon={<Eye />} onClick={() => setViewing(s)}>
            View Details
          </Button>
        )}
        columns={[
          { key: 'subject', header: 'Subject', hideInCard: true, cell: (s) => <span className={css({ fontWeight: 'medium' })}>{s.subject}</span> },
          { key: 'type', header: 'Type', cell: (s) => FEEDBACK_TYPE_LABEL[s.type] },
          { key: 'status', header: 'Status', cell: (s) => <StatusChip status={s.status} /> },
          { key: 'response', header: 'Response', cell: (s) => <ResponseChip submission={s} /> },
          { key: 'date', header: 'Submitted', cell: (s) => formatDate(s.createdAt) },
          { key: 'actions', header: 'Actions', hideInCard: true, align: 'right', cell: view },
        ]}
        empty={
          <EmptyState
            bordered
            icon={<Lightbulb />}
            title="No submissions yet"
            description="Ask a question, report a concern or share an idea about workplace safety."
            actions={<Button onClick={() => setCreating(true)}>Make Your First Submission</Button>}
          />
        }
      />
      </QueryState>
      <div aria-hidden className={css({ h: '20' })} />
      <Button
        aria-label="New submission"
        onClick={() => setCreating(true)}
        className={css({ position: 'fixed', insetEnd: { base: '4', md: '8' }, bottom: { base: '4', md: '8' }, borderRadius: 'full', w: '14', h: '14', boxShadow: 'lg', zIndex: 10 })}
      >
        <Plus aria-hidden />
      </Button>
      <Dialog open={creating} onOpenChange={setCreating} title="New Submission" size="lg">
        <FeedbackForm
          variant="authenticated"
          onSubmitted={(message) => {
            setCreating(false);
            toaster.create({ type: 'success', title: message });
            refresh();
          }}
        />
      </Dialog>
      <Dialog open={viewing !== null} onOpenChange={(o) => (!o ? setViewing(null) : undefined)} title="Submission Details" footer={<Button onClick={() => setViewing(null)}>Close</Button>}>
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
