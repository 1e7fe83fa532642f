import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  certificationMachine,
  certificationStatus,
  type CertificationContext,
  type CertificationEvent,
  type CertificationInput,
} from './certification.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { complianceStatus, DAY_MS, type ComplianceStatus } from '../worker/contract/rules/compliance';

// Midnight, so a day recorded for an event is exactly one of the clock's instants.
const START = '2026-01-15T00:00:00.000Z';
const day = (days: number) => new Date(Date.parse(START) + days * DAY_MS).toISOString();

type Snapshot = ReturnType<typeof certificationMachine.getInitialSnapshot>;

const ruleStatus = (context: CertificationContext): ComplianceStatus =>
  complianceStatus(context, Date.parse(context.now)).status;

function person(input: Partial<CertificationInput> = {}) {
  const actor = createActor(certificationMachine, { input: { coveredSince: START, now: START, ...input } }).start();
  const send = (...events: CertificationEvent[]) =>
    events.forEach((event) => {
      actor.send(event);
    });
  const status = () => certificationStatus(actor.getSnapshot());
  return {
    actor,
    send,
    status,
    matches: (value: Parameters<Snapshot['matches']>[0]) => actor.getSnapshot().matches(value),
  };
}

const pass = (days: number): CertificationEvent => ({ type: 'time.pass', days });
const issue = (validDays = 365, number = 'CERT-2026-000001'): CertificationEvent => ({
  type: 'certificate.issue',
  number,
  validDays,
});

