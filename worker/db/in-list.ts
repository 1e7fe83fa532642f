/**
 * D1 binds at most 100 parameters per statement. Every list that comes from a request (ids to
 * delete, books to assign, usernames to check) goes into `IN (...)` or a multi-row insert through
 * these helpers, split below that limit with room left for the statement's other parameters.
 */

/** Values per `IN (...)` list. */
export const IN_LIST_CHUNK = 90;

function split<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The values in parts small enough for one `IN (...)` each. */
export const inListChunks = <T>(values: readonly T[]): T[][] => split(values, IN_LIST_CHUNK);

/** Rows of a multi-row insert in parts whose bound parameters (rows x columns) stay below the limit. */
export const insertChunks = <T>(rows: readonly T[], columnsPerRow: number): T[][] =>
  split(rows, Math.max(1, Math.floor(IN_LIST_CHUNK / columnsPerRow)));

/** Runs one query per part of `values`, one after another, and joins their rows. */
export async function selectInChunks<T, R>(values: readonly T[], query: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const part of inListChunks(values)) rows.push(...(await query(part)));
  return rows;
}
