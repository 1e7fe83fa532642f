import { useQuery } from '@tanstack/react-query';
import { Archive, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { requirementsApi, type RequirementDto } from '../../api/compliance';
import { queryKeys } from '../../api/query-keys';
import { formatDay } from '../../format';
import { Button, Checkbox, Chip, DataTable, EmptyState, IconButton } from '../../ui';
import { QueryState } from '../query-state';
import { t } from '../../i18n';
import { audienceText } from './compliance/audience-text';
import { RetireRequirementDialog } from './compliance/retire-requirement-dialog';
import { actionsColumn, RowButtons } from './shared/list-columns';
import { EditIconButton } from './shared/row-icon-buttons';

/** Requirements are stored from the start of a UTC day: show that day, not the local one. */
const activeDay = (iso: string) => formatDay(iso.slice(0, 10));

/** The Requirements tab: active requirements (retired ones on request), with Edit and Retire. */
export function RequirementsPanel({
  showRetired,
  onShowRetired,
  onAdd,
  onEdit,
}: {
  showRetired: boolean;
  onShowRetired: (on: boolean) => void;
  onAdd: () => void;
  onEdit: (requirement: RequirementDto) => void;
}) {
  const list = useQuery({
    queryKey: queryKeys.admin.requirements.list(showRetired),
    queryFn: ({ signal }) => requirementsApi.list(showRetired, signal),
  });
  const [retiring, setRetiring] = useState<RequirementDto | null>(null);
  const rows = list.data?.requirements ?? [];

  const actions = (r: RequirementDto) =>
    r.retiredAt ? (
      <span className={css({ color: 'fg.subtle' })}>
        <span aria-hidden>—</span>
        <span className={css({ srOnly: true })}>{t('admin.req.noActions')}</span>
      </span>
    ) : (
      <RowButtons>
        <EditIconButton aria-label={t('admin.req.editOne', { course: r.courseTitle })} onClick={() => onEdit(r)} />
        <IconButton
          aria-label={t('admin.req.retireOne', { course: r.courseTitle })}
          icon={<Archive />}
          size="sm"
          palette="danger"
          onClick={() => setRetiring(r)}
        />
      </RowButtons>
    );

  const actionsCol = actionsColumn(t('admin.req.col.actions'), actions);
  return (
    <>
      <div className={css({ mb: '4' })}>
        <Checkbox checked={showRetired} onCheckedChange={onShowRetired}>
          {t('admin.req.showRetired')}
        </Checkbox>
      </div>
      <QueryState query={list} loadingLabel={t('admin.req.loading')} failureMessage={t('admin.req.loadFailed')}>
        <DataTable
          label={t('admin.compliance.tab.requirements')}
          rows={rows}
          getRowKey={(r) => r.id}
          cardTitle={(r) => r.courseTitle}
          cardActions={actionsCol.cardActions}
          columns={[
            {
              key: 'course',
              header: t('admin.req.col.course'),
              hideInCard: true,
              width: '28%',
              cell: (r) => (
                <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '11rem' })}>
                  <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <span className={css({ fontWeight: 'medium' })}>{r.courseTitle}</span>
                    {r.retiredAt ? (
                      <Chip palette="neutral">{t('admin.req.retiredOn', { date: formatDay(r.retiredAt) })}</Chip>
                    ) : null}
                  </span>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{r.bookName}</span>
                </span>
              ),
            },
            { key: 'book', header: t('admin.req.col.book'), hideInTable: true, cell: (r) => r.bookName },
            ...(showRetired
              ? [
                  {
                    key: 'retired',
                    header: t('admin.req.col.retired'),
                    hideInTable: true,
                    cell: (r: RequirementDto) => (r.retiredAt ? formatDay(r.retiredAt) : t('admin.req.no')),
                  },
                ]
              : []),
            { key: 'audience', header: t('admin.req.col.audience'), cell: (r) => audienceText(r) },
            {
              key: 'deadlines',
              header: t('admin.req.col.deadlines'),
              cell: (r) => (
                <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                  <span>{t('admin.req.dueWithin', { count: r.dueWithinDays })}</span>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                    {t('admin.req.dueSoon', { count: r.dueSoonDays })}
                  </span>
                </span>
              ),
            },
            {
              key: 'from',
              header: t('admin.req.col.activeFrom'),
              cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{activeDay(r.activeFrom)}</span>,
            },
            {
              key: 'covered',
              header: t('admin.req.col.covered'),
              align: 'right',
              cell: (r) => (r.retiredAt ? '—' : t('admin.compliance.people', { count: r.coveredCount })),
            },
            actionsCol.column,
          ]}
          empty={
            <EmptyState
              bordered
              icon={<ShieldCheck />}
              title={showRetired ? t('admin.req.emptyAll') : t('admin.req.emptyActive')}
              description={t('admin.req.emptyText')}
              actions={
                <Button leftIcon={<Plus />} onClick={onAdd}>
                  {t('admin.compliance.addRequirement')}
                </Button>
              }
            />
          }
        />
      </QueryState>
      <RetireRequirementDialog requirement={retiring} onClose={() => setRetiring(null)} />
    </>
  );
}
