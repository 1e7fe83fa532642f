import { PAGE_SIZES, type Pagination as PageInfo } from '@contract/common';
import { css, cx } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { Pagination, Select } from '../ui';
import { t } from '../i18n';

/** The part of a `usePagedList` result the pagination controls read and drive. */
export interface PagedListControls {
  pagination: PageInfo | undefined;
  page: number;
  setPage: (page: number) => void;
  limit: number;
  setLimit: (limit: number) => void;
}

export interface TablePaginationProps {
  list: PagedListControls;
  /** The rows-per-page choices; a single choice hides the control. */
  pageSizes?: readonly number[];
  /** Optional "Showing N of M results" line. */
  summary?: string;
  className?: string;
}

/**
 * Under every admin table: the page buttons (only above one page) and the rows-per-page choice
 * (10/25/50/100 unless the screen has its own sizes).
 */
export function TablePagination({ list, pageSizes = PAGE_SIZES, summary, className }: TablePaginationProps) {
  const { pagination } = list;
  if (!pagination) return null;
  const showSizes = pageSizes.length > 1 && pagination.totalItems > 0;
  return (
    <div className={cx(wrap({ align: 'center', justify: 'space-between', gap: '3', mt: '4' }), className)}>
      {showSizes ? (
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
          <span aria-hidden>{t('ui.rowsPerPage')}</span>
          <div className={css({ w: '24' })}>
            <Select
              aria-label={t('ui.rowsPerPage')}
              options={pageSizes.map((n) => ({ label: String(n), value: String(n) }))}
              value={String(list.limit)}
              onValueChange={(value) => list.setLimit(Number(value))}
            />
          </div>
        </div>
      ) : null}
      <Pagination
        className={css({ ms: 'auto' })}
        count={pagination.totalItems}
        pageSize={list.limit}
        page={list.page}
        onPageChange={list.setPage}
        summary={summary}
      />
    </div>
  );
}
