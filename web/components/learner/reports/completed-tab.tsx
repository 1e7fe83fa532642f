import { matchesReportSearch, REPORTS_PAGE_SIZE, type LearningReportRecord } from '@contract/reports';
import { BookOpenCheck, Search } from 'lucide-react';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { flex, stack, stackToRow, wrap } from 'styled-system/patterns';
import { EmptyState, Pagination, TextField } from '../../../ui';
import { formatScore } from '../../../format';
import { t } from '../../../i18n';
import { CourseCell, type CertificateAction } from './report-parts';

const rankBadge = css({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  w: '8',
  h: '8',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'bold',
  bg: 'bg.subtle',
  color: 'fg.muted',
});
const rankTop = css({ bg: 'accent.subtle', color: 'accent.fg' });

/** The completed tab: the search and the courses ranked by score, a page at a time, each with its certificate. */
export function CompletedTab({
  records,
  search,
  onSearch,
  page,
  onPageChange,
  certificateAction,
}: {
  records: LearningReportRecord[];
  search: string;
  onSearch: (search: string) => void;
  page: number;
  onPageChange: (page: number) => void;
  certificateAction: CertificateAction;
}) {
  const filtered = useMemo(() => records.filter((r) => matchesReportSearch(r, search)), [records, search]);
  const pageCount = Math.max(1, Math.ceil(filtered.length / REPORTS_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = filtered.slice((currentPage - 1) * REPORTS_PAGE_SIZE, currentPage * REPORTS_PAGE_SIZE);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '4' })}>
      <div className={css({ position: 'relative', maxW: { sm: '360px' } })}>
        <Search
          aria-hidden
          size={16}
          className={css({
            position: 'absolute',
            insetStart: '3',
            top: '50%',
            transform: 'translateY(-50%)',
            color: 'fg.muted',
            pointerEvents: 'none',
            zIndex: 1,
          })}
        />
        <TextField
          aria-label={t('reports.searchLabel')}
          placeholder={t('reports.searchPlaceholder')}
          type="search"
          value={search}
          className={css({ '& input': { ps: '9' } })}
          onChange={(event) => {
            onSearch(event.target.value);
            // A new search starts again from page 1.
            onPageChange(1);
          }}
        />
      </div>
      {records.length === 0 ? (
        <EmptyState headingLevel="p" icon={<BookOpenCheck />} title={t('reports.noCompleted')} />
      ) : filtered.length === 0 ? (
        <EmptyState headingLevel="p" icon={<Search />} title={t('reports.noMatch')} />
      ) : (
        <>
          <ol className={stack({ gap: '3', listStyle: 'none', p: 0, m: 0 })} aria-label={t('reports.rankedLabel')}>
            {pageRows.map((record) => {
              const rank = records.indexOf(record) + 1;
              return (
                <li
                  key={record.courseId}
                  className={stackToRow({
                    align: 'center',
                    stackAlign: 'flex-start',
                    gap: '3',
                    p: '4',
                    borderWidth: '1px',
                    borderColor: 'border.muted',
                    borderRadius: 'lg',
                  })}
                >
                  <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flex: '1', minW: 0 })}>
                    <span
                      role="img"
                      aria-label={t('reports.rank', { rank })}
                      className={cx(rankBadge, rank <= 3 ? rankTop : undefined)}
                    >
                      {rank}
                    </span>
                    <CourseCell record={record} />
                  </div>
                  <div
                    className={wrap({
                      align: 'center',
                      justify: 'space-between',
                      gap: '4',
                      w: { base: '100%', sm: 'auto' },
                    })}
                  >
                    <span className={flex({ direction: 'column', fontSize: 'xs', color: 'fg.muted' })}>
                      {t('reports.postScore')}
                      <strong className={css({ fontSize: 'md', color: 'fg.default' })}>
                        {formatScore(record.postAssessmentScore)}
                      </strong>
                    </span>
                    {certificateAction(record)}
                  </div>
                </li>
              );
            })}
          </ol>
          {pageCount > 1 ? (
            <Pagination
              count={filtered.length}
              pageSize={REPORTS_PAGE_SIZE}
              page={currentPage}
              onPageChange={onPageChange}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
