import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { Alert, DataTable, EmptyState, LoadingBlock, Pagination, type DataTableColumn } from '../../../ui';

interface PagedTablePanelProps<Row> {
  /** Ties the section to its heading (`aria-labelledby`). */
  id: string;
  icon: LucideIcon;
  /** The heading, also the table's accessible name. */
  title: string;
  intro: string;
  /** The failure to show above the table, or null. */
  error: string | null;
  loadingLabel: string;
  emptyTitle: string;
  emptyBody: string;
  /** The page's rows, or null while the first page loads (nothing more is shown after a failure). */
  rows: readonly Row[] | null;
  /** What DataTable needs beyond the rows: the columns, the row key, the narrow-screen card title. */
  table: {
    columns: readonly DataTableColumn<Row>[];
    getRowKey: (row: Row) => string;
    cardTitle: (row: Row) => ReactNode;
  };
  totalItems: number;
  pageSize: number;
  /** One-based page number. */
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * The assessments screen's lower panels (audit log, SCORM results): a titled section holding one
 * server-paged table, with its loading, empty and failure states and the pager once there is more
 * than one page.
 */
export function PagedTablePanel<Row>({
  id,
  icon: Icon,
  title,
  intro,
  error,
  loadingLabel,
  emptyTitle,
  emptyBody,
  rows,
  table,
  totalItems,
  pageSize,
  page,
  onPageChange,
}: PagedTablePanelProps<Row>) {
  return (
    <section aria-labelledby={id} className={css({ mt: '10' })}>
      <h2 id={id} className={hstack({ gap: '2', fontSize: 'xl', fontWeight: 'semibold', mb: '1' })}>
        <Icon aria-hidden size={20} /> {title}
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>{intro}</p>
      {error ? (
        <Alert status="error" className={css({ mb: '3' })}>
          {error}
        </Alert>
      ) : null}
      {rows === null ? (
        error ? null : (
          <LoadingBlock label={loadingLabel} />
        )
      ) : (
        <>
          <DataTable
            {...table}
            label={title}
            rows={rows}
            empty={<EmptyState bordered icon={<Icon />} title={emptyTitle} description={emptyBody} headingLevel="h3" />}
          />
          {totalItems > pageSize ? (
            <Pagination
              className={css({ mt: '3' })}
              count={totalItems}
              pageSize={pageSize}
              page={page}
              onPageChange={onPageChange}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
