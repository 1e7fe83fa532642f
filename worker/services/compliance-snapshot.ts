import { and, eq, gt, sql } from 'drizzle-orm';
import { dayStart, type ComplianceSummary } from '../contract/compliance';
import { DAY_MS, dueSoonDaysOf, type ComplianceStatus } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { complianceCache, compliancePeople } from '../db/schema';

import { coverageFacts, coverageFactsQueries, type CoverageFacts, type CoverageFilter } from './compliance';
import { cellsByUser, summarize } from './compliance-status';

// ---------------------------------------------------------------------------------------------
// The cached snapshot of one matrix filter: the summary and the people in name order
// ---------------------------------------------------------------------------------------------

const STATUS_BITS: Record<ComplianceStatus, number> = {
  pending: 1,
  compliant: 2,
  'due-soon': 4,
  overdue: 8,
  exempt: 16,
};
export const statusBit = (status: ComplianceStatus) => STATUS_BITS[status];
const STATUSES = Object.keys(STATUS_BITS) as ComplianceStatus[];

/** How many covered people have a cell of each status, and how many there are in all: the matrix's page counts. */
export type PeopleTotals = Record<ComplianceStatus | 'all', number>;

export interface ComplianceSnapshot {
  summary: ComplianceSummary;
  /** Covered people in name order, each with the bits of the statuses among their cells. */
  people: [userId: string, statuses: number][];
  totals: PeopleTotals;
}

/** What the cache row's body holds: read with a page, so a page needs no count over the people. */
export interface SnapshotHead {
  summary: ComplianceSummary;
  totals: PeopleTotals;
}

/** At most this long a snapshot is trusted, whatever else happens. */
const SNAPSHOT_SECONDS = 60;
/** People per insert statement (one JSON array parameter each, well below D1's largest value). */
const PEOPLE_PER_INSERT = 10_000;

/** The first moment after `now` at which some fact changes a status by the clock alone. */
function nextChange(facts: readonly CoverageFacts[], now: Date): number {
  let next = now.getTime() + SNAPSHOT_SECONDS * 1000;
  const consider = (time: number) => {
    if (time > now.getTime() && time < next) next = time;
  };
  for (const f of facts) {
    if (f.exemptUntil) consider(Date.parse(f.exemptUntil));
    consider(Date.parse(f.coveredSince) + f.dueWithinDays * DAY_MS);
    // Every piece's expiry (the course certificate's among them) changes a status by the clock.
    for (const piece of f.evidence) {
      if (!piece.held) continue;
      consider(Date.parse(piece.held.expiresAt));
      consider(Date.parse(piece.held.expiresAt) - dueSoonDaysOf(piece, f.dueSoonDays) * DAY_MS);
    }
    if (f.lastEventOn) consider(Date.parse(dayStart(f.lastEventOn)) + f.dueWithinDays * DAY_MS);
  }
  return next;
}

/** Name order of the matrix (case-insensitive, then id): the snapshot and every page agree on it. */
export const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

export function buildSnapshot(facts: readonly CoverageFacts[], now: Date): ComplianceSnapshot {
  const cells = cellsByUser(facts, now);
  const names = new Map<string, string>();
  for (const f of facts) if (!names.has(f.userId)) names.set(f.userId, f.userName);
  const people = [...cells.entries()].map(([userId, userCells]): [string, number] => [
    userId,
    [...userCells.values()].reduce((bits, cell) => bits | STATUS_BITS[cell.status], 0),
  ]);
  people.sort(([a], [b]) => byName({ name: names.get(a)!, id: a }, { name: names.get(b)!, id: b }));
  const totals: PeopleTotals = { all: people.length, pending: 0, compliant: 0, 'due-soon': 0, overdue: 0, exempt: 0 };
  for (const [, bits] of people) for (const status of STATUSES) if (bits & STATUS_BITS[status]) totals[status] += 1;
  return { summary: summarize(cells, now), people, totals };
}

export const snapshotKey = (filter: CoverageFilter) =>
  JSON.stringify([
    filter.bookId ?? '',
    (filter.department ?? '').toLowerCase(),
    (filter.jobTitle ?? '').toLowerCase(),
    (filter.q ?? '').toLowerCase(),
    // A site's or a team's snapshot is its own (absent for the whole organisation, as before).
    ...(filter.siteId || filter.teamOf ? [filter.siteId ?? '', filter.teamOf ?? ''] : []),
  ]);

/**
 * Computes the snapshot of a filter from every covered person and stores it (the summary, and the
 * people in name order with their statuses) until the next status change by the clock, a minute
 * at most. Computing reads every covered person once; reading a page afterwards is one query.
 */
export async function refreshSnapshot(db: Db, filter: CoverageFilter, now: Date): Promise<ComplianceSnapshot> {
  const key = snapshotKey(filter);
  const facts = await coverageFacts(db, filter, now);
  const snapshot = buildSnapshot(facts, now);
  const iso = now.toISOString();
  const expiresAt = new Date(nextChange(facts, now)).toISOString();
  const inserts = [];
  for (let from = 0; from < snapshot.people.length; from += PEOPLE_PER_INSERT) {
    const part = JSON.stringify(snapshot.people.slice(from, from + PEOPLE_PER_INSERT));
    inserts.push(
      db.insert(compliancePeople).select(
        db
          .select({
            key: sql<string>`${key}`.as('key'),
            position: sql<number>`${from} + j.key`.as('position'),
            userId: sql<string>`json_extract(j.value, '$[0]')`.as('user_id'),
            statuses: sql<number>`json_extract(j.value, '$[1]')`.as('statuses'),
          })
          .from(sql`json_each(${part}) j`),
      ),
    );
  }
  try {
    await db.batch([
      db.delete(complianceCache).where(eq(complianceCache.key, key)),
      db.delete(compliancePeople).where(eq(compliancePeople.key, key)),
      // People of filters whose summary expired or was cleared are of no use any more.
      db
        .delete(compliancePeople)
        .where(sql`${compliancePeople.key} NOT IN (SELECT c.key FROM compliance_cache c WHERE c.expires_at > ${iso})`),
      ...inserts,
      db.insert(complianceCache).values({
        key,
        computedAt: iso,
        expiresAt,
        body: { summary: snapshot.summary, totals: snapshot.totals } satisfies SnapshotHead,
      }),
    ]);
  } catch (error) {
    // Answering matters more than caching: the next request computes again.
    console.error(JSON.stringify({ level: 'error', event: 'compliance.cache_failed', error: String(error) }));
  }
  return snapshot;
}

/** The statements that read one matrix page from a stored snapshot, for one batch. */
export function snapshotPageQueries(
  db: Db,
  filter: CoverageFilter,
  status: ComplianceStatus | null,
  page: number,
  size: number,
  now: Date,
) {
  const key = snapshotKey(filter);
  const bits = status ? STATUS_BITS[status] : 31;
  return [
    db
      .select({ body: complianceCache.body })
      .from(complianceCache)
      .where(and(eq(complianceCache.key, key), gt(complianceCache.expiresAt, now.toISOString()))),
    ...coverageFactsQueries(
      db,
      filter,
      now,
      sql`u.id IN (SELECT p.user_id FROM compliance_people p WHERE p.key = ${key} AND (p.statuses & ${bits}) <> 0 ORDER BY p.position LIMIT ${size} OFFSET ${(page - 1) * size})`,
    ),
  ] as const;
}

/** The statement that forgets every snapshot: in the batch of any write that changes compliance. */
export const clearComplianceCache = (db: Db) => db.delete(complianceCache);
