import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { flipInRtl } from './direction';
import { cx } from 'styled-system/css';
import { pagination } from 'styled-system/recipes/pagination';
import { t } from '../i18n';

export interface PaginationProps {
  /** Total number of items (not pages). */
  count: number;
  pageSize: number;
  /** 1-based current page. */
  page: number;
  onPageChange: (page: number) => void;
  /** Optional "Showing N of M results"-style text on the left. */
  summary?: string;
  className?: string;
}

/**
 * Pagination on Ark Pagination (a labelled nav with page buttons, prev/next, ellipses).
 * The page buttons show only above one page; with one page only the summary (if any) shows.
 */
export function Pagination({ count, pageSize, page, onPageChange, summary, className }: PaginationProps) {
  const classes = pagination();
  const totalPages = Math.ceil(count / pageSize);
  if (totalPages <= 1) return summary ? <p className={classes.summary}>{summary}</p> : null;
  // At the first or last page the arrow stays focusable (aria-disabled, not disabled): a disabled
  // button drops keyboard focus to the page body. The machine ignores the click there anyway.
  const atFirst = page <= 1;
  const atLast = page >= totalPages;
  return (
    <ArkPagination.Root
      count={count}
      pageSize={pageSize}
      page={page}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page)}
      className={cx(classes.root, className)}
    >
      {summary ? <p className={classes.summary}>{summary}</p> : null}
      <ArkPagination.PrevTrigger
        className={classes.prevTrigger}
        aria-label={t('ui.prevPage')}
        disabled={false}
        aria-disabled={atFirst || undefined}
      >
        <ChevronLeft aria-hidden size={18} className={flipInRtl} />
      </ArkPagination.PrevTrigger>
      <ArkPagination.Context>
        {(api) =>
          api.pages.map((item, index) =>
            item.type === 'page' ? (
              <ArkPagination.Item key={`page-${item.value}`} {...item} className={classes.item}>
                {item.value}
              </ArkPagination.Item>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place
              <ArkPagination.Ellipsis key={`ellipsis-${index}`} index={index} className={classes.ellipsis}>
                &#8230;
              </ArkPagination.Ellipsis>
            ),
          )
        }
      </ArkPagination.Context>
      <ArkPagination.NextTrigger
        className={classes.nextTrigger}
        aria-label={t('ui.nextPage')}
        disabled={false}
        aria-disabled={atLast || undefined}
      >
        <ChevronRight aria-hidden size={18} className={flipInRtl} />
      </ArkPagination.NextTrigger>
    </ArkPagination.Root>
  );
}
