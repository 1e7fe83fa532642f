import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { LapseFilters, LapseRow, LapseWindow } from '../../../api/compliance';
import { lapseListQuery } from '../../../api/compliance-queries';
import { formatDate } from '../../../format';
import { t } from '../../../i18n';
import { Button, DataTable, Dialog, EmptyState, Pagination } from '../../../ui';
import { QueryState } from '../../query-state';
import { ComplianceChip } from '../compliance-status';

/**
 * Who lapses within a forecast bucket (names, course, date, soonest first), with the matrix's
 * filters. Opened from the summary's forecast and from the admin dashboard (`?lapse=30` in the address).
 */
export function LapseDialog({
  filters,
  days,
  page,
  onPage,
  onClose,
}: {
  filters: Omit<LapseFilters, 'days' | 'page'>;
  days: LapseWindow | null;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const query = useQuery({
    ...lapseListQuery({ ...filters, days: days ?? 30, page }),
    enabled: days !== null,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <Dialog
      open={days !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t('admin.compliance.lapse.title', { days: days ?? 30 })}
      description={data ? t('admin.compliance.people', { count: data.people }) : undefined}
      size="lg"
      footer={
        <Button variant="outline" palette="neutral" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <QueryState
        query={query}
        loadingLabel={t('admin.compliance.lapse.loading')}
        failureMessage={t('admin.compliance.lapse.loadFailed')}
      >
        {data ? (
          <>
            <DataTable<LapseRow>
              label={t('admin.compliance.lapse.title', { days: data.days })}
              rows={data.rows}
              getRowKey={(row) => `${row.user.id} ${row.key}`}
              // On a phone the card's title is the link (the column is hidden there): one tab stop per person, which
              // also lets a keyboard reach and scroll the dialog's list (axe: scrollable-region-focusable).
              cardTitle={(row) => <PersonLink row={row} />}
              columns={[
                {
                  key: 'person',
                  header: t('admin.compliance.person'),
                  hideInCard: true,
                  cell: (row) => <PersonLink row={row} />,
                },
                { key: 'course', header: t('admin.compliance.lapse.course'), cell: (row) => row.courseTitle },
                { key: 'date', header: t('admin.compliance.lapse.date'), cell: (row) => formatDate(row.lapsesAt) },
                {
                  key: 'status',
                  header: t('admin.compliance.status'),
                  cell: (row) => <ComplianceChip status={row.status} />,
                },
              ]}
              empty={
                <EmptyState
                  icon={<CalendarCheck />}
                  title={t('admin.compliance.lapse.empty', { days: data.days })}
                  headingLevel="h3"
                />
              }
            />
            {data.pagination.totalPages > 1 ? (
              <Pagination
                page={data.pagination.page}
                count={data.pagination.totalItems}
                pageSize={data.pagination.size}
                onPageChange={onPage}
              />
            ) : null}
          </>
        ) : null}
      </QueryState>
    </Dialog>
  );
}

/** The person's name, leading to their training record. */
function PersonLink({ row }: { row: LapseRow }) {
  return (
    <Link
      href={`/admin/compliance/people/${encodeURIComponent(row.user.id)}`}
      className={css({ color: 'brand.fg', fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
    >
      {row.user.name}
    </Link>
  );
}
