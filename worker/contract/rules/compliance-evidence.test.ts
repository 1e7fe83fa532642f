import { describe, expect, it } from 'vitest';
import {
  complianceStatus,
  DAY_MS,
  type ComplianceFacts,
  type ComplianceStatus,
  type EvidenceFact,
  type EvidenceKind,
  type HeldEvidence,
} from './compliance';

// The rule with several pieces of evidence needed together (docs/decisions/2026-11-28-requirement-evidence.md).

const NOW = Date.parse('2026-06-01T00:00:00Z');
const day = (offset: number) => new Date(NOW + offset * DAY_MS).toISOString();
const base: ComplianceFacts = { coveredSince: day(-10), dueWithinDays: 30, dueSoonDays: 30 };

/** The states a piece can be in. "valid" was issued after the event day, "before-event" before it. */
type PieceState = 'missing' | 'valid' | 'due-soon' | 'expired' | 'revoked' | 'before-event';
const STATES: PieceState[] = ['missing', 'valid', 'due-soon', 'expired', 'revoked', 'before-event'];
const held = (state: PieceState, number: string): HeldEvidence | null => {
  switch (state) {
    case 'missing':
      return null;
    case 'valid':
      return { number, issuedAt: day(-1), expiresAt: day(300) };
    case 'due-soon':
      return { number, issuedAt: day(-300), expiresAt: day(10) };
    case 'expired':
      return { number, issuedAt: day(-400), expiresAt: day(-40) };
    case 'revoked':
      return { number, issuedAt: day(-1), expiresAt: day(300), revokedAt: day(-1) };
    case 'before-event':
      return { number, issuedAt: day(-60), expiresAt: day(300) };
  }
};
const EVENT_ON = day(-3);

/**
 * What each piece gives alone, per scenario (worked out by hand from the single-piece rule):
 * covered 10 days ago (due in 20) or 40 days ago (due 10 days ago), with or without an event 3 days
 * ago (which asks for evidence issued on or after its day, within 30 days: due in 27).
 */
type Alone = [ComplianceStatus, number];
const SCENARIOS: { name: string; coveredSince: string; event: boolean; alone: Record<PieceState, Alone> }[] = [
  {
    name: 'newly covered',
    coveredSince: day(-10),
    event: false,
    alone: {
      missing: ['pending', 20],
      valid: ['compliant', 300],
      'due-soon': ['due-soon', 10],
      // An expired piece was due when it expired, but never before the person's own due period ends.
      expired: ['pending', 20],
      revoked: ['pending', 20],
      'before-event': ['compliant', 300],
    },
  },
  {
    name: 'newly covered, event 3 days ago',
    coveredSince: day(-10),
    event: true,
    alone: {
      missing: ['pending', 20],
      valid: ['compliant', 300],
      'due-soon': ['pending', 27],
      expired: ['pending', 20],
      revoked: ['pending', 20],
      'before-event': ['pending', 27],
    },
  },
  {
    name: 'covered 40 days ago',
    coveredSince: day(-40),
    event: false,
    alone: {
      missing: ['overdue', -10],
      valid: ['compliant', 300],
      'due-soon': ['due-soon', 10],
      expired: ['overdue', -10],
      revoked: ['overdue', -10],
      'before-event': ['compliant', 300],
    },
  },
  {
    name: 'covered 40 days ago, event 3 days ago',
    coveredSince: day(-40),
    event: true,
    alone: {
      // An event brings a due date forward, never back: overdue stays overdue.
      missing: ['overdue', -10],
      valid: ['compliant', 300],
      'due-soon': ['pending', 27],
      expired: ['overdue', -10],
      revoked: ['overdue', -10],
      'before-event': ['pending', 27],
    },
  },
];
const SEVERITY: ComplianceStatus[] = ['overdue', 'pending', 'due-soon', 'compliant'];
const NUMBERS: Record<EvidenceKind, string> = {
  course: 'CERT-2026-000001',
  evaluation: 'AUT-2026-000001',
  credential: 'FA-123',
  talk: 'TALK-1A2B3C4D',
};

function facts(pieces: [EvidenceKind, PieceState][], scenario = SCENARIOS[0]): ComplianceFacts {
  const evidence: EvidenceFact[] = pieces.map(([kind, state]) => ({
    kind,
    refId: `${kind}-ref`,
    held: held(state, NUMBERS[kind]),
  }));
  return { ...base, coveredSince: scenario.coveredSince, evidence, lastEventOn: scenario.event ? EVENT_ON : null };
}

/** Every combination of states for the given kinds. */
function combinations(kinds: EvidenceKind[]): [EvidenceKind, PieceState][][] {
  return kinds.reduce<[EvidenceKind, PieceState][][]>(
    (list, kind) =>
      list.flatMap((prefix) => STATES.map((state) => [...prefix, [kind, state] as [EvidenceKind, PieceState]])),
    [[]],
  );
}

