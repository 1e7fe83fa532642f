import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { QueryValue } from '../api/client';
import type { Page, PageParams } from '../api/paging';

/** A screen's filters: named query-string values (a blank value is not sent). */
export type Filters<F> = { [K in keyof F]: QueryValue };

/** Typing in a list's search box sends the request after this pause, not on every keystroke. */
export const SEARCH_DELAY_MS = 300;

export interface PagedListOptions<T, F extends Filters<F>> {
  /** The list's key prefix from web/api/query-keys.ts; the page, size, search and filters are appended. */
  queryKey: QueryKey;
  fetchPage: (params: PageParams & F, signal: AbortSignal) => Promise<Page<T>>;
  /** The filters' starting values (also what "Clear filters" returns to). */
  filters: F;
  defaultLimit?: number;
  searchDelayMs?: number;
}

/**
 * The state of every admin list: page, rows per page, a debounced search and the screen's filters,
 * turned into one query. Changing the search, a filter or the page size goes back to page 1; while
 * the next page loads the previous one stays on screen (no flash of the loading block); a page that
 * no longer exists after a delete falls back to the last page.
 */
export function usePagedList<T, F extends Filters<F>>({ queryKey, fetchPage, filters: initialFilters, defaultLimit = DEFAULT_PAGE_SIZE, searchDelayMs = SEARCH_DELAY_MS }: PagedListOptions<T, F>) {
  const [page, setPage] = useState(1);
  const [limit, setLimitState] = useState(defaultLimit);
  const [search, setSearchState] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState('');
  const [filters, setFilters] = useState<F>(initialFilters);

  useEffect(() => {
    const text = search.trim();
    if (text === debouncedSearch) return;
    const timer = setTimeout(() => {
      setDebouncedSearch(text);
      setPage(1);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [search, debouncedSearch, searchDelayMs]);

  const params = { ...filters, page, limit, search: debouncedSearch } as PageParams & F;
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });

  const totalPages = query.data?.pagination.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && !query.isPlaceholderData && page > totalPages) setPage(Math.max(1, totalPages));
  }, [totalPages, page, query.isPlaceholderData]);

  const setFilter = <K extends keyof F>(name: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  const clearFilters = () => {
    setFilters(initialFilters);
    setSearchState('');
    setDebouncedSearch('');
    setPage(1);
  };
  const isFiltering = debouncedSearch !== '' || (Object.keys(initialFilters) as (keyof F)[]).some((name) => filters[name] !== initialFilters[name]);

  return {
    query,
    items: query.data?.items,
    pagination: query.data?.pagination,
    page,
    setPage,
    limit,
    setLimit: (next: number) => {
      setLimitState(next);
      setPage(1);
    },
    search,
    setSearch: setSearchState,
    filters,
    setFilter,
    clearFilters,
    isFiltering,
  };
}

export type PagedList<T, F extends Filters<F>> = ReturnType<typeof usePagedList<T, F>>;
