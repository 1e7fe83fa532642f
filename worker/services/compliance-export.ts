import { and, between, gt } from 'drizzle-orm';
import { STATUS_LABELS, type ComplianceQuery } from '../contract/compliance';
import type { MatrixColumn } from '../contract/requirement-evidence';
import type { LapseListResponse, LapseQuery, LapseRow } from '../contract/compliance-lapses';
import { DAY_MS, lapsesAt } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { requirementExemptions } from '../db/schema';
import {
  columnKeyOf,
  coverageFacts,
  coveredUserIds,
  requirementTermsQuery,
  termEvidence,
  type CoverageFacts,
  type CoverageFilter,
} from './compliance';
import { byName } from './compliance-snapshot';
import { cellsByUser, type CellResult } from './compliance-status';
import { CSV_BOM, csvLine } from './csv';

/** The compliance CSV export and the forecast's "who lapses" list: both read every covered person of a filter. */

/** Whose people a reader sees: a site-limited administrator's site, a supervisor's team (issue 30). */
export type CoverageScope = Pick<CoverageFilter, 'siteId' | 'teamOf'>;

/** The matrix's query as a coverage filter: blank fields filter nothing. */
export const coverageFilterOf = (query: Omit<ComplianceQuery, 'status' | 'page' | 'size'>) => ({
  bookId: query.bookId || null,
  department: query.department || null,
  jobTitle: query.jobTitle || null,
  q: query.q || null,
});

/**
 * The matrix's columns, one per required course (its first requirement) and one per requirement
 * that needs more than a course or no course, from the requirement terms, which come in column
 * order. `key` is the column's cell key (CellResult.key, columnKeyOf).
 */
export function uniqueColumns(
  terms: readonly { id: string; courseId: string | null; courseTitle: string; evidence: string | null }[],
): (MatrixColumn & { key: string })[] {
  const byKey = new Map<string, MatrixColumn & { key: string }>();
  for (const term of terms) {
    const pieces = termEvidence(term);
    const key = columnKeyOf(term, pieces);
    if (!byKey.has(key))
      byKey.set(key, {
        key,
        id: term.id,
        courseId: term.courseId,
        courseTitle: term.courseTitle,
        evidence: pieces.map(({ kind, name }) => ({ kind, name })),
      });
  }
  return [...byKey.values()];
}

/** A cell's pieces as the export writes them: "First aid certificate FA-123"; the missing ones named apart. */
function evidenceText(cell: CellResult) {
  const valid = cell.pieces.filter((p) => p.status === 'compliant' || p.status === 'due-soon');
  const authorisations = valid.filter((p) => p.kind === 'evaluation').map((p) => p.number ?? '');
  const credentials = valid
    .filter((p) => p.kind === 'credential')
    .map((p) => (p.number ? `${p.name} ${p.number}` : p.name));
  const needed = cell.pieces.filter((p) => !valid.includes(p)).map((p) => p.name);
  return [authorisations.join('; '), credentials.join('; '), needed.join('; ')];
}

/** One person's identity as the facts carry it (every fact row of a person repeats it). */
export function personOf(fact: CoverageFacts) {
  return {
    id: fact.userId,
    name: fact.userName,
    username: fact.username,
    department: fact.department,
    jobTitle: fact.jobTitle,
  };
}

const CSV_CHUNK = 500;
const day = (iso: string | null | undefined) => iso?.slice(0, 10) ?? '';

/**
 * Each column holds one fact (decision 2026-11-28): "Due date" is when (re)training is due (pending,
 * overdue, due soon), never a compliant certificate's expiry, which is "Valid until"; an exempt cell
 * has its exemption's end and reason.
 */
export const COMPLIANCE_CSV_COLUMNS = [
  'Name',
  'Username',
  'Department',
  'Job title',
  'Course',
  'Status',
  'Due date',
  'Valid until',
  'Exemption until',
  'Exemption reason',
  'Certificate number',
  'Authorisation number',
  'Credential',
  'Evidence needed',
] as const;

/** The due date of a cell as the export shows it: none for a compliant or exempt cell. */
export const csvDueDate = (cell: Pick<CellResult, 'status' | 'dueAt'>) =>
  cell.status === 'compliant' || cell.status === 'exempt' ? '' : day(cell.dueAt);

