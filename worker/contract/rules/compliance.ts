/**
 * The compliance rule: the status of one person against one requirement (or several requirements
 * of the same course, merged). Pure; the Worker enforces and reports with it, the client explains
 * with it, and the certification statechart is tested against it.
 *
 * All instants are ISO-8601 UTC strings or epoch milliseconds; days are 24-hour UTC days.
 */

export const COMPLIANCE_STATUSES = ['pending', 'compliant', 'due-soon', 'overdue', 'exempt'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** The status as people read it (chips, CSV export). */
export const STATUS_LABELS: Record<ComplianceStatus, string> = {
  pending: 'Pending',
  compliant: 'Compliant',
  'due-soon': 'Due soon',
  overdue: 'Overdue',
  exempt: 'Exempt',
};

export const DAY_MS = 24 * 3600 * 1000;
export const DEFAULT_DUE_WITHIN_DAYS = 30;
export const DEFAULT_DUE_SOON_DAYS = 30;
/** Recertification opens this many days before expiry when no requirement sets its own window. */
export const DEFAULT_RECERTIFY_WINDOW_DAYS = 30;

/** A piece of evidence the person holds: a certificate, an authorisation, an approved credential. */
export interface HeldEvidence {
  number: string;
  issuedAt: string;
  expiresAt: string;
  /** A revoked piece counts as not held. */
  revokedAt?: string | null;
}

/** What satisfies a requirement; a requirement may need several pieces together. */
export type EvidenceKind = 'course' | 'evaluation' | 'credential' | 'talk';

/**
 * A toolbox talk attended as a piece of evidence (issue 29): a requirement asks for a talk on a
 * topic every `everyDays` days, so the talk attended last counts from its start until `everyDays`
 * days later (24-hour days, like every period here); then the next one is due. Judged like any
 * other piece from there (due soon, overdue once it lapses).
 */
export function talkEvidence(attendedAt: string, everyDays: number, number: string): HeldEvidence {
  return { number, issuedAt: attendedAt, expiresAt: iso(ms(attendedAt) + everyDays * DAY_MS) };
}

/**
 * The due-soon window of a talk every `everyDays` days: the requirement's window, but at most a
 * quarter of the period (whole days, at least one). A monthly talk under the default 30-day window
 * would otherwise be due soon from the day it was held (docs/decisions/2026-11-28-talk-due-soon.md);
 * capped, it is due soon in its last 7 days.
 */
export function talkDueSoonDays(dueSoonDays: number, everyDays: number): number {
  return Math.min(dueSoonDays, Math.max(1, Math.floor(everyDays / 4)));
}

/** The due-soon window of one piece: a talk's period is its piece's life (talkEvidence), which caps it. */
export function dueSoonDaysOf(fact: EvidenceFact, dueSoonDays: number): number {
  if (fact.kind !== 'talk' || !fact.held) return dueSoonDays;
  return talkDueSoonDays(dueSoonDays, (ms(fact.held.expiresAt) - ms(fact.held.issuedAt)) / DAY_MS);
}

/** One piece a requirement needs and what the person holds of it (the latest unrevoked, if any). */
export interface EvidenceFact {
  kind: EvidenceKind;
  /** Course id, evaluation template family id, credential type id or talk topic id. */
  refId: string;
  held: HeldEvidence | null;
}

/** What the rule needs to know about one person and one requirement. */
export interface ComplianceFacts {
  /** When the person became covered: the later of the requirement's start and joining its audience. */
  coveredSince: string;
  dueWithinDays: number;
  dueSoonDays: number;
  /** The person's latest unrevoked certificate of the course, if any (expired ones included). */
  certificate?: { number: string; issuedAt: string; expiresAt: string } | null;
  /**
   * Every piece the requirement needs, all together (course certificate, authorisation, credential).
   * When given, `certificate` is ignored: a course requirement's certificate is its course piece.
   */
  evidence?: readonly EvidenceFact[] | null;
  /** End of an exemption in force (null or absent: none). */
  exemptUntil?: string | null;
  /**
   * Start of the day of the latest retraining event (incident, near miss, ...) recorded for the
   * person. Events are dated by day: evidence issued on that day counts as issued after it.
   */
  lastEventOn?: string | null;
}

/** How one piece of evidence stands (the person's status is the most severe of them). */
export interface EvidenceResult {
  kind: EvidenceKind;
  refId: string;
  status: Exclude<ComplianceStatus, 'exempt'>;
  dueAt: string | null;
  validUntil: string | null;
  /** Number of the valid piece (certificate, authorisation or credential number). */
  number: string | null;
}

export interface ComplianceResult {
  status: ComplianceStatus;
  /** The date by which the person must (re)certify: null while exempt or when nothing is due. */
  dueAt: string | null;
  /** Expiry of the valid certificate (null when none is valid); with several pieces, the earliest expiry of the valid ones. */
  validUntil: string | null;
  certificateNumber: string | null;
  /** Each piece's own standing, when the facts named the pieces. */
  evidence?: EvidenceResult[];
}

const ms = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

/** How a piece a person holds stands at an instant; `held` and `due-soon` count, the rest do not. */
export type PieceState = 'missing' | 'revoked' | 'expired' | 'due-soon' | 'held';

/**
 * The one "held" of the rules (compliance here, task qualification in task-qualification.ts): a
 * piece counts when it exists, was issued by `issuedBy` (when given), is not revoked (revocation
 * says it was issued in error) and has not expired at `at`; it is due soon from `dueSoonDays` days
 * before its expiry.
 */
export function pieceState(
  held: HeldEvidence | null,
  at: number,
  dueSoonDays: number,
  issuedBy = Number.POSITIVE_INFINITY,
): PieceState {
  if (!held || ms(held.issuedAt) > issuedBy) return 'missing';
  if (held.revokedAt) return 'revoked';
  const expires = ms(held.expiresAt);
  if (expires <= at) return 'expired';
  return expires - dueSoonDays * DAY_MS <= at ? 'due-soon' : 'held';
}

/**
 * One piece judged alone (the rule as it was for a course certificate): valid and not older than a
 * retraining event -> compliant or due-soon until it expires; else pending until its due date,
 * overdue after it.
 */
function judgePiece(
  held: HeldEvidence | null,
  facts: ComplianceFacts,
  at: number,
  dueSoonDays = facts.dueSoonDays,
): Omit<EvidenceResult, 'kind' | 'refId'> {
  const state = pieceState(held, at, dueSoonDays);
  const piece = held && !held.revokedAt ? held : null;
  const valid = piece != null && (state === 'held' || state === 'due-soon');
  const validUntil = valid ? piece.expiresAt : null;
  const number = valid ? piece.number : null;

  // A retraining event asks for evidence issued after it, within the requirement's due period.
  const eventDue =
    facts.lastEventOn && (!piece || ms(piece.issuedAt) < ms(facts.lastEventOn))
      ? ms(facts.lastEventOn) + facts.dueWithinDays * DAY_MS
      : null;

  if (valid && eventDue == null) {
    return { status: state === 'due-soon' ? 'due-soon' : 'compliant', dueAt: piece.expiresAt, validUntil, number };
  }

  // Newly covered people get their due period; an expired piece was due when it expired,
  // but never before the person's own due period ends.
  let due = ms(facts.coveredSince) + facts.dueWithinDays * DAY_MS;
  if (piece) due = Math.max(due, ms(piece.expiresAt));
  // An event can bring a due date forward, never push it back: an overdue person stays overdue.
  if (eventDue != null) due = valid ? eventDue : Math.min(due, eventDue);
  return { status: at < due ? 'pending' : 'overdue', dueAt: iso(due), validUntil, number };
}

const earliest = (values: readonly (string | null)[]): string | null =>
  values.reduce<string | null>((first, value) => (value && (!first || value < first) ? value : first), null);

/**
 * pending: covered, due in the future, no valid evidence (or evidence older than a retraining event);
 * compliant: valid evidence; due-soon: valid, expiring within `dueSoonDays`;
 * overdue: past the due date without valid evidence (an expired piece included);
 * exempt: an exemption in force, whatever the rest says.
 *
 * With several pieces needed together (docs/decisions/2026-11-28-requirement-evidence.md) each is
 * judged alone; the person's status is the most severe, the due date the earliest of the pieces'
 * due dates, validUntil the earliest expiry of the valid pieces, certificateNumber the course's.
 */
export function complianceStatus(facts: ComplianceFacts, now: Date | number): ComplianceResult {
  const at = typeof now === 'number' ? now : now.getTime();
  const exempt = !!facts.exemptUntil && ms(facts.exemptUntil) > at;
  if (!facts.evidence) {
    const piece = judgePiece(facts.certificate ?? null, facts, at);
    const base = { validUntil: piece.validUntil, certificateNumber: piece.number };
    return exempt ? { status: 'exempt', dueAt: null, ...base } : { status: piece.status, dueAt: piece.dueAt, ...base };
  }
  const pieces: EvidenceResult[] = facts.evidence.map((fact) => ({
    kind: fact.kind,
    refId: fact.refId,
    ...judgePiece(fact.held, facts, at, dueSoonDaysOf(fact, facts.dueSoonDays)),
  }));
  const validUntil = earliest(pieces.map((p) => p.validUntil));
  const certificateNumber = pieces.find((p) => p.kind === 'course')?.number ?? null;
  if (exempt) return { status: 'exempt', dueAt: null, validUntil, certificateNumber, evidence: pieces };
  // A requirement that names nothing is met by nothing: pending, then overdue, like a missing piece.
  const judged = pieces.length ? pieces : [{ ...judgePiece(null, facts, at) }];
  const status = judged.reduce<ComplianceStatus>(
    (worst, p) => (SEVERITY[p.status] < SEVERITY[worst] ? p.status : worst),
    'compliant',
  );
  return { status, dueAt: earliest(judged.map((p) => p.dueAt)), validUntil, certificateNumber, evidence: pieces };
}

/** Worst first: the order a merged status and the learner's panel sort by. */
const SEVERITY: Record<ComplianceStatus, number> = { overdue: 0, pending: 1, 'due-soon': 2, compliant: 3, exempt: 4 };

export function severity(status: ComplianceStatus): number {
  return SEVERITY[status];
}

/**
 * One status for a person covered by several requirements of the same course: the most severe,
 * and among equals the earliest due date. An exemption from one requirement does not lift another.
 */
export function mergeResults<T extends ComplianceResult>(results: readonly T[]): T | null {
  let best: T | null = null;
  for (const result of results) {
    if (!best) best = result;
    else {
      const bySeverity = severity(result.status) - severity(best.status);
      if (bySeverity < 0 || (bySeverity === 0 && (result.dueAt ?? '\uffff') < (best.dueAt ?? '\uffff'))) best = result;
    }
  }
  return best;
}

/**
 * The instant a result stops counting as trained if nothing is done: the due date of a pending
 * or due-soon item, a compliant certificate's expiry. Null when already overdue or exempt.
 */
export function lapsesAt(result: ComplianceResult): string | null {
  if (result.status === 'overdue' || result.status === 'exempt') return null;
  return result.dueAt;
}

/** Whether a learner may start a new cycle now: the certificate expires within the window, or is expired, or an event asks for it. */
export function canRecertify(
  certificate: { issuedAt: string; expiresAt: string; revokedAt?: string | null },
  windowDays: number,
  now: Date | number,
  lastEventOn?: string | null,
): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  if (certificate.revokedAt) return true;
  if (lastEventOn && ms(certificate.issuedAt) < ms(lastEventOn)) return true;
  return ms(certificate.expiresAt) - windowDays * DAY_MS <= at;
}
