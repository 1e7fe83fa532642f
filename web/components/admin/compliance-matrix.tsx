import { PAGE_SIZES } from '@contract/common';
import type { ComplianceStatus } from '@contract/rules/compliance';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { listDomains } from '../../api/admin-content';
import { saveBlob } from '../../api/certificates';
import { LAPSE_WINDOWS } from '@contract/compliance-lapses';
import { complianceApi, fetchMatrix, type ComplianceFilters, type LapseWindow } from '../../api/compliance';
import type { PageParams } from '../../api/paging';
import { queryKeys } from '../../api/query-keys';
import { dayInputValue } from '../../format';
import { SEARCH_DELAY_MS, usePagedList } from '../../hooks/use-paged-list';
import { searchInt, useDebouncedSearchText, type useSearchState } from '../../hooks/use-search-state';
import { Button, Select, TextField, toaster, type SelectOption } from '../../ui';
import { QueryState } from '../query-state';
import { TablePagination } from '../table-pagination';
import { isComplianceStatus, STATUS_OPTIONS } from './compliance-status';
import { MatrixTable } from './compliance/matrix-table';
import { SendReminders } from './compliance/send-reminders';
import { LapseDialog } from './compliance/lapse-dialog';
import { SummaryPanel } from './compliance/summary-panel';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

export const MATRIX_PAGE_SIZE = 25;

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
  // Chosen rows for "Send reminder": kept while paging, emptied when the filters change.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filterKey = JSON.stringify([filters.bookId, filters.department, filters.jobTitle, filters.status, filters.q]);
  const [selectionFilter, setSelectionFilter] = useState(filterKey);
  if (selectionFilter !== filterKey) {
    setSelectionFilter(filterKey);
    setSelected(new Set());
  }
  const select = (ids: string[], chosen: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) chosen ? next.add(id) : next.delete(id);
      return next;
    });

  return (
    <>
      <div
        role="search"
        aria-label={t('admin.compliance.filterLabel')}
        className={grid({
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
                onForecast={(days) => search.update({ lapse: String(days), lapsePage: null })}
              />
            ) : null}
            {data.rows.length > 0 ? (
              <SendReminders
                selected={[...selected]}
                filters={filters}
                listed={data.pagination.totalItems}
                onSent={() => setSelected(new Set())}
              />
            ) : null}
            <MatrixTable
              data={data}
              selected={selected}
              onSelect={select}
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
      <LapseDialog
        filters={{ bookId: filters.bookId, department: filters.department, jobTitle: filters.jobTitle, q: filters.q }}
        days={lapseWindow(search.get('lapse'))}
        page={searchInt(search.params.get('lapsePage'), 1)}
        onPage={(page) => search.update({ lapsePage: page > 1 ? String(page) : null })}
        onClose={() => search.update({ lapse: null, lapsePage: null })}
      />
    </>
  );
}

/** The forecast bucket whose list is open (`?lapse=30|60|90`), or none. */
const lapseWindow = (value: string): LapseWindow | null =>
  (LAPSE_WINDOWS as readonly number[]).includes(Number(value)) ? (Number(value) as LapseWindow) : null;

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