/** What the decision says a combination gives: the most severe status, the earliest due date. */
function expected(pieces: [EvidenceKind, PieceState][], scenario: (typeof SCENARIOS)[number]) {
  const alone = pieces.map(([, state]) => scenario.alone[state]);
  const status = SEVERITY.find((s) => alone.some(([a]) => a === s))!;
  const dueAt = day(Math.min(...alone.map(([, due]) => due)));
  return { status, dueAt };
}

describe('complianceStatus with evidence pieces', () => {
  for (const kinds of [
    ['course'],
    ['evaluation'],
    ['credential'],
    ['course', 'evaluation'],
    ['course', 'evaluation', 'credential'],
  ] as EvidenceKind[][]) {
    it(`${kinds.join(' + ')}: every combination of missing / valid / due soon / expired / revoked / older than an event`, () => {
      for (const scenario of SCENARIOS)
        for (const pieces of combinations(kinds)) {
          const result = complianceStatus(facts(pieces, scenario), NOW);
          expect({ scenario: scenario.name, pieces, status: result.status, dueAt: result.dueAt }).toEqual({
            scenario: scenario.name,
            pieces,
            ...expected(pieces, scenario),
          });
          expect(result.evidence).toHaveLength(kinds.length);
        }
    });
  }

  it('a valid piece alone gives its number and expiry; the course piece gives the certificate number', () => {
    const result = complianceStatus(
      facts([
        ['course', 'valid'],
        ['evaluation', 'due-soon'],
      ]),
      NOW,
    );
    expect(result).toMatchObject({
      status: 'due-soon',
      dueAt: day(10),
      validUntil: day(10),
      certificateNumber: NUMBERS.course,
    });
    expect(result.evidence).toEqual([
      {
        kind: 'course',
        refId: 'course-ref',
        status: 'compliant',
        dueAt: day(300),
        validUntil: day(300),
        number: NUMBERS.course,
      },
      {
        kind: 'evaluation',
        refId: 'evaluation-ref',
        status: 'due-soon',
        dueAt: day(10),
        validUntil: day(10),
        number: NUMBERS.evaluation,
      },
    ]);
  });

  it('the forklift case: the course alone is pending until the evaluation is held too', () => {
    const course = complianceStatus(
      facts([
        ['course', 'valid'],
        ['evaluation', 'missing'],
      ]),
      NOW,
    );
    expect(course).toMatchObject({ status: 'pending', dueAt: day(20), validUntil: day(300) });
    expect(
      complianceStatus(
        facts([
          ['course', 'valid'],
          ['evaluation', 'valid'],
        ]),
        NOW,
      ).status,
    ).toBe('compliant');
    // After the due period without the evaluation: overdue, though the certificate is valid.
    expect(
      complianceStatus(
        {
          ...facts([
            ['course', 'valid'],
            ['evaluation', 'missing'],
          ]),
          coveredSince: day(-40),
        },
        NOW,
      ).status,
    ).toBe('overdue');
  });

  it('an expired piece makes the person overdue once their own due period is over', () => {
    const old = { ...facts([['credential', 'expired']]), coveredSince: day(-400) };
    expect(complianceStatus(old, NOW)).toMatchObject({ status: 'overdue', dueAt: day(-40), validUntil: null });
  });

  it('a retraining event asks for a re-evaluation: an authorisation issued on or after its day counts', () => {
    const event = { ...base, lastEventOn: day(-3) };
    const authorisation = (issued: number) => ({
      kind: 'evaluation' as const,
      refId: 'forklift',
      held: { number: 'AUT-2026-000002', issuedAt: day(issued), expiresAt: day(900) },
    });
    expect(complianceStatus({ ...event, evidence: [authorisation(-60)] }, NOW)).toMatchObject({
      status: 'pending',
      dueAt: day(27),
    });
    expect(complianceStatus({ ...event, evidence: [authorisation(-3)] }, NOW).status).toBe('compliant');
  });

  it('an exemption in force lifts every piece, and keeps the earliest valid expiry', () => {
    const exempt = {
      ...facts([
        ['course', 'valid'],
        ['credential', 'missing'],
      ]),
      exemptUntil: day(5),
    };
    expect(complianceStatus(exempt, NOW)).toMatchObject({
      status: 'exempt',
      dueAt: null,
      validUntil: day(300),
      certificateNumber: NUMBERS.course,
    });
    expect(complianceStatus({ ...exempt, exemptUntil: day(-1) }, NOW).status).toBe('pending');
  });

  it('a requirement naming nothing is met by nothing', () => {
    expect(complianceStatus({ ...base, evidence: [] }, NOW)).toMatchObject({ status: 'pending', dueAt: day(20) });
  });

  it('a course piece alone says what the certificate rule said', () => {
    for (const state of STATES) {
      const cert = held(state, NUMBERS.course);
      const event = state === 'before-event' || state === 'due-soon' ? EVENT_ON : null;
      const legacy = complianceStatus(
        { ...base, certificate: cert && !cert.revokedAt ? cert : null, lastEventOn: event },
        NOW,
      );
      const { evidence: _pieces, ...withPieces } = complianceStatus(
        { ...base, evidence: [{ kind: 'course', refId: 'c', held: cert }], lastEventOn: event },
        NOW,
      );
      expect(withPieces).toEqual(legacy);
    }
  });
});
