import {
  FEEDBACK_STATUS_LABEL,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPE_LABEL,
  THINK_MESSAGES,
  type FeedbackStatus,
  type FeedbackType,
  type SubmissionDto,
} from '@contract/think';
import { Eye, Lightbulb, MessageSquareReply, Search } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { thinkSubmissionsApi, type SubmissionFilters } from '../../api/think';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { ResponseChip, submissionAuthor as author, SubmissionDetails } from '../../components/think-submission';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, DataTable, Dialog, EmptyState, IconButton, Select, TabContent, TabList, Tabs, TabTrigger, TextField, toaster, type SelectOption } from '../../ui';
import { formatDateTime } from '../../format';

const TABS: { value: 'ALL' | FeedbackType; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'QUERY', label: 'Queries' },
  { value: 'COMPLAINT', label: 'Complaints' },
  { value: 'NEW_IDEA', label: 'New Ideas' },
];
const STATUS_OPTIONS: readonly SelectOption<FeedbackStatus>[] = FEEDBACK_STATUSES.map((s) => ({ value: s, label: FEEDBACK_STATUS_LABEL[s] }));

const NO_FILTERS: SubmissionFilters = { type: '' };

/** /admin/think: the submissions from learners and visitors by type tab, searchable; view, respond and set status. */
export function AdminThinkPage() {
  useDocumentTitle('Think');
  const queryClient = useQueryClient();
  const list = usePagedList({ queryKey: queryKeys.admin.submissions, fetchPage: thinkSubmissionsApi.page, filters: NO_FILTERS });
  const items = list.items;
  const tab: 'ALL' | FeedbackType = list.filters.type || 'ALL';
  const search = list.search;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.submissions });
  const [viewing, setViewing] = useState<SubmissionDto | null>(null);
  const [responding, setResponding] = useState<SubmissionDto | null>(null);

  const statusChange = useMutation({
    mutationFn: ({ s, status }: { s: SubmissionDto; status: FeedbackStatus }) => thinkSubmissionsApi.setStatus(s.id, status),
    onSuccess: () => {
      toaster.create({ type: 'success', title: THINK_MESSAGES.statusUpdated });
      return refresh();
    },
    onError: () => toaster.create({ type: 'error', title: 'Failed to update status' }),
  });
  const changeStatus = (s: SubmissionDto, status: FeedbackStatus) => statusChange.mutate({ s, status });

  const actions = (s: SubmissionDto) => (
    <div className={css({ display: 'inline-flex', gap: '1' })}>
      <IconButton aria-label={`View ${s.subject}`} icon={<Eye />} size="sm" onClick={() => setViewing(s)} />
      <IconButton aria-label={`Respond to ${s.subject}`} icon={<MessageSquareReply />} size="sm" onClick={() => setResponding(s)} />
    </div>
  );

  return (
    <>
      <PageHeader title="Think" subtitle="Queries, complaints and ideas from learners and visitors. Anonymous submissions carry no link to their author." />
      <Tabs value={tab} onValueChange={(value) => list.setFilter('type', value === 'ALL' ? '' : (value as FeedbackType))}>
        <TabList aria-label="Submission type">
          {TABS.map((t) => (
            <TabTrigger key={t.value} value={t.value}>
              {t.label}
            </TabTrigger>
          ))}
        </TabList>
        {/* The type tabs filter the one list below, which is their tab panel (a selected tab whose panel
            does not exist carries an invalid aria-controls). */}
        <TabContent value={tab} className={css({ pt: '0' })}>
          <div className={css({ maxW: { md: '420px' }, my: '4' })}>
            <TextField label="Search" type="search" placeholder="Subject, description or name" value={search} onChange={(e) => list.setSearch(e.target.value)} />
          </div>
          <QueryState query={list.query} loadingLabel="Loading submissions..." failureMessage="Failed to fetch submissions">
            <DataTable
              label="Submissions"
              rows={items ?? []}
              getRowKey={(s) => s.id}
              cardTitle={(s) => s.subject}
              cardActions={actions}
              columns={[
                { key: 'subject', header: 'Subject', hideInCard: true, cell: (s) => <span className={css({ fontWeight: 'medium' })}>{s.subject}</span> },
                { key: 'type', header: 'Type', cell: (s) => FEEDBACK_TYPE_LABEL[s.type] },
                { key: 'from', header: 'From', cell: (s) => author(s) },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (s) => (
                    <div className={css({ minW: '150px' })}>
                      <Select aria-label={`Status of ${s.subject}`} options={STATUS_OPTIONS} value={s.status} onValueChange={(status) => changeStatus(s, status)} />
                    </div>
                  ),
                },
                { key: 'response', header: 'Response', cell: (s) => <ResponseChip submission={s} /> },
                { key: 'date', header: 'Submitted', cell: (s) => formatDateTime(s.createdAt) },
                { key: 'actions', header: 'Actions', hideInCard: true, align: 'right', cell: actions },
              ]}
              empty={<EmptyState bordered icon={search ? <Search /> : <Lightbulb />} title="No submissions found" description={search || tab !== 'ALL' ? 'Try another tab or search.' : 'Submissions from learners and visitors appear here.'} />}
            />
            <TablePagination list={list} />
          </QueryState>
        </TabContent>
      </Tabs>
      <Dialog
        open={viewing !== null}
        onOpenChange={(o) => (!o ? setViewing(null) : undefined)}
        title={viewing?.subject ?? ''}
        footer={
          <>
            <Button variant="outline" palette="neutral" onClick={() => setViewing(null)}>
              Close
            </Button>
            <Button
              leftIcon={<MessageSquareReply />}
              onClick={() => {
                setResponding(viewing);
                setViewing(null);
              }}
            >
              Respond
            </Button>
          </>
        }
      >
        {viewing ? <SubmissionDetails submission={viewing} /> : null}
      </Dialog>
      <RespondDialog
        submission={responding}
        onClose={() => setResponding(null)}
        onDone={() => {
          setResponding(null);
          toaster.create({ type: 'success', title: THINK_MESSAGES.responded });
          void refresh();
        }}
      />
    </>
  );
}

