import {
  FEEDBACK_STATUSES,
  THINK_MESSAGES,
  type FeedbackStatus,
  type FeedbackType,
  type SubmissionDto,
} from '@contract/think';
import { Eye, Lightbulb, MessageSquareReply, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { thinkWrites } from '../../api/think-queries';
import { useWrite } from '../../api/writes';
import { serverText, t, type MessageId } from '../../i18n';
import { thinkSubmissionsApi, type SubmissionFilters } from '../../api/think';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { ResponseChip, submissionAuthor as author, SubmissionDetails } from '../../components/think-submission';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePagedList } from '../../hooks/use-paged-list';
import {
  Button,
  DataTable,
  Dialog,
  EmptyState,
  flipInRtl,
  IconButton,
  Select,
  TabContent,
  TabList,
  Tabs,
  TabTrigger,
  TextField,
  toaster,
  type SelectOption,
} from '../../ui';
import { formatDateTime } from '../../format';
import { errorText, declaredText } from '../../i18n/error-text';
import { FEEDBACK_STATUS_IDS, FEEDBACK_TYPE_IDS } from '../../i18n/labels';
import { ListSearchField } from '../../components/admin/shared/list-filters';
import { actionsColumn, RowButtons, titleColumn } from '../../components/admin/shared/list-columns';

const TABS: { value: 'ALL' | FeedbackType; label: MessageId }[] = [
  { value: 'ALL', label: 'admin.think.tab.ALL' },
  { value: 'QUERY', label: 'admin.think.tab.QUERY' },
  { value: 'COMPLAINT', label: 'admin.think.tab.COMPLAINT' },
  { value: 'NEW_IDEA', label: 'admin.think.tab.NEW_IDEA' },
];
const statusOptions = (): readonly SelectOption<FeedbackStatus>[] =>
  FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(FEEDBACK_STATUS_IDS[s]) }));

const NO_FILTERS: SubmissionFilters = { type: '' };

