import type { TaskDto } from '@contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { Archive, HardHat, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { taskQueries, taskWrites } from '../../api/task-queries';
import { useWrite } from '../../api/writes';
import { TaskDialog } from '../../components/admin/tasks/task-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, Chip, DataTable, EmptyState, IconButton, toaster, type DataTableColumn } from '../../ui';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { RowButtons } from '../../components/admin/shared/list-columns';
import { EditIconButton } from '../../components/admin/shared/row-icon-buttons';

type Dialog = { mode: 'add' } | { mode: 'edit'; task: TaskDto } | { mode: 'retire'; task: TaskDto } | null;

const KIND_LABEL = {
  course: () => t('admin.tasks.kind.course'),
  evaluation: () => t('admin.tasks.kind.evaluation'),
  credential: () => t('admin.tasks.kind.credential'),
  talk: () => t('admin.tasks.kind.talk'),
} as const;

/**
 * /admin/tasks (issue 30): the jobs people are assigned to ("Operate a reach truck") and the
 * evidence each needs, at one site or any. Supervisors ask who of their team can do one today
 * (/team/tasks); the badge page judges a person against every task that applies to them.
 */
export function AdminTasksPage() {
  useDocumentTitle(t('admin.tasks.title'));
  const tasks = useQuery(taskQueries.adminList());
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = (message: string) => {
    toaster.create({ type: 'success', title: message });
    setDialog(null);
  };

  const columns: DataTableColumn<TaskDto>[] = [
    {
      key: 'name',
      header: t('admin.tasks.col.name'),
      hideInCard: true,
      cell: (task) => (
        <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
          <bdi className={css({ fontWeight: 'medium' })}>{task.name}</bdi>
          {task.description ? (
            <bdi className={css({ fontSize: 'xs', color: 'fg.muted' })}>{task.description}</bdi>
          ) : null}
        </span>
      ),
    },
    {
      key: 'evidence',
      header: t('admin.tasks.col.evidence'),
      cell: (task) => (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm' })}>
          {task.evidence.map((piece) => (
            <li key={`${piece.kind} ${piece.name}`}>
              <span className={css({ color: 'fg.muted' })}>{KIND_LABEL[piece.kind]()}: </span>
              <bdi>{piece.name}</bdi>
              {piece.kind === 'talk' ? (
                <span className={css({ color: 'fg.muted' })}>
                  {' '}
                  {t('admin.tasks.everyDays', { days: piece.everyDays })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'site',
      header: t('admin.tasks.col.site'),
      width: '160px',
      cell: (task) => (task.siteName ? <bdi>{task.siteName}</bdi> : t('admin.tasks.anySite')),
    },
    {
      key: 'status',
      header: t('admin.tasks.col.status'),
      width: '120px',
      cell: (task) =>
        task.retiredAt ? (
          <Chip palette="neutral" size="sm">
            {t('admin.tasks.retired')}
          </Chip>
        ) : (
          <Chip palette="success" size="sm">
            {t('admin.tasks.active')}
          </Chip>
        ),
    },
    {
      key: 'actions',
      header: t('admin.tasks.col.actions'),
      align: 'right',
      width: '120px',
      hideInCard: true,
      cell: (task) => <RowActions task={task} onDialog={setDialog} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.tasks.title')}
        subtitle={t('admin.tasks.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setDialog({ mode: 'add' })}>
            {t('admin.tasks.add')}
          </Button>
        }
      />
      <QueryState query={tasks} loadingLabel={t('admin.tasks.loading')} failureMessage={t('admin.tasks.loadFailed')}>
        <DataTable
          label={t('admin.tasks.tableLabel')}
          rows={tasks.data ?? []}
          columns={columns}
          getRowKey={(task) => task.id}
          cardTitle={(task) => <bdi>{task.name}</bdi>}
          cardActions={(task) => <RowActions task={task} onDialog={setDialog} />}
          empty={
            <EmptyState
              bordered
              icon={<HardHat />}
              title={t('admin.tasks.emptyTitle')}
              description={t('admin.tasks.emptyText')}
            />
          }
        />
      </QueryState>
      <TaskDialog
        open={dialog?.mode === 'add' || dialog?.mode === 'edit'}
        task={dialog?.mode === 'edit' ? dialog.task : null}
        onClose={() => setDialog(null)}
        onSaved={done}
      />
      <RetireTaskDialog
        task={dialog?.mode === 'retire' ? dialog.task : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </>
  );
}

function RowActions({ task, onDialog }: { task: TaskDto; onDialog: (dialog: Dialog) => void }) {
  if (task.retiredAt) return null;
  return (
    <RowButtons>
      <EditIconButton
        aria-label={t('admin.tasks.editOne', { name: task.name })}
        onClick={() => onDialog({ mode: 'edit', task })}
      />
      <IconButton
        aria-label={t('admin.tasks.retireOne', { name: task.name })}
        icon={<Archive />}
        size="sm"
        palette="danger"
        onClick={() => onDialog({ mode: 'retire', task })}
      />
    </RowButtons>
  );
}

function RetireTaskDialog({
  task,
  onClose,
  onDone,
}: {
  task: TaskDto | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const retire = useWrite(taskWrites.retire, { onSuccess: () => onDone(t('admin.tasks.retiredDone')) });
  const { reset } = retire;
  useEffect(() => reset(), [task, reset]);
  return (
    <FormDialog
      open={task !== null}
      onClose={onClose}
      title={t('admin.tasks.retireTitle')}
      size="sm"
      formId="retire-task-form"
      submitLabel={t('admin.tasks.retireButton')}
      busy={retire.isPending}
      error={retire.isError ? errorText(retire.error, t('admin.tasks.retireFailed')) : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (task) retire.mutate(task.id);
      }}
    >
      <p>{t('admin.tasks.retireText', { name: task?.name ?? '' })}</p>
    </FormDialog>
  );
}