function RespondDialog({ submission, onClose, onDone }: { submission: SubmissionDto | null; onClose: () => void; onDone: () => void }) {
  const [response, setResponse] = useState('');
  const [status, setStatus] = useState<FeedbackStatus | ''>('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const respond = useMutation({
    mutationFn: ({ id, text, next }: { id: string; text: string; next?: FeedbackStatus }) => thinkSubmissionsApi.respond(id, text, next),
    onSuccess: onDone,
  });
  const { reset } = respond;
  const busy = respond.isPending;
  const error = respond.isError ? 'Failed to submit response' : null;
  useEffect(() => {
    setResponse(submission?.adminResponse ?? '');
    setStatus('');
    setFieldError(null);
    reset();
  }, [submission, reset]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submission) return;
    if (!response.trim()) {
      setFieldError(THINK_MESSAGES.response);
      return;
    }
    respond.mutate({ id: submission.id, text: response.trim(), next: status || undefined });
  };
  return (
    <FormDialog
      open={submission !== null}
      onClose={onClose}
      title="Respond to Submission"
      description={submission ? `${FEEDBACK_TYPE_LABEL[submission.type]} · ${submission.subject} · from ${author(submission)}` : undefined}
      formId="respond-form"
      submitLabel="Submit Response"
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      {submission ? <p className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'pre-wrap' })}>{submission.description}</p> : null}
      <TextField
        multiline
        label="Response"
        required
        rows={5}
        value={response}
        error={fieldError}
        onChange={(e) => {
          setResponse(e.target.value);
          setFieldError(null);
        }}
      />
      <Select label="Status" placeholder="Keep status (Open becomes In Progress)" options={STATUS_OPTIONS} value={status} onValueChange={setStatus} />
    </FormDialog>
  );
}
