import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { certificationMachine, certificationStatus, type CertificationEvent, type CertificationInput } from './certification.machine';
import { DAY_MS } from '../worker/contract/rules/compliance';

// Midnight, so a day recorded for an event is exactly one of the clock's instants.
const START = '2026-01-15T00:00:00.000Z';
const day = (days: number) => new Date(Date.parse(START) + days * DAY_MS).toISOString();

type Snapshot = ReturnType<typeof certificationMachine.getInitialSnapshot>;

function person(input: Partial<CertificationInput> = {}) {
  const actor = createActor(certificationMachine, { input: { coveredSince: START, now: START, ...input } }).start();
  const send = (...events: CertificationEvent[]) => events.forEach((event) => actor.send(event));
  const status = () => certificationStatus(actor.getSnapshot());
  return { actor, send, status, matches: (value: Parameters<Snapshot['matches']>[0]) => actor.getSnapshot().matches(value) };
}

const pass = (days: number): CertificationEvent => ({ type: 'time.pass', days });
const issue = (validDays = 365, number = 'CERT-2026-000001'): CertificationEvent => ({ type: 'certificate.issue', number, validDays });

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
    expect(renewing.actor.getSnapshot().context.certificate).toEqual({ number: 'CERT-2027-000002', issuedAt: day(340), expiresAt: day(705) });

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
    p.send({ type: 'training.start' }, issue(365), pass(340), { type: 'recertification.start' }, { type: 'event.record' });
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
});