describe('certification machine', () => {
  it('keeps a newly covered person pending through training and makes them overdue when the due period passes without a certificate', () => {
    const p = person();
    expect(p.status()).toBe('pending');
    p.send({ type: 'training.start' }, pass(29));
    expect(p.matches('inTraining')).toBe(true);
    expect(p.status()).toBe('pending');
    p.send(pass(1));
    expect(p.matches({ overdue: 'training' })).toBe(true);
    p.send(issue());
    expect(p.status()).toBe('compliant');
  });

  it('makes a certified person due soon 30 days before expiry and overdue once the certificate expires', () => {
    const p = person();
    p.send({ type: 'training.start' }, issue(365), pass(334));
    expect(p.status()).toBe('compliant');
    p.send(pass(1));
    expect(p.status()).toBe('due-soon');
    p.send(pass(29));
    expect(p.status()).toBe('due-soon');
    p.send(pass(1));
    expect(p.matches({ overdue: 'waiting' })).toBe(true);
  });

  it('takes a long-absent certified person straight from compliant to overdue', () => {
    const p = person();
    p.send({ type: 'training.start' }, issue(365), pass(400));
    expect(p.matches('overdue')).toBe(true);
  });

  it('keeps a person renewing due soon until the new certificate, and overdue if the old one expires first', () => {
    const renewing = person();
    renewing.send({ type: 'training.start' }, issue(365), pass(340), { type: 'recertification.start' });
    expect(renewing.matches('recertifying')).toBe(true);
    expect(renewing.status()).toBe('due-soon');
    renewing.send(issue(365, 'CERT-2027-000002'));
    expect(renewing.status()).toBe('compliant');
    expect(renewing.actor.getSnapshot().context.certificate).toEqual({
      number: 'CERT-2027-000002',
      issuedAt: day(340),
      expiresAt: day(705),
    });

    const late = person();
    late.send({ type: 'training.start' }, issue(365), pass(340), { type: 'recertification.start' }, pass(25));
    expect(late.matches({ overdue: 'training' })).toBe(true);
    late.send(issue(365, 'CERT-2027-000003'));
    expect(late.status()).toBe('compliant');
  });

  it('makes a compliant person pending after a retraining event, until a certificate issued after the event', () => {
    const p = person();
    p.send({ type: 'training.start' }, issue(365), pass(100), { type: 'event.record' });
    expect(p.matches('pending')).toBe(true);
    expect(p.actor.getSnapshot().context.lastEventOn).toBe(day(100).slice(0, 10));
    // The old certificate is still valid, but the event's due period runs out regardless.
    p.send(pass(30));
    expect(p.status()).toBe('overdue');
    p.send({ type: 'training.start' }, issue(365, 'CERT-2026-000009'));
    expect(p.status()).toBe('compliant');
  });

  it('sends a person renewing back to training, still pending, after a retraining event', () => {
    const p = person();
    p.send(
      { type: 'training.start' },
      issue(365),
      pass(340),
      { type: 'recertification.start' },
      { type: 'event.record' },
    );
    expect(p.matches('inTraining')).toBe(true);
    expect(p.status()).toBe('pending');
  });

  it('lets an exemption override overdue, and returns the person to overdue when it lapses or is lifted', () => {
    const lapsing = person({ coveredSince: day(-60) });
    expect(lapsing.status()).toBe('overdue');
    lapsing.send({ type: 'exemption.grant', days: 10 });
    expect(lapsing.status()).toBe('exempt');
    lapsing.send(pass(9));
    expect(lapsing.status()).toBe('exempt');
    lapsing.send(pass(1));
    expect(lapsing.status()).toBe('overdue');

    const lifted = person({ coveredSince: day(-60) });
    lifted.send({ type: 'exemption.grant', days: 90 }, { type: 'exemption.end' });
    expect(lifted.status()).toBe('overdue');
    expect(lifted.actor.getSnapshot().context.exemptUntil).toBeNull();
  });

  it('returns an exempted person to where the facts place them when the exemption ends, not where they were', () => {
    const p = person();
    p.send({ type: 'training.start' }, issue(365), pass(300), { type: 'exemption.grant', days: 60 });
    expect(p.status()).toBe('exempt');
    p.send(pass(40));
    expect(p.status()).toBe('exempt');
    p.send({ type: 'exemption.end' });
    expect(p.matches('dueSoon')).toBe(true);
  });

  it('gives a new joiner whose certificate expires early the rest of their due period', () => {
    const p = person({ certificate: { number: 'CERT-2025-000100', issuedAt: day(-360), expiresAt: day(5) } });
    expect(p.status()).toBe('due-soon');
    p.send(pass(5));
    expect(p.matches('pending')).toBe(true);
    p.send(pass(25));
    expect(p.status()).toBe('overdue');
  });

  it('ignores a clock told to run backwards', () => {
    const p = person({ coveredSince: day(-60) });
    p.send(pass(-100));
    expect(p.actor.getSnapshot().context.now).toBe(START);
    expect(p.status()).toBe('overdue');
  });

  it('agrees with the rule on random histories with real-world periods', () => {
    const event = fc.oneof(
      fc.constantFrom<CertificationEvent>(
        { type: 'training.start' },
        { type: 'recertification.start' },
        { type: 'exemption.end' },
        { type: 'event.record' },
      ),
      fc.integer({ min: 1, max: 400 }).map(pass),
      fc.integer({ min: 1, max: 730 }).map((validDays) => issue(validDays)),
      fc.integer({ min: 1, max: 90 }).map((days): CertificationEvent => ({ type: 'exemption.grant', days })),
    );
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 0 }), fc.array(event, { maxLength: 40 }), (coveredDaysAgo, events) => {
        const p = person({ coveredSince: day(coveredDaysAgo) });
        for (const e of [null, ...events]) {
          if (e) p.actor.send(e);
          const snapshot = p.actor.getSnapshot();
          if (p.status() !== ruleStatus(snapshot.context)) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe('certification machine: every path agrees with the compliance rule (xstate/graph)', () => {
  /*
   * Short periods keep the graph small; the rule only compares dates, so 2, 2, 4 and 2 days take
   * the same turns as 30, 30, 365 and 10 as long as each outlasts a one-day step. Steps of one day
   * land on every boundary; a five-day step jumps over whole periods.
   */
  const DUE_WITHIN = 2;
  const DUE_SOON = 2;
  const VALID = 4;
  const EXEMPT = 2;
  const JUMP = 5;
  const facts = { dueWithinDays: DUE_WITHIN, dueSoonDays: DUE_SOON };

  /*
   * A graph node is the state plus each date's offset from the clock, offsets further back than
   * the due period counted as one, and whether the certificate predates the event. The rule
   * compares a date only with the clock (moved later by at most the due period) or the
   * certificate's issue with the event day, and every event adds dates relative to the clock, so
   * two snapshots with the same node have the same future: the graph is finite, and checking every
   * node and every edge checks every sequence of these events, however long.
   */
  const offset = (context: CertificationContext, iso: string | null | undefined) =>
    iso == null ? null : Math.max(-DUE_WITHIN, (Date.parse(iso) - Date.parse(context.now)) / DAY_MS);
  const serializeState = (snapshot: AnyMachineSnapshot) => {
    const c = snapshot.context as CertificationContext;
    const cert = c.certificate;
    return JSON.stringify([
      snapshot.value,
      offset(c, c.coveredSince),
      cert && [offset(c, cert.issuedAt), offset(c, cert.expiresAt)],
      offset(c, c.lastEventOn),
      offset(c, c.exemptUntil),
      cert != null && c.lastEventOn != null && Date.parse(cert.issuedAt) < Date.parse(c.lastEventOn),
    ]);
  };

  const disagreements: string[] = [];
  const seen = new Set<string>();
  const agree = (snapshot: AnyMachineSnapshot, trail: string[]) => {
    const machine = certificationStatus(snapshot as Snapshot);
    const rule = ruleStatus(snapshot.context as CertificationContext);
    seen.add(`${JSON.stringify(snapshot.value)} ${machine}`);
    if (machine !== rule) disagreements.push(`${trail.join(' > ') || 'start'}: machine ${machine}, rule ${rule}`);
  };

  const walk = walkGraph<{ trail: string[] }>({
    machine: certificationMachine,
    inputs: [
      { coveredSince: START, now: START, ...facts },
      // Certified before being covered, the certificate expiring inside the new due period.
      {
        coveredSince: START,
        now: START,
        ...facts,
        certificate: { number: 'CERT-0', issuedAt: day(1 - VALID), expiresAt: day(1) },
      },
      // Exempt on arrival, and overdue once the exemption lapses.
      { coveredSince: day(-10), now: START, ...facts, exemptUntil: day(EXEMPT) },
    ],
    events: [
      { type: 'training.start' },
      { type: 'recertification.start' },
      { type: 'certificate.issue', number: 'CERT-1', validDays: VALID },
      { type: 'exemption.grant', days: EXEMPT },
      { type: 'exemption.end' },
      { type: 'event.record' },
      { type: 'time.pass', days: 1 },
      { type: 'time.pass', days: JUMP },
    ],
    serializeState,
    start: (input, inspect) => {
      const actor = createActor(certificationMachine, { input: input as CertificationInput, inspect });
      return { actor, effects: { trail: [] } };
    },
    check: ({ event, before, after, effects }) => {
      if (effects.trail.length === 0) agree(before, []);
      const sent = event as CertificationEvent;
      effects.trail.push(sent.type === 'time.pass' ? `time.pass(${sent.days})` : sent.type);
      agree(after, effects.trail);
    },
  });

  it('agrees with complianceStatus after every step of every path', () => {
    expect(disagreements.slice(0, 5), `${disagreements.length} steps disagree`).toEqual([]);
    expect(walk.steps).toBeGreaterThan(1000);
  });

  it('reaches every state node and takes every transition, landing where the model says', () => {
    expectWholeGraph(walk);
  });

  it('meets each status in the states tagged with it', () => {
    expect([...seen].sort()).toEqual(
      [
        '"compliant" compliant',
        '"dueSoon" due-soon',
        '"exempt" exempt',
        '"inTraining" pending',
        '"pending" pending',
        '"recertifying" due-soon',
        '{"overdue":"training"} overdue',
        '{"overdue":"waiting"} overdue',
      ].sort(),
    );
  });
});