/** The reasons of the exemptions in force for a range of people, by person and requirement (the latest end wins, as in the facts). */
async function exemptionReasons(db: Db, range: readonly [string, string], now: Date) {
  const rows = await db
    .select({
      userId: requirementExemptions.userId,
      requirementId: requirementExemptions.requirementId,
      reason: requirementExemptions.reason,
      until: requirementExemptions.until,
    })
    .from(requirementExemptions)
    .where(
      and(
        between(requirementExemptions.userId, range[0], range[1]),
        gt(requirementExemptions.until, now.toISOString()),
      ),
    );
  const reasons = new Map<string, { reason: string; until: string }>();
  for (const row of rows) {
    const key = `${row.userId} ${row.requirementId}`;
    const known = reasons.get(key);
    if (!known || row.until > known.until) reasons.set(key, row);
  }
  return reasons;
}

/**
 * Every person and required course of the filter, one line per cell, written chunk by chunk of
 * people (the export never holds the whole organisation in memory), after the byte-order mark.
 */
export async function complianceCsvStream(db: Db, query: ComplianceQuery, now: Date, scope: CoverageScope = {}) {
  const filter = { ...coverageFilterOf(query), ...scope };
  const titles = new Map(
    uniqueColumns(await requirementTermsQuery(db, filter)).map((col) => [col.key, col.courseTitle]),
  );
  const encoder = new TextEncoder();
  let after = '';
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(COMPLIANCE_CSV_COLUMNS)));
        return;
      }
      const ids = await coveredUserIds(db, filter, now, after, CSV_CHUNK);
      if (ids.length === 0) {
        controller.close();
        return;
      }
      after = ids[ids.length - 1];
      const range = [ids[0], after] as const;
      const facts = await coverageFacts(db, { ...filter, userIdRange: range }, now);
      const exempt = facts.some((f) => f.exemptUntil && f.exemptUntil > now.toISOString());
      const reasons = exempt ? await exemptionReasons(db, range, now) : new Map();
      const people = new Map(facts.map((f) => [f.userId, personOf(f)]));
      const cells = cellsByUser(facts, now);
      let text = '';
      for (const id of ids) {
        const person = people.get(id);
        const userCells = cells.get(id);
        if (!person || !userCells) continue;
        for (const cell of userCells.values()) {
          if (query.status && cell.status !== query.status) continue;
          const exemption = cell.exemptUntil ? reasons.get(`${id} ${cell.requirementId}`) : undefined;
          text += csvLine([
            person.name,
            person.username,
            person.department,
            person.jobTitle,
            titles.get(cell.key) ?? cell.key,
            STATUS_LABELS[cell.status],
            csvDueDate(cell),
            day(cell.validUntil),
            day(cell.exemptUntil),
            exemption?.reason ?? '',
            cell.certificateNumber,
            ...evidenceText(cell),
          ]);
        }
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}

/**
 * The people behind a forecast bucket: every cell that lapses within `days` (the same rule as the
 * summary's forecast, `lapsesAt`), soonest first, one page of them. Reads every covered person of
 * the filter, like the snapshot does; it is asked for when an administrator opens a bucket.
 */
export async function lapseList(
  db: Db,
  query: LapseQuery,
  now: Date,
  scope: CoverageScope = {},
): Promise<LapseListResponse> {
  const filter = { ...coverageFilterOf(query), ...scope };
  const [terms, facts] = await Promise.all([requirementTermsQuery(db, filter), coverageFacts(db, filter, now)]);
  const titles = new Map(uniqueColumns(terms).map((col) => [col.key, col.courseTitle]));
  const people = new Map(facts.map((f) => [f.userId, personOf(f)]));
  const horizon = now.getTime() + query.days * DAY_MS;
  const rows: LapseRow[] = [];
  for (const [userId, userCells] of cellsByUser(facts, now)) {
    for (const cell of userCells.values()) {
      const lapse = lapsesAt(cell);
      if (!lapse || Date.parse(lapse) > horizon) continue;
      rows.push({
        user: people.get(userId)!,
        key: cell.key,
        courseId: cell.courseId,
        courseTitle: titles.get(cell.key) ?? cell.key,
        status: cell.status,
        lapsesAt: lapse,
      });
    }
  }
  rows.sort((a, b) => a.lapsesAt.localeCompare(b.lapsesAt) || byName(a.user, b.user));
  const totalItems = rows.length;
  return {
    days: query.days,
    people: new Set(rows.map((row) => row.user.id)).size,
    rows: rows.slice((query.page - 1) * query.size, query.page * query.size),
    pagination: {
      page: query.page,
      size: query.size,
      totalItems,
      totalPages: Math.max(1, Math.ceil(totalItems / query.size)),
    },
  };
}
