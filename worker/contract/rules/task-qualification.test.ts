import { describe, expect, it } from 'vitest';
import {
  complianceStatus,
  DAY_MS,
  talkEvidence,
  type EvidenceFact,
  type EvidenceKind,
  type HeldEvidence,
} from './compliance';
import { lapsesWithin, taskQualification, type TaskPieceStatus } from './task-qualification';

/** The task rule over every kind of evidence in every state, judged on one day (2026-06-15). */

const DAY = '2026-06-15';
const START = Date.parse(`${DAY}T00:00:00.000Z`);
const iso = (time: number) => new Date(time).toISOString();
const daysFromStart = (days: number) => iso(START + days * DAY_MS);

const KINDS: EvidenceKind[] = ['course', 'evaluation', 'credential', 'talk'];
type State = 'held' | 'missing' | 'expiring' | 'expired' | 'revoked';
const STATES: State[] = ['held', 'missing', 'expiring', 'expired', 'revoked'];
const EXPECTED: Record<State, TaskPieceStatus> = {
  held: 'HELD',
  missing: 'MISSING',
  expiring: 'EXPIRING',
  expired: 'EXPIRED',
  revoked: 'REVOKED',
};

/** A talk every 60 days: expiring in the last 15 days of its period (the compliance rule's cap). */
const TALK_DAYS = 60;

/** What the person holds of one piece of `kind` in `state` on DAY. */
function heldIn(kind: EvidenceKind, state: State): HeldEvidence | null {
  if (state === 'missing') return null;
  if (kind === 'talk') {
    // Attended long enough ago for the state: 10 days (held), 50 (expiring: 10 days left), 70 (lapsed).
    const ago = state === 'expiring' ? 50 : state === 'expired' ? 70 : 10;
    const talk = talkEvidence(daysFromStart(-ago), TALK_DAYS, 'TALK-1');
    return state === 'revoked' ? { ...talk, revokedAt: daysFromStart(-1) } : talk;
  }
  const expiresIn = state === 'expiring' ? 20 : state === 'expired' ? -1 : 200;
  return {
    number: `${kind.toUpperCase()}-1`,
    issuedAt: daysFromStart(-300),
    expiresAt: daysFromStart(expiresIn),
    revokedAt: state === 'revoked' ? daysFromStart(-2) : null,
  };
}

const fact = (kind: EvidenceKind, state: State): EvidenceFact & { name: string } => ({
  kind,
  refId: `${kind}-ref`,
  name: `${kind} piece`,
  held: heldIn(kind, state),
});

/** Every assignment of a state to each of `kinds`. */
function* combinations(kinds: readonly EvidenceKind[]): Generator<[EvidenceKind, State][]> {
  if (kinds.length === 0) {
    yield [];
    return;
  }
  for (const rest of combinations(kinds.slice(1))) for (const state of STATES) yield [[kinds[0], state], ...rest];
}

