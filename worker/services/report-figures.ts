import type { ComplianceSummary } from '../contract/compliance';
import { DAY_MS, lapsesAt, type ComplianceStatus } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { coverageFacts, requirementTermsQuery, type CoverageFilter } from './compliance';
import { uniqueColumns } from './compliance-export';
import { byName } from './compliance-snapshot';
import { cellsByUser, summarize } from './compliance-status';

/** What a scheduled report's one-page summary shows (issue 30): the counts, the worst requirements, who lapses soonest. */
export interface ReportFigures {
  summary: ComplianceSummary;
  /** Covered people of the filter. */
  people: number;
  /** The requirements with the most overdue cells, then due soon, then pending (at most WORST). */
  worst: { title: string; overdue: number; dueSoon: number; pending: number; covered: number }[];
  /** The cells that lapse first within LAPSE_DAYS, soonest first (at most SOONEST). */
  soonest: { name: string; title: string; status: ComplianceStatus; lapsesAt: string }[];
}

const WORST = 6;
const SOONEST = 12;
/** How far ahead "who lapses soonest" looks: the forecast's widest bucket. */
export const LAPSE_DAYS = 90;

/** Reads every covered person of the filter once (like the snapshot does) and counts what the summary shows. */
export async function reportFigures(db: Db, filter: CoverageFilter, now: Date): Promise<ReportFigures> {
  const [terms, facts] = await Promise.all([requirementTermsQuery(db, filter), coverageFacts(db, filter, now)]);
  const titles = new Map(uniqueColumns(terms).map((column) => [column.key, column.courseTitle]));
  const names = new Map(facts.map((fact) => [fact.userId, fact.userName]));
  const cells = cellsByUser(facts, now);
  const columns = new Map<string, ReportFigures['worst'][number]>();
  const soonest: (ReportFigures['soonest'][number] & { id: string })[] = [];
  const horizon = now.getTime() + LAPSE_DAYS * DAY_MS;
  for (const [userId, userCells] of cells) {
    for (const cell of userCells.values()) {
      const title = titles.get(cell.key) ?? cell.key;
      const column = columns.get(cell.key) ?? { title, overdue: 0, dueSoon: 0, pending: 0, covered: 0 };
      column.covered += 1;
      if (cell.status === 'overdue') column.overdue += 1;
      if (cell.status === 'due-soon') column.dueSoon += 1;
      if (cell.status === 'pending') column.pending += 1;
      columns.set(cell.key, column);
      const lapse = lapsesAt(cell);
      if (lapse && Date.parse(lapse) <= horizon)
        soonest.push({ id: userId, name: names.get(userId) ?? '', title, status: cell.status, lapsesAt: lapse });
    }
  }
  soonest.sort((a, b) => a.lapsesAt.localeCompare(b.lapsesAt) || byName(a, b));
  return {
    summary: summarize(cells, now),
    people: cells.size,
    worst: [...columns.values()]
      .filter((column) => column.overdue + column.dueSoon + column.pending > 0)
      .sort(
        (a, b) =>
          b.overdue - a.overdue || b.dueSoon - a.dueSoon || b.pending - a.pending || a.title.localeCompare(b.title),
      )
      .slice(0, WORST),
    soonest: soonest.slice(0, SOONEST).map(({ id: _id, ...row }) => row),
  };
}
