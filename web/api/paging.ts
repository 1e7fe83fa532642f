// Relative import (not @contract/*): the unit-test project has no path alias.
import { DEFAULT_PAGE_SIZE, type Pagination } from '../../worker/contract/common';
import { api, ApiClientError, type QueryValue } from './client';

export type { Pagination } from '@contract/common';

/** One page of a paged list, whatever the key its endpoint puts the items under. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** `?page=1&limit=10&search=` plus a screen's filters; pages count from 1. */
export interface PageParams {
  page: number;
  limit: number;
  search: string;
}

/**
 * Reads one page of a paged list: sends `page`, `limit`, `search` and the filters (blank filters are
 * left out) and answers `{ items, pagination }` from `{ [key]: [...], pagination }`.
 */
export async function getPage<T>(
  path: string,
  key: string,
  params: PageParams & Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const body = await api.get<Record<string, unknown> & { pagination?: Pagination }>(path, { query: params, signal });
  // A body without the list is a server that does not page this list: say so instead of showing "nothing found".
  if (!Array.isArray(body[key]))
    throw new ApiClientError(200, `The server did not answer a paged list of ${key}`, 'HTTP_ERROR');
  const items = body[key] as T[];
  const pagination = body.pagination ?? {
    page: params.page,
    totalPages: 1,
    totalItems: items.length,
    itemsPerPage: params.limit || DEFAULT_PAGE_SIZE,
  };
  return { items, pagination };
}