describe('taskQualification', () => {
  it.each(KINDS.flatMap((kind) => STATES.map((state) => [kind, state] as const)))(
    'judges one %s piece that is %s',
    (kind, state) => {
      const result = taskQualification([fact(kind, state)], DAY);
      expect(result.pieces).toHaveLength(1);
      expect(result.pieces[0].status).toBe(EXPECTED[state]);
      expect(result.status).toBe(state === 'held' ? 'QUALIFIED' : state === 'expiring' ? 'EXPIRING' : 'NOT_QUALIFIED');
      const counts = state === 'held' || state === 'expiring';
      expect(result.pieces[0].number).toBe(counts ? heldIn(kind, state)!.number : null);
      expect(result.missing.map((p) => p.kind)).toEqual(counts ? [] : [kind]);
      expect(result.expiring.map((p) => p.kind)).toEqual(state === 'expiring' ? [kind] : []);
    },
  );

  it('judges every combination of the four kinds in the five states (625 tasks)', () => {
    let seen = 0;
    for (const combo of combinations(KINDS)) {
      const result = taskQualification(
        combo.map(([kind, state]) => fact(kind, state)),
        DAY,
      );
      const blocked = combo.filter(([, state]) => !['held', 'expiring'].includes(state)).map(([kind]) => kind);
      const expiring = combo.filter(([, state]) => state === 'expiring').map(([kind]) => kind);
      const label = combo.map(([kind, state]) => `${kind}:${state}`).join(' ');
      expect(
        result.pieces.map((p) => p.status),
        label,
      ).toEqual(combo.map(([, state]) => EXPECTED[state]));
      expect(
        result.missing.map((p) => p.kind),
        label,
      ).toEqual(blocked);
      expect(
        result.expiring.map((p) => p.kind),
        label,
      ).toEqual(expiring);
      expect(result.status, label).toBe(blocked.length ? 'NOT_QUALIFIED' : expiring.length ? 'EXPIRING' : 'QUALIFIED');
      // Qualified until the earliest expiry of its pieces; nothing when not qualified.
      if (blocked.length) expect(result.validUntil, label).toBeNull();
      else
        expect(result.validUntil, label).toBe(
          [...result.pieces].sort((a, b) => Date.parse(a.validUntil!) - Date.parse(b.validUntil!))[0].validUntil,
        );
      seen++;
    }
    expect(seen).toBe(5 ** 4);
  });

  it('agrees with the compliance rule on every piece judged at the same instant', () => {
    // The two rules share pieceState: a piece that counts for a task is compliant or due soon, and
    // one that does not is pending or overdue (the requirement's due period aside).
    for (const kind of KINDS)
      for (const state of STATES) {
        const piece = fact(kind, state);
        const compliance = complianceStatus(
          { coveredSince: '2020-01-01T00:00:00.000Z', dueWithinDays: 30, dueSoonDays: 30, evidence: [piece] },
          START,
        );
        const task = taskQualification([piece], DAY);
        const expected = { HELD: 'compliant', EXPIRING: 'due-soon' }[task.pieces[0].status as 'HELD'] ?? 'overdue';
        expect(compliance.status, `${kind}:${state}`).toBe(expected);
      }
  });

  it('counts a piece issued during the day, not one issued the day after', () => {
    const during = { number: 'C-1', issuedAt: `${DAY}T23:59:59.000Z`, expiresAt: daysFromStart(365) };
    expect(taskQualification([{ kind: 'course', refId: 'c', name: 'c', held: during }], DAY).status).toBe('QUALIFIED');
    const after = { ...during, issuedAt: daysFromStart(1) };
    const result = taskQualification([{ kind: 'course', refId: 'c', name: 'c', held: after }], DAY);
    expect(result.status).toBe('NOT_QUALIFIED');
    expect(result.pieces[0].status).toBe('MISSING');
  });

  it('counts a piece that expires during the day (held at its start), not one that expired at its start', () => {
    const held = { number: 'A-1', issuedAt: daysFromStart(-100), expiresAt: `${DAY}T12:00:00.000Z` };
    const piece = { kind: 'evaluation' as const, refId: 'e', name: 'e', held };
    expect(taskQualification([piece], DAY).pieces[0].status).toBe('EXPIRING');
    const atStart = { ...piece, held: { ...held, expiresAt: `${DAY}T00:00:00.000Z` } };
    expect(taskQualification([atStart], DAY).pieces[0].status).toBe('EXPIRED');
  });

  it('calls a piece expiring within 30 days, not 31', () => {
    const within = { number: 'K-1', issuedAt: daysFromStart(-10), expiresAt: daysFromStart(30) };
    const piece = { kind: 'credential' as const, refId: 'k', name: 'k', held: within };
    expect(taskQualification([piece], DAY).status).toBe('EXPIRING');
    const later = { ...piece, held: { ...within, expiresAt: daysFromStart(30.5) } };
    expect(taskQualification([later], DAY).status).toBe('QUALIFIED');
  });

  it('does not call a monthly talk expiring for its whole month', () => {
    const talk = (ago: number) => ({
      kind: 'talk' as const,
      refId: 't',
      name: 'Ladders',
      held: talkEvidence(daysFromStart(-ago), 30, 'TALK-9'),
    });
    expect(taskQualification([talk(1)], DAY).status).toBe('QUALIFIED');
    expect(taskQualification([talk(25)], DAY).status).toBe('EXPIRING');
    expect(taskQualification([talk(31)], DAY).status).toBe('NOT_QUALIFIED');
  });

  it('is not qualified by a task that names nothing', () => {
    expect(taskQualification([], DAY)).toMatchObject({ status: 'NOT_QUALIFIED', validUntil: null, missing: [] });
  });

  it('says when a qualified person lapses within 7 and 30 days', () => {
    const piece = (days: number) => ({
      kind: 'course' as const,
      refId: 'c',
      name: 'c',
      held: { number: 'C', issuedAt: daysFromStart(-10), expiresAt: daysFromStart(days) },
    });
    const soon = taskQualification([piece(5)], DAY);
    expect([lapsesWithin(soon, DAY, 7), lapsesWithin(soon, DAY, 30)]).toEqual([true, true]);
    const later = taskQualification([piece(20)], DAY);
    expect([lapsesWithin(later, DAY, 7), lapsesWithin(later, DAY, 30)]).toEqual([false, true]);
    const far = taskQualification([piece(90)], DAY);
    expect([lapsesWithin(far, DAY, 7), lapsesWithin(far, DAY, 30)]).toEqual([false, false]);
    expect(lapsesWithin(taskQualification([piece(-1)], DAY), DAY, 30)).toBe(false);
  });
});
