import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { paginationOf, type Pagination } from '../contract/common';
import type { Db } from './client';

/**
 * The one case-insensitive "contains" search: true when any of `columns` contains `term`.
 * `%`, `_` and `\` in the term mean themselves, so a search for "100%" means that text, not a
 * wildcard. Blank terms give no condition (`undefined` is ignored by drizzle's `and`).
 */
export function containsText(term: string | null | undefined, columns: SQLWrapper[]): SQL | undefined {
  const needle = searchNeedle(term);
  if (!needle || columns.length === 0) return undefined;
  return containsNeedle(needle, columns);
}

/** What a search term is matched as: trimmed and lower-cased ('' when there is nothing to find). */
export const searchNeedle = (term: string | null | undefined): string => term?.trim().toLowerCase() ?? '';

/** Any of `columns` contains `needle` (already `searchNeedle`'s; a value or a template's placeholder). */
export function containsNeedle(needle: string, columns: SQLWrapper[]): SQL {
  // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes (a long search answered 500), and
  // instr has no wildcards to escape. Both sides lower-cased, as LIKE's ASCII folding did.
  const tests = columns.map((column) => sql`instr(lower(coalesce(${column}, '')), ${needle}) > 0`);
  return sql`(${sql.join(tests, sql` OR `)})`;
}

export interface PageRequest {
  /** 1-based. */
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: PageRequest) => (page - 1) * limit;

/** Queries runnable in `db.batch` (drizzle select builders). */
type Batchable<T> = Parameters<Db['batch']>[0][number] & PromiseLike<T>;

/**
 * One page of a list: the page's rows (a query already carrying `LIMIT limit OFFSET offsetOf(page)`)
 * and the count of all matching rows, read in one round trip (`db.batch`), so both see the same data.
 * `count` must select a single `n` column (`select({ n: count() })`).
 */
export async function paginate<TRow>(
  db: Db,
  request: PageRequest,
  rows: Batchable<TRow[]>,
  count: Batchable<{ n: number }[]>,
): Promise<{ items: TRow[]; pagination: Pagination }> {
  const [items, counted] = (await db.batch([rows, count] as never)) as unknown as [TRow[], { n: number }[]];
  const totalItems = Number(counted[0]?.n ?? 0);
  return { items, pagination: paginationOf(request.page, request.limit, totalItems) };
}

/**
 * Lists that original clients read with a 0-based `page` and `size` and top-level `totalItems,
 * totalPages, currentPage` (admin attempts, audit log): those fields as they expect, plus the one
 * `pagination` shape (1-based) so a client reads every list the same way.
 */
export function zeroBasedPage(page: number, size: number, totalItems: number) {
  return {
    totalItems,
    totalPages: Math.ceil(totalItems / size),
    currentPage: page,
    pagination: paginationOf(page + 1, size, totalItems),
  };
}
