import { dayStart, type ComplianceCell, type ComplianceSummary, type MatrixCell } from '../contract/compliance';
import type { CellEvidence } from '../contract/requirement-evidence';
import {
  canRecertify,
  complianceStatus,
  DAY_MS,
  DEFAULT_RECERTIFY_WINDOW_DAYS,
  lapsesAt,
  mergeResults,
  type ComplianceResult,
  type ComplianceStatus,
} from '../contract/rules/compliance';
import type { CoverageFacts } from './compliance';

/** The statuses derived from coverage facts with the one rule function: per requirement, per course cell, the summary. */

/**
 * `key`: the matrix column (the course, or the requirement when it has none); `exemptUntil`: the end
 * of the exemption that makes the cell exempt (null otherwise); `pieces`: each piece the requirement
 * needs, named, with how it stands.
 */
export type CellResult = ComplianceResult & {
  requirementId: string;
  courseId: string | null;
  key: string;
  exemptUntil: string | null;
  pieces: CellEvidence[];
};

export function evaluate(facts: CoverageFacts, now: Date): CellResult {
  const result = complianceStatus(
    {
      coveredSince: facts.coveredSince,
      dueWithinDays: facts.dueWithinDays,
      dueSoonDays: facts.dueSoonDays,
      evidence: facts.evidence,
      exemptUntil: facts.exemptUntil,
      lastEventOn: facts.lastEventOn ? dayStart(facts.lastEventOn) : null,
    },
    now,
  );
  return {
    ...result,
    requirementId: facts.requirementId,
    courseId: facts.courseId,
    key: facts.columnKey,
    exemptUntil: result.status === 'exempt' ? facts.exemptUntil : null,
    pieces: (result.evidence ?? []).map((piece, index) => {
      const named: CellEvidence = { kind: piece.kind, name: facts.evidence[index].name, status: piece.status };
      if (piece.number != null) named.number = piece.number;
      if (piece.validUntil) named.validUntil = piece.validUntil;
      return named;
    }),
  };
}

/** Per person, per column: one merged cell (several requirements of one course give one status). */
export function cellsByUser(facts: readonly CoverageFacts[], now: Date): Map<string, Map<string, CellResult>> {
  const grouped = new Map<string, Map<string, CellResult[]>>();
  for (const fact of facts) {
    let courses = grouped.get(fact.userId);
    if (!courses) grouped.set(fact.userId, (courses = new Map()));
    const list = courses.get(fact.columnKey) ?? [];
    list.push(evaluate(fact, now));
    courses.set(fact.columnKey, list);
  }
  const merged = new Map<string, Map<string, CellResult>>();
  for (const [userId, courses] of grouped) {
    const cells = new Map<string, CellResult>();
    for (const [courseId, results] of courses) cells.set(courseId, mergeResults(results)!);
    merged.set(userId, cells);
  }
  return merged;
}

export function toCell(result: CellResult): ComplianceCell {
  return {
    requirementId: result.requirementId,
    courseId: result.courseId,
    status: result.status,
    dueAt: result.dueAt,
    validUntil: result.validUntil,
    certificateNumber: result.certificateNumber,
    evidence: result.pieces,
  };
}

/** A matrix page's cell: the fields that have a value. */
export function toMatrixCell(result: CellResult): MatrixCell {
  const cell: MatrixCell = { status: result.status };
  if (result.dueAt) cell.dueAt = result.dueAt;
  if (result.validUntil) cell.validUntil = result.validUntil;
  if (result.certificateNumber) cell.certificateNumber = result.certificateNumber;
  if (result.exemptUntil) cell.exemptUntil = result.exemptUntil;
  // A course-only cell says it all with its certificate number; others name each piece.
  if (result.pieces.some((piece) => piece.kind !== 'course')) cell.evidence = result.pieces;
  return cell;
}

const FORECAST_DAYS = [30, 60, 90] as const;

/** Counts per status, the share holding a valid certificate, and who lapses within 30/60/90 days. */
export function summarize(cells: Map<string, Map<string, CellResult>>, now: Date): ComplianceSummary {
  const counts: Record<ComplianceStatus, number> = { pending: 0, compliant: 0, 'due-soon': 0, overdue: 0, exempt: 0 };
  const lapses = [0, 0, 0];
  for (const userCells of cells.values()) {
    let first: number | null = null;
    for (const cell of userCells.values()) {
      counts[cell.status] += 1;
      const lapse = lapsesAt(cell);
      if (lapse) {
        const time = Date.parse(lapse);
        if (first == null || time < first) first = time;
      }
    }
    if (first != null)
      FORECAST_DAYS.forEach((days, index) => {
        if (first! <= now.getTime() + days * DAY_MS) lapses[index] += 1;
      });
  }
  const counted = counts.pending + counts.compliant + counts['due-soon'] + counts.overdue;
  const valid = counts.compliant + counts['due-soon'];
  return {
    pending: counts.pending,
    compliant: counts.compliant,
    dueSoon: counts['due-soon'],
    overdue: counts.overdue,
    exempt: counts.exempt,
    percentCompliant: counted === 0 ? 100 : Math.round((valid / counted) * 1000) / 10,
    forecast: { d30: lapses[0], d60: lapses[1], d90: lapses[2] },
  };
}

/**
 * Whether a learner may renew a certificate of a course now, by the requirements of that course
 * covering them: their widest due-soon window (the default without one) and their latest event.
 */
export function recertificationOpen(
  certificate: { issuedAt: string; expiresAt: string; revokedAt?: string | null },
  courseFacts: readonly CoverageFacts[],
  now: Date,
): { open: boolean; windowDays: number } {
  const windowDays = courseFacts.length
    ? Math.max(...courseFacts.map((f) => f.dueSoonDays))
    : DEFAULT_RECERTIFY_WINDOW_DAYS;
  const lastEvent = courseFacts.reduce<string | null>(
    (latest, f) => (f.lastEventOn && (!latest || f.lastEventOn > latest) ? f.lastEventOn : latest),
    null,
  );
  return { open: canRecertify(certificate, windowDays, now, lastEvent ? dayStart(lastEvent) : null), windowDays };
}
