import type { ComplianceQuery, ComplianceResponse } from '../contract/compliance';
import type { Db } from '../db/client';
import { coverageFactsOf, toFacts, type CoverageFilter } from './compliance';
import { personOf, uniqueColumns } from './compliance-export';
import { byName, refreshSnapshot, statusBit, type snapshotPageQueries, type SnapshotHead } from './compliance-snapshot';
import { cellsByUser, toMatrixCell } from './compliance-status';

/** What the batch of snapshotPageQueries answers: the stored head, the requirement terms, the page's people. */
type PageRead = readonly [
  Awaited<ReturnType<typeof snapshotPageQueries>[0]>,
  Awaited<ReturnType<typeof snapshotPageQueries>[1]>,
  Awaited<ReturnType<typeof snapshotPageQueries>[2]>,
];

/**
 * One page of the compliance matrix from its first read (snapshotPageQueries): the admin matrix and a
 * supervisor's team matrix (GET /api/v2/team/compliance) answer the same shape from their filter.
 * The summary and the people order come from the filter's stored snapshot; the page's cells are
 * computed fresh, so a change shows on the person at once.
 */
export async function matrixAnswer(
  db: Db,
  filter: CoverageFilter,
  query: Pick<ComplianceQuery, 'status' | 'page' | 'size'>,
  now: Date,
  first: PageRead,
): Promise<ComplianceResponse> {
  const [head, terms, pageRows] = first;
  const stored = head[0]?.body as Partial<SnapshotHead> | undefined;
  let summary = stored?.summary;
  let totalItems = stored?.totals?.[query.status ?? 'all'] ?? 0;
  let facts = toFacts(terms, pageRows);
  // A snapshot stored before it carried its totals counts as none.
  if (!summary || !stored?.totals) {
    const snapshot = await refreshSnapshot(db, filter, now);
    const people = query.status
      ? snapshot.people.filter(([, bits]) => bits & statusBit(query.status!))
      : snapshot.people;
    summary = snapshot.summary;
    totalItems = people.length;
    facts = await coverageFactsOf(
      db,
      filter,
      people.slice((query.page - 1) * query.size, query.page * query.size).map(([id]) => id),
      now,
    );
  }
  const cells = cellsByUser(facts, now);
  const persons = [...new Map(facts.map((fact) => [fact.userId, personOf(fact)])).values()].sort(byName);
  const requirementColumns = uniqueColumns(terms);
  return {
    rows: persons.map((user) => {
      const userCells = cells.get(user.id)!;
      return {
        user,
        cells: requirementColumns.map((column) => {
          const cell = userCells.get(column.key);
          return cell ? toMatrixCell(cell) : null;
        }),
      };
    }),
    requirements: requirementColumns.map(({ key: _key, ...column }) => column),
    summary,
    pagination: {
      page: query.page,
      size: query.size,
      totalItems,
      totalPages: Math.max(1, Math.ceil(totalItems / query.size)),
    },
  };
}
