import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QueryValue } from '../api/client';
import type { Page, PageParams } from '../api/paging';
import { searchInt, useDebouncedSearchText, useSearchState, type SearchPatch } from './use-search-state';

/** A screen's filters: named query-string values (a blank value is not sent). */
export type Filters<F> = { [K in keyof F]: QueryValue };

/** Typing in a list's search box sends the request after this pause, not on every keystroke. */
export const SEARCH_DELAY_MS = 300;

export interface PagedListOptions<P extends Page<unknown>, F extends Filters<F>> {
  /** The list's key prefix from web/api/query-keys.ts; the page, size, search and filters are appended. */
  queryKey: QueryKey;
  /** One page; a list may answer more beside it (tab counts, filter options), read from `query.data`. */
  fetchPage: (params: PageParams & F, signal: AbortSignal) => Promise<P>;
  /** The filters' starting values (also what "Clear filters" returns to); each lives in the address under its name. */
  filters: F;
  defaultLimit?: number;
  searchDelayMs?: number;
  /**
   * How long a page counts as fresh (the client's default otherwise). A queue that other people add
   * to (credentials waiting for approval) passes 0, so opening it always asks the server.
   */
  staleTime?: number;
}

/** A filter's value as the address holds it, read back in the type of its default. */
function readFilter(raw: string | null, fallback: QueryValue): QueryValue {
  if (raw === null) return fallback;
  if (typeof fallback === 'boolean') return raw === 'true';
  if (typeof fallback === 'number') return Number.isFinite(Number(raw)) ? Number(raw) : fallback;
  return raw;
}

/**
 * The one way a list pages and searches, on the server: page, rows per page, the search text and
 * the screen's filters live in the address (`?page=2&size=25&q=fire&…`), so a reload, a shared link
 * or Back from a detail page shows the same rows; they become one query through the cache. The
 * search is written after a pause in typing; changing the search, a filter or the page size goes
 * back to page 1; while the next page loads the previous one stays on screen (no flash of the
 * loading block); a page that no longer exists after a delete falls back to the last page.
 */
export function usePagedList<P extends Page<unknown>, F extends Filters<F>>({
  queryKey,
  fetchPage,
  filters: defaults,
  defaultLimit = DEFAULT_PAGE_SIZE,
  searchDelayMs = SEARCH_DELAY_MS,
  staleTime,
}: PagedListOptions<P, F>) {
  const address = useSearchState();
  const page = searchInt(address.params.get('page'), 1);
  const limit = searchInt(address.params.get('size'), defaultLimit);
  const committedSearch = address.get('q').trim();
  const names = Object.keys(defaults) as (keyof F & string)[];
  const filters = Object.fromEntries(
    names.map((name) => [name, readFilter(address.params.get(name), defaults[name])]),
  ) as F;
  // Defaults are left out of the address: a plain link to the screen is its first page.
  const patchOf = (name: keyof F & string, value: QueryValue): SearchPatch => ({
    [name]: value === defaults[name] ? null : value === null ? null : String(value),
  });
  const [search, setSearch] = useDebouncedSearchText(
    committedSearch,
    (text) => address.update({ q: text, page: null }),
    searchDelayMs,
  );

  const params = { ...filters, page, limit, search: committedSearch } as PageParams & F;
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
    ...(staleTime === undefined ? {} : { staleTime }),
  });

  const setPage = (next: number) => address.update({ page: next > 1 ? next : null });
  const totalPages = query.data?.pagination.totalPages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `setPage` is a new function every render
  useEffect(() => {
    if (totalPages !== undefined && !query.isPlaceholderData && page > totalPages) setPage(Math.max(1, totalPages));
    // Not on `setPage`: a new function every render.
  }, [totalPages, page, query.isPlaceholderData]);

  const setFilter = <K extends keyof F & string>(name: K, value: F[K]) =>
    address.update({ ...patchOf(name, value), page: null });
  const clearFilters = () => {
    setSearch('');
    address.update({ q: null, page: null, ...Object.fromEntries(names.map((name) => [name, null])) });
  };
  const isFiltering = committedSearch !== '' || names.some((name) => filters[name] !== defaults[name]);

  return {
    query,
    items: query.data?.items as P['items'] | undefined,
    pagination: query.data?.pagination,
    page,
    setPage,
    limit,
    setLimit: (next: number) => address.update({ size: next === defaultLimit ? null : next, page: null }),
    search,
    setSearch,
    filters,
    setFilter,
    clearFilters,
    isFiltering,
  };
}
