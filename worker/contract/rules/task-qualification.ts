/**
 * The task rule (issue 30): is a person qualified for a task ("Operate a reach truck") on a given
 * day? A task needs all its pieces together (courses, authorisations from evaluations, credential
 * types, toolbox talks), the same pieces a requirement names; each piece is judged with the
 * compliance rule's own `pieceState` and `dueSoonDaysOf`, so "held" has one meaning in both rules.
 *
 * "On the day" is qualification.ts's `heldOnDay`: a piece counts when it was issued by the day's
 * end and has not expired at its start (UTC days); a revoked piece never counts. Pure: the Worker
 * answers with it and the tests judge every combination of pieces with it.
 */
import { dueSoonDaysOf, pieceState, type EvidenceFact, type EvidenceKind, type PieceState } from './compliance';

export const TASK_STATUSES = ['QUALIFIED', 'EXPIRING', 'NOT_QUALIFIED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PIECE_STATUSES = ['HELD', 'EXPIRING', 'EXPIRED', 'REVOKED', 'MISSING'] as const;
export type TaskPieceStatus = (typeof TASK_PIECE_STATUSES)[number];

/** A piece expiring within this many days makes the person EXPIRING (still qualified). */
export const TASK_EXPIRING_DAYS = 30;

/** One piece of a task and how the person stands on it that day. */
export interface TaskPieceResult {
  kind: EvidenceKind;
  refId: string;
  /** Course title, template name, credential type name or talk topic title. */
  name: string;
  status: TaskPieceStatus;
  /** Number of the piece that counts (certificate, authorisation, credential, talk); null when none counts. */
  number: string | null;
  /** When the counting piece stops counting (its expiry); null when none counts. */
  validUntil: string | null;
}

export interface TaskQualification {
  /** QUALIFIED: every piece held; EXPIRING: every piece held, one or more expiring; NOT_QUALIFIED: one or more not held. */
  status: TaskStatus;
  /** When the qualification lapses if nothing is renewed: the earliest expiry of the pieces (null when not qualified). */
  validUntil: string | null;
  pieces: TaskPieceResult[];
  /** The pieces that stop the person (missing, expired or revoked). */
  missing: TaskPieceResult[];
  /** The pieces that count but expire within the window. */
  expiring: TaskPieceResult[];
}

const STATUS_OF: Record<PieceState, TaskPieceStatus> = {
  held: 'HELD',
  'due-soon': 'EXPIRING',
  expired: 'EXPIRED',
  revoked: 'REVOKED',
  missing: 'MISSING',
};

/** `YYYY-MM-DD` -> its start and end instants (ms, UTC). */
export function dayRange(day: string): { start: number; end: number } {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return { start, end: start + 24 * 3600 * 1000 - 1 };
}

/**
 * The person's standing for a task on `day` (YYYY-MM-DD), from what they hold of each piece (the
 * latest record issued by that day, revoked ones included so a revocation can be named). A task
 * naming nothing is met by nothing (the API refuses such tasks).
 */
export function taskQualification(
  pieces: readonly (EvidenceFact & { name: string })[],
  day: string,
  expiringDays = TASK_EXPIRING_DAYS,
): TaskQualification {
  const { start, end } = dayRange(day);
  const results: TaskPieceResult[] = pieces.map((fact) => {
    const status = STATUS_OF[pieceState(fact.held, start, dueSoonDaysOf(fact, expiringDays), end)];
    const counts = status === 'HELD' || status === 'EXPIRING';
    return {
      kind: fact.kind,
      refId: fact.refId,
      name: fact.name,
      status,
      number: counts ? (fact.held?.number ?? null) : null,
      validUntil: counts ? (fact.held?.expiresAt ?? null) : null,
    };
  });
  const missing = results.filter((p) => p.status !== 'HELD' && p.status !== 'EXPIRING');
  const expiring = results.filter((p) => p.status === 'EXPIRING');
  const qualified = results.length > 0 && missing.length === 0;
  const validUntil = qualified
    ? results.reduce<string | null>(
        (first, p) => (p.validUntil && (!first || Date.parse(p.validUntil) < Date.parse(first)) ? p.validUntil : first),
        null,
      )
    : null;
  const status: TaskStatus = !qualified ? 'NOT_QUALIFIED' : expiring.length ? 'EXPIRING' : 'QUALIFIED';
  return { status, validUntil, pieces: results, missing, expiring };
}

/** Whether a qualified person's qualification lapses within `days` days of `day`'s start. */
export function lapsesWithin(result: TaskQualification, day: string, days: number): boolean {
  if (!result.validUntil) return false;
  return Date.parse(result.validUntil) <= dayRange(day).start + days * 24 * 3600 * 1000;
}