/** /admin/think: the submissions from learners and visitors by type tab, searchable; view, respond and set status. */
export function AdminThinkPage() {
  useDocumentTitle(t('admin.think.pageTitle'));
  const list = usePagedList({
    queryKey: queryKeys.admin.submissions,
    fetchPage: thinkSubmissionsApi.page,
    filters: NO_FILTERS,
  });
  const items = list.items;
  const tab: 'ALL' | FeedbackType = list.filters.type || 'ALL';
  const search = list.search;
  const [viewing, setViewing] = useState<SubmissionDto | null>(null);
  const [responding, setResponding] = useState<SubmissionDto | null>(null);

  const statusChange = useWrite(thinkWrites.setStatus, {
    onSuccess: () => {
      toaster.create({
        type: 'success',
        title: serverText(THINK_MESSAGES.statusUpdated, t('admin.think.statusUpdated')),
      });
    },
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('admin.think.statusFailed')) }),
  });
  const changeStatus = (s: SubmissionDto, status: FeedbackStatus) => statusChange.mutate({ id: s.id, status });

  const actions = (s: SubmissionDto) => (
    <RowButtons>
      <IconButton
        aria-label={t('admin.think.viewAria', { subject: s.subject })}
        icon={<Eye />}
        size="sm"
        onClick={() => setViewing(s)}
      />
      <IconButton
        aria-label={t('admin.think.respondAria', { subject: s.subject })}
        icon={<MessageSquareReply className={flipInRtl} />}
        size="sm"
        onClick={() => setResponding(s)}
      />
    </RowButtons>
  );

  const actionsCol = actionsColumn(t('admin.think.col.actions'), actions);
  const subject = titleColumn<SubmissionDto>('subject', t('admin.think.col.subject'), (s) => s.subject);
  return (
    <>
      <PageHeader title={t('admin.think.pageTitle')} subtitle={t('admin.think.subtitle')} />
      <Tabs
        value={tab}
        onValueChange={(value) => list.setFilter('type', value === 'ALL' ? '' : (value as FeedbackType))}
      >
        <TabList aria-label={t('admin.think.tabsLabel')}>
          {TABS.map((tab) => (
            <TabTrigger key={tab.value} value={tab.value}>
              {t(tab.label)}
            </TabTrigger>
          ))}
        </TabList>
        {/* The type tabs filter the one list below, which is their tab panel (a selected tab whose panel
            does not exist carries an invalid aria-controls). */}
        <TabContent value={tab} className={css({ pt: '0' })}>
          <div className={css({ maxW: { md: '420px' }, my: '4' })}>
            <ListSearchField
              list={list}
              label={t('admin.think.search')}
              placeholder={t('admin.think.searchPlaceholder')}
            />
          </div>
          <QueryState
            query={list.query}
            loadingLabel={t('admin.think.loading')}
            failureMessage={t('admin.think.loadFailed')}
          >
            <DataTable
              label={t('admin.think.tableLabel')}
              rows={items ?? []}
              getRowKey={(s) => s.id}
              cardTitle={subject.cardTitle}
              cardActions={actionsCol.cardActions}
              columns={[
                subject.column,
                { key: 'type', header: t('admin.think.col.type'), cell: (s) => t(FEEDBACK_TYPE_IDS[s.type]) },
                { key: 'from', header: t('admin.think.col.from'), cell: (s) => author(s) },
                {
                  key: 'status',
                  header: t('admin.think.col.status'),
                  cell: (s) => (
                    <div className={css({ minW: '150px' })}>
                      <Select
                        aria-label={t('admin.think.statusAria', { subject: s.subject })}
                        options={statusOptions()}
                        value={s.status}
                        onValueChange={(status) => changeStatus(s, status)}
                      />
                    </div>
                  ),
                },
                {
                  key: 'response',
                  header: t('admin.think.col.response'),
                  cell: (s) => <ResponseChip submission={s} />,
                },
                { key: 'date', header: t('admin.think.col.submitted'), cell: (s) => formatDateTime(s.createdAt) },
                actionsCol.column,
              ]}
              empty={
                <EmptyState
                  bordered
                  icon={search ? <Search /> : <Lightbulb />}
                  title={t('admin.think.emptyTitle')}
                  description={search || tab !== 'ALL' ? t('admin.think.emptySearch') : t('admin.think.emptyBody')}
                />
              }
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
              {t('common.close')}
            </Button>
            <Button
              leftIcon={<MessageSquareReply className={flipInRtl} />}
              onClick={() => {
                setResponding(viewing);
                setViewing(null);
              }}
            >
              {t('admin.think.respond')}
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
          toaster.create({ type: 'success', title: serverText(THINK_MESSAGES.responded, t('admin.think.responded')) });
        }}
      />
    </>
  );
}

function RespondDialog({
  submission,
  onClose,
  onDone,
}: {
  submission: SubmissionDto | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [response, setResponse] = useState('');
  const [status, setStatus] = useState<FeedbackStatus | ''>('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const respond = useWrite(thinkWrites.respond, { onSuccess: onDone });
  const { reset } = respond;
  const busy = respond.isPending;
  const error = respond.isError ? errorText(respond.error, t('admin.think.respondFailed')) : null;
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
      setFieldError(declaredText(THINK_MESSAGES.response));
      return;
    }
    respond.mutate({ id: submission.id, text: response.trim(), next: status || undefined });
  };
  return (
    <FormDialog
      open={submission !== null}
      onClose={onClose}
      title={t('admin.think.respondTitle')}
      description={
        submission
          ? t('admin.think.respondDescription', {
              type: t(FEEDBACK_TYPE_IDS[submission.type]),
              subject: submission.subject,
              author: author(submission),
            })
          : undefined
      }
      formId="respond-form"
      submitLabel={t('admin.think.submitResponse')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      {submission ? (
        <p dir="auto" className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'pre-wrap' })}>
          {submission.description}
        </p>
      ) : null}
      <TextField
        multiline
        label={t('admin.think.col.response')}
        required
        rows={5}
        value={response}
        error={fieldError}
        onChange={(e) => {
          setResponse(e.target.value);
          setFieldError(null);
        }}
      />
      <Select
        label={t('admin.think.col.status')}
        placeholder={t('admin.think.keepStatus')}
        options={statusOptions()}
        value={status}
        onValueChange={setStatus}
      />
    </FormDialog>
  );
}
