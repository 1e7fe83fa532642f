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

/** What the rule needs to know about one person and one requirement. */
export interface ComplianceFacts {
  /** When the person became covered: the later of the requirement's start and joining its audience. */
  coveredSince: string;
  dueWithinDays: number;
  dueSoonDays: number;
  /** The person's latest unrevoked certificate of the course, if any (expired ones included). */
  certificate?: { number: string; issuedAt: string; expiresAt: string } | null;
  /** End of an exemption in force (null or absent: none). */
  exemptUntil?: string | null;
  /**
   * Start of the day of the latest retraining event (incident, near miss, ...) recorded for the
   * person. Events are dated by day: a certificate issued on that day counts as issued after it.
   */
  lastEventOn?: string | null;
}

export interface ComplianceResult {
  status: ComplianceStatus;
  /** The date by which the person must (re)certify: null while exempt or when nothing is due. */
  dueAt: string | null;
  /** Expiry of the valid certificate (null when none is valid). */
  validUntil: string | null;
  certificateNumber: string | null;
}

const ms = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

/**
 * pending: covered, due in the future, no valid certificate (or one older than a retraining event);
 * compliant: valid certificate; due-soon: valid, expiring within `dueSoonDays`;
 * overdue: past the due date without a valid certificate (an expired one included);
 * exempt: an exemption in force, whatever the rest says.
 */
export function complianceStatus(facts: ComplianceFacts, now: Date | number): ComplianceResult {
  const at = typeof now === 'number' ? now : now.getTime();
  const cert = facts.certificate ?? null;
  const certValid = cert != null && ms(cert.expiresAt) > at;
  const validUntil = certValid ? cert.expiresAt : null;
  const certificateNumber = certValid ? cert.number : null;

  if (facts.exemptUntil && ms(facts.exemptUntil) > at)
    return { status: 'exempt', dueAt: null, validUntil, certificateNumber };

  // A retraining event asks for a certificate issued after it, within the requirement's due period.
  const eventDue =
    facts.lastEventOn && (!cert || ms(cert.issuedAt) < ms(facts.lastEventOn))
      ? ms(facts.lastEventOn) + facts.dueWithinDays * DAY_MS
      : null;

  if (certValid && eventDue == null) {
    const expires = ms(cert.expiresAt);
    const status = expires - facts.dueSoonDays * DAY_MS <= at ? 'due-soon' : 'compliant';
    return { status, dueAt: cert.expiresAt, validUntil, certificateNumber };
  }

  // Newly covered people get their due period; an expired certificate was due when it expired,
  // but never before the person's own due period ends.
  let due = ms(facts.coveredSince) + facts.dueWithinDays * DAY_MS;
  if (cert) due = Math.max(due, ms(cert.expiresAt));
  // An event can bring a due date forward, never push it back: an overdue person stays overdue.
  if (eventDue != null) due = certValid ? eventDue : Math.min(due, eventDue);
  return { status: at < due ? 'pending' : 'overdue', dueAt: iso(due), validUntil, certificateNumber };
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
