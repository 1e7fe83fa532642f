import { PAGE_SIZES } from '@contract/common';
import type { ComplianceStatus } from '@contract/rules/compliance';
import { useQuery } from '@tanstack/react-query';
import { Download, Plus, Search, ShieldCheck, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import { listDomains } from '../../api/admin-content';
import { saveBlob } from '../../api/certificates';
import {
  complianceApi,
  fetchMatrix,
  type ComplianceFilters,
  type ComplianceResponse,
  type ComplianceRow,
  type ComplianceSummary,
} from '../../api/compliance';
import type { PageParams } from '../../api/paging';
import { queryKeys } from '../../api/query-keys';
import { dayInputValue, formatNumber, formatPercent } from '../../format';
import { SEARCH_DELAY_MS, usePagedList } from '../../hooks/use-paged-list';
import { searchInt, useDebouncedSearchText, type useSearchState } from '../../hooks/use-search-state';
import {
  Button,
  Card,
  EmptyState,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
  TextField,
  toaster,
  type SelectOption,
} from '../../ui';
import { QueryState } from '../query-state';
import { TablePagination } from '../table-pagination';
import { ComplianceCellView, isComplianceStatus, STATUS_OPTIONS, statusLabel } from './compliance-status';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

export const MATRIX_PAGE_SIZE = 25;

/** What a training record's Back link returns to: the matrix as the admin left it. */
export interface RecordLinkState {
  matrixSearch?: string;
}

type SearchState = ReturnType<typeof useSearchState>;

/** The matrix's filters under their names in the address (`?book=&department=&job=&status=`, beside `q`, `page`, `size`). */
const MATRIX_FILTERS = { book: '', department: '', job: '', status: '' };

/** One page of the matrix for `usePagedList`: its rows as the items, in the one pagination shape. */
const fetchMatrixPage = (params: PageParams & typeof MATRIX_FILTERS, signal: AbortSignal) =>
  fetchMatrix(
    {
      bookId: params.book,
      department: params.department,
      jobTitle: params.job,
      status: isComplianceStatus(params.status) ? params.status : '',
      q: params.search,
      page: params.page,
      size: params.limit,
    },
    signal,
  );

/** The matrix's filters as the address holds them (`?book=&department=&job=&status=&q=&page=&size=`). */
export function matrixFilters(search: SearchState): Required<ComplianceFilters> {
  const status = search.get('status');
  return {
    bookId: search.get('book'),
    department: search.get('department'),
    jobTitle: search.get('job'),
    status: isComplianceStatus(status) ? status : '',
    q: search.get('q'),
    page: searchInt(search.params.get('page'), 1),
    size: searchInt(search.params.get('size'), MATRIX_PAGE_SIZE, PAGE_SIZES),
  };
}

const ALL = 'ALL';
const STATUS_FILTERS = (): readonly SelectOption<ComplianceStatus | typeof ALL>[] => [
  { value: ALL, label: t('admin.compliance.allStatuses') },
  ...STATUS_OPTIONS(),
];

/**
 * The compliance matrix: filters, the summary with the lapse forecast, and people by required
 * course, one status per cell. Every filter and the page live in the address.
 */
export function ComplianceMatrix({ search, onAddRequirement }: { search: SearchState; onAddRequirement: () => void }) {
  const list = usePagedList({
    queryKey: queryKeys.admin.compliance.matrix,
    fetchPage: fetchMatrixPage,
    filters: MATRIX_FILTERS,
    defaultLimit: MATRIX_PAGE_SIZE,
  });
  const matrix = list.query;
  const filters = matrixFilters(search);
  const books = useQuery({ queryKey: queryKeys.admin.domains.options, queryFn: ({ signal }) => listDomains(signal) });
  const bookOptions: SelectOption[] = [
    { value: ALL, label: t('admin.compliance.allBooks') },
    ...(books.data ?? []).map((d) => ({ value: d.id, label: d.name })),
  ];

  // Any filter change starts again at page 1. The department and job title are typed, like the search.
  const setFilter = (key: keyof typeof MATRIX_FILTERS, value: string) => list.setFilter(key, value);
  const [department, setDepartment] = useDebouncedSearchText(
    filters.department,
    (text) => setFilter('department', text),
    SEARCH_DELAY_MS,
  );
  const [jobTitle, setJobTitle] = useDebouncedSearchText(
    filters.jobTitle,
    (text) => setFilter('job', text),
    SEARCH_DELAY_MS,
  );
  const q = list.search;
  const setQ = list.setSearch;
  const filtering = list.isFiltering;
  const clearFilters = () => {
    setDepartment('');
    setJobTitle('');
    list.clearFilters();
  };
  const data = matrix.data;

  return (
    <>
      <div
        role="search"
        aria-label={t('admin.compliance.filterLabel')}
        className={css({
          display: 'grid',
          gridTemplateColumns: {
            base: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            xl: '2fr repeat(4, minmax(0, 1fr))',
          },
          gap: '3',
          mb: filtering ? '2' : '5',
        })}
      >
        <TextField
          className={css({ gridColumn: { base: 'span 2', md: 'span 4', xl: 'span 1' } })}
          label={t('admin.compliance.search')}
          type="search"
          placeholder={t('admin.compliance.searchPlaceholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          label={t('admin.compliance.book')}
          options={bookOptions}
          value={filters.bookId || ALL}
          onValueChange={(id) => setFilter('book', id === ALL ? '' : id)}
        />
        <Select
          label={t('admin.compliance.status')}
          options={STATUS_FILTERS()}
          value={filters.status || ALL}
          onValueChange={(status) => setFilter('status', status === ALL ? '' : status)}
        />
        <TextField
          label={t('admin.compliance.department')}
          placeholder={t('admin.compliance.any')}
          value={department}
          onChange={(e) => setDepartment(e.target.value)}
        />
        <TextField
          label={t('admin.compliance.jobTitle')}
          placeholder={t('admin.compliance.any')}
          value={jobTitle}
          onChange={(e) => setJobTitle(e.target.value)}
        />
      </div>
      {filtering ? (
        <div className={css({ display: 'flex', justifyContent: 'flex-end', mb: '3' })}>
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            {t('admin.compliance.clearFilters')}
          </Button>
        </div>
      ) : null}

      <QueryState
        query={matrix}
        loadingLabel={t('admin.compliance.loading')}
        failureMessage={t('admin.compliance.loadFailed')}
      >
        {data ? (
          <>
            {data.requirements.length > 0 ? (
              <SummaryPanel
                summary={data.summary}
                status={filters.status}
                onStatus={(status) => setFilter('status', status)}
              />
            ) : null}
            <MatrixTable
              data={data}
              busy={matrix.isPlaceholderData}
              filtering={filtering}
              bookFiltered={Boolean(filters.bookId)}
              matrixSearch={search.params.toString()}
              onAddRequirement={onAddRequirement}
              onClearFilters={clearFilters}
            />
            {data.rows.length > 0 ? (
              <TablePagination
                list={list}
                summary={t('admin.compliance.people', { count: data.pagination.totalItems })}
              />
            ) : null}
          </>
        ) : null}
      </QueryState>
    </>
  );
}

/** Export CSV: every page of the matrix with its current filters, one line per person and required course. */
export function ExportCsvButton({ search }: { search: SearchState }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      saveBlob(await complianceApi.exportCsv(matrixFilters(search)), `compliance-${dayInputValue()}.csv`);
    } catch (e) {
      toaster.create({ type: 'error', title: errorText(e, t('admin.compliance.exportFailed')) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outline"
      leftIcon={<Download />}
      loading={exporting}
      loadingText={t('admin.compliance.exporting')}
      onClick={() => void exportCsv()}
    >
      {t('admin.compliance.exportCsv')}
    </Button>
  );
}

const TILES = (): readonly {
  status: ComplianceStatus;
  key: keyof Omit<ComplianceSummary, 'percentCompliant' | 'forecast'>;
  hint: string;
}[] => [
  { status: 'overdue', key: 'overdue', hint: t('admin.compliance.hint.overdue') },
  { status: 'due-soon', key: 'dueSoon', hint: t('admin.compliance.hint.dueSoon') },
  { status: 'pending', key: 'pending', hint: t('admin.compliance.hint.pending') },
  { status: 'exempt', key: 'exempt', hint: t('admin.compliance.hint.exempt') },
];

/** The tiles' filter buttons ("Show overdue"): one message each, so each language words and cases it its own way. */
const SHOW_STATUS = {
  overdue: 'admin.compliance.show.overdue',
  'due-soon': 'admin.compliance.show.dueSoon',
  pending: 'admin.compliance.show.pending',
  exempt: 'admin.compliance.show.exempt',
  compliant: 'admin.compliance.show.compliant',
} as const satisfies Record<ComplianceStatus, string>;

const tileClass = css({ p: { base: '3', md: '4' }, display: 'flex', flexDirection: 'column', gap: '1' });
// The tile whose status filters the matrix: a second border line, so the cue is not colour alone.
const activeTileClass = css({ borderColor: 'brand.solid', boxShadow: '0 0 0 1px {colors.brand.solid}' });

const TILE_TONE: Record<ComplianceStatus, string> = {
  overdue: css({ color: 'error.fg' }),
  'due-soon': css({ color: 'warning.fg' }),
  pending: css({ color: 'info.fg' }),
  exempt: css({ color: 'fg.muted' }),
  compliant: css({ color: 'success.fg' }),
};

/** The headline figures (counted per person and required course) and who lapses in the next 30/60/90 days. */
function SummaryPanel({
  summary,
  status,
  onStatus,
}: {
  summary: ComplianceSummary;
  status: ComplianceStatus | '';
  onStatus: (status: ComplianceStatus | '') => void;
}) {
  const id = useId();
  const valid = summary.compliant + summary.dueSoon;
  const counted = valid + summary.pending + summary.overdue;
  return (
    <section
      aria-labelledby="compliance-summary-title"
      className={css({
        display: 'grid',
        gridTemplateColumns: {
          base: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        gap: '3',
        mb: '6',
      })}
    >
      <h2 id="compliance-summary-title" className={css({ srOnly: true })}>
        {t('admin.compliance.summary')}
      </h2>
      <Card
        role="group"
        aria-labelledby={`${id}-compliant`}
        className={cx(tileClass, css({ gridColumn: { base: 'span 2', md: 'span 1' } }))}
      >
        <p id={`${id}-compliant`} className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>
          {statusLabel('compliant')}
        </p>
        <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1', color: 'success.fg' })}>
          {counted === 0 ? '—' : formatPercent(summary.percentCompliant, 1)}
        </p>
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('admin.compliance.validOf', { valid, count: counted })}
        </p>
      </Card>
      {TILES().map((tile) => {
        const active = status === tile.status;
        return (
          <Card
            key={tile.status}
            role="group"
            aria-labelledby={`${id}-${tile.status}`}
            className={cx(tileClass, active && activeTileClass)}
          >
            <p id={`${id}-${tile.status}`} className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>
              {statusLabel(tile.status)}
            </p>
            <p className={cx(css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1' }), TILE_TONE[tile.status])}>
              {formatNumber(summary[tile.key])}
            </p>
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{tile.hint}</p>
            <Button
              variant="link"
              size="xs"
              className={css({ alignSelf: 'flex-start', mt: 'auto', px: '0' })}
              aria-pressed={active}
              onClick={() => onStatus(active ? '' : tile.status)}
            >
              {active ? t('admin.compliance.showAll') : t(SHOW_STATUS[tile.status])}
            </Button>
          </Card>
        );
      })}
      <ForecastChart forecast={summary.forecast} />
    </section>
  );
}

const WINDOWS = [
  { key: 'd30', days: 30 },
  { key: 'd60', days: 60 },
  { key: 'd90', days: 90 },
] as const;

/**
 * People who stop being trained if nothing is done, as CSS bars. Each bar's figure is also its
 * text, so a screen reader reads the list ("Next 30 days: 3 people") and the bars stay decorative.
 */
function ForecastChart({ forecast }: { forecast: ComplianceSummary['forecast'] }) {
  const max = Math.max(1, forecast.d30, forecast.d60, forecast.d90);
  return (
    <Card className={css({ p: { base: '3', md: '4' }, gridColumn: '1 / -1' })}>
      <figure
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(12rem, 1fr) 3fr' },
          alignItems: 'center',
          gap: { base: '3', lg: '6' },
          m: '0',
        })}
      >
        <figcaption>
          <span className={css({ display: 'block', fontSize: 'sm', fontWeight: 'semibold' })}>
            {t('admin.compliance.forecastTitle')}
          </span>
          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
            {t('admin.compliance.forecastHint')}
          </span>
        </figcaption>
        <ul
          className={css({
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            columnGap: '6',
            rowGap: '2.5',
          })}
        >
          {WINDOWS.map((w) => {
            const count = forecast[w.key];
            return (
              <li
                key={w.key}
                className={css({
                  display: 'grid',
                  gridTemplateColumns: '1fr auto',
                  alignItems: 'baseline',
                  columnGap: '2',
                  rowGap: '1.5',
                  fontSize: 'sm',
                })}
              >
                <span className={css({ color: 'fg.muted' })}>
                  {t('admin.compliance.nextDays', { days: w.days })}
                  <span className={css({ srOnly: true })}>: </span>
                </span>
                <span
                  aria-hidden
                  className={css({
                    gridColumn: '1 / -1',
                    gridRow: '2',
                    h: '2.5',
                    bg: 'bg.subtle',
                    borderRadius: 'full',
                    overflow: 'hidden',
                  })}
                >
                  <span
                    className={css({ display: 'block', h: 'full', bg: 'warning.solid', borderRadius: 'full' })}
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </span>
                <span
                  className={css({
                    fontWeight: 'semibold',
                    fontVariantNumeric: 'tabular-nums',
                    textAlign: 'end',
                    whiteSpace: 'nowrap',
                  })}
                >
                  {t('admin.compliance.people', { count })}
                </span>
              </li>
            );
          })}
        </ul>
      </figure>
    </Card>
  );
}

const personColumn = css({
  minW: { base: '9.5rem', md: '13rem' },
  maxW: { base: '11rem', md: '16rem' },
  hyphens: 'auto',
});
const courseColumn = css({
  whiteSpace: 'normal',
  textTransform: 'none',
  letterSpacing: 'normal',
  minW: '9.5rem',
  maxW: '14rem',
  verticalAlign: 'bottom',
});

interface MatrixTableProps {
  data: ComplianceResponse;
  busy: boolean;
  filtering: boolean;
  bookFiltered: boolean;
  matrixSearch: string;
  onAddRequirement: () => void;
  onClearFilters: () => void;
}

function MatrixTable({
  data,
  busy,
  filtering,
  bookFiltered,
  matrixSearch,
  onAddRequirement,
  onClearFilters,
}: MatrixTableProps) {
  const addButton = (
    <Button leftIcon={<Plus />} onClick={onAddRequirement}>
      {t('admin.compliance.addRequirement')}
    </Button>
  );
  if (data.requirements.length === 0) {
    return bookFiltered ? (
      <EmptyState
        bordered
        icon={<ShieldCheck />}
        title={t('admin.compliance.emptyBookTitle')}
        description={t('admin.compliance.emptyBookText')}
        actions={
          <>
            {addButton}
            <Button variant="outline" onClick={onClearFilters}>
              {t('admin.compliance.clearFilters')}
            </Button>
          </>
        }
      />
    ) : (
      <EmptyState
        bordered
        icon={<ShieldCheck />}
        title={t('admin.compliance.emptyTitle')}
        description={t('admin.compliance.emptyText')}
        actions={addButton}
      />
    );
  }
  if (data.rows.length === 0) {
    return filtering ? (
      <EmptyState
        bordered
        icon={<Search />}
        title={t('admin.compliance.noMatchTitle')}
        description={t('admin.compliance.noMatchText')}
        actions={
          <Button variant="outline" onClick={onClearFilters}>
            {t('admin.compliance.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        bordered
        icon={<Users />}
        title={t('admin.compliance.nobodyTitle')}
        description={t('admin.compliance.nobodyText')}
      />
    );
  }
  return (
    <Table
      frozen
      scrollLabel={t('admin.compliance.matrixLabel')}
      aria-busy={busy || undefined}
      className={busy ? css({ opacity: 0.7 }) : undefined}
    >
      <caption className={css({ srOnly: true })}>{t('admin.compliance.caption')}</caption>
      <TableHead>
        <TableRow>
          <TableHeader className={personColumn}>{t('admin.compliance.person')}</TableHeader>
          {data.requirements.map((column) => (
            <TableHeader key={column.courseId} className={courseColumn}>
              {column.courseTitle}
            </TableHeader>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.rows.map((row) => (
          <TableRow key={row.user.id}>
            <TableRowHeader className={personColumn}>
              <PersonLink row={row} matrixSearch={matrixSearch} />
            </TableRowHeader>
            {data.requirements.map((column, index) => {
              const cell = row.cells[index];
              return (
                <TableCell key={column.courseId}>
                  {cell ? (
                    <ComplianceCellView cell={cell} />
                  ) : (
                    <span className={css({ color: 'fg.subtle' })} title={t('admin.compliance.notRequired')}>
                      <span aria-hidden>—</span>
                      <span className={css({ srOnly: true })}>{t('admin.compliance.notRequired')}</span>
                    </span>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PersonLink({ row, matrixSearch }: { row: ComplianceRow; matrixSearch: string }) {
  const { user } = row;
  const role = [user.jobTitle, user.department].filter(Boolean).join(' · ');
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 })}>
      <Link
        href={`/admin/compliance/people/${encodeURIComponent(user.id)}`}
        state={{ matrixSearch } satisfies RecordLinkState}
        className={css({
          fontWeight: 'semibold',
          fontSize: { base: 'sm', md: 'md' },
          color: 'brand.fg',
          overflowWrap: 'break-word',
          _hover: { textDecoration: 'underline' },
        })}
      >
        {user.name}
      </Link>
      <span className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'break-word' })}>
        {role || user.username}
      </span>
    </span>
  );
}
