import { describe, expect, it } from 'vitest';
import { canRecertify, complianceStatus, DAY_MS, lapsesAt, mergeResults, type ComplianceFacts } from './compliance';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const day = (offset: number) => new Date(NOW + offset * DAY_MS).toISOString();
const base: ComplianceFacts = { coveredSince: day(-10), dueWithinDays: 30, dueSoonDays: 30 };
const cert = (issued: number, expires: number) => ({
  number: 'CERT-2026-000001',
  issuedAt: day(issued),
  expiresAt: day(expires),
});

describe('complianceStatus', () => {
  it('pending while the due period runs, overdue after it', () => {
    expect(complianceStatus(base, NOW)).toEqual({
      status: 'pending',
      dueAt: day(20),
      validUntil: null,
      certificateNumber: null,
    });
    expect(complianceStatus({ ...base, coveredSince: day(-31) }, NOW).status).toBe('overdue');
  });

  it('compliant with a valid certificate, due soon inside the window, overdue once it expired', () => {
    expect(complianceStatus({ ...base, certificate: cert(-10, 100) }, NOW)).toMatchObject({
      status: 'compliant',
      validUntil: day(100),
      dueAt: day(100),
    });
    expect(complianceStatus({ ...base, certificate: cert(-300, 30) }, NOW).status).toBe('due-soon');
    expect(complianceStatus({ ...base, coveredSince: day(-400), certificate: cert(-400, -35) }, NOW)).toMatchObject({
      status: 'overdue',
      dueAt: day(-35),
      validUntil: null,
    });
  });

  it('a newly covered person with an old expired certificate still gets the due period', () => {
    expect(complianceStatus({ ...base, coveredSince: day(-2), certificate: cert(-500, -135) }, NOW)).toMatchObject({
      status: 'pending',
      dueAt: day(28),
    });
  });

  it('an exemption wins while it lasts', () => {
    expect(complianceStatus({ ...base, coveredSince: day(-90), exemptUntil: day(5) }, NOW)).toMatchObject({
      status: 'exempt',
      dueAt: null,
    });
    expect(complianceStatus({ ...base, coveredSince: day(-90), exemptUntil: day(-1) }, NOW).status).toBe('overdue');
  });

  it('an event asks a certified person to retrain within the due period', () => {
    const facts = { ...base, certificate: cert(-100, 265), lastEventOn: day(-5) };
    expect(complianceStatus(facts, NOW)).toMatchObject({ status: 'pending', dueAt: day(25), validUntil: day(265) });
    expect(complianceStatus({ ...facts, lastEventOn: day(-40) }, NOW).status).toBe('overdue');
    // A certificate issued after the event settles it.
    expect(complianceStatus({ ...facts, certificate: cert(-1, 364) }, NOW).status).toBe('compliant');
  });

  it('an event never turns an overdue person pending, nor moves a due date later', () => {
    expect(complianceStatus({ ...base, coveredSince: day(-60), lastEventOn: day(0) }, NOW).status).toBe('overdue');
    expect(
      complianceStatus({ ...base, coveredSince: day(-400), certificate: cert(-400, -35), lastEventOn: day(0) }, NOW)
        .status,
    ).toBe('overdue');
    expect(complianceStatus({ ...base, lastEventOn: day(-1) }, NOW).dueAt).toBe(day(20));
    expect(complianceStatus({ ...base, dueWithinDays: 30, lastEventOn: day(-25) }, NOW).dueAt).toBe(day(5));
  });
});

describe('merging and lapsing', () => {
  it('the most severe status wins, then the earliest due date', () => {
    const a = { status: 'compliant' as const, dueAt: day(100), validUntil: day(100), certificateNumber: 'A' };
    const b = { status: 'pending' as const, dueAt: day(20), validUntil: null, certificateNumber: null };
    const c = { status: 'pending' as const, dueAt: day(10), validUntil: null, certificateNumber: null };
    expect(mergeResults([a, b, c])).toBe(c);
    expect(mergeResults([])).toBeNull();
  });
  it('overdue and exempt items do not lapse again; the rest lapse at their due date', () => {
    expect(lapsesAt({ status: 'overdue', dueAt: day(-1), validUntil: null, certificateNumber: null })).toBeNull();
    expect(lapsesAt({ status: 'due-soon', dueAt: day(3), validUntil: day(3), certificateNumber: 'X' })).toBe(day(3));
  });
});

describe('canRecertify', () => {
  it('opens inside the window before expiry, after expiry, after revocation, or after an event', () => {
    expect(canRecertify({ issuedAt: day(-300), expiresAt: day(65) }, 30, NOW)).toBe(false);
    expect(canRecertify({ issuedAt: day(-340), expiresAt: day(25) }, 30, NOW)).toBe(true);
    expect(canRecertify({ issuedAt: day(-400), expiresAt: day(-35) }, 30, NOW)).toBe(true);
    expect(canRecertify({ issuedAt: day(-10), expiresAt: day(355), revokedAt: day(-1) }, 30, NOW)).toBe(true);
    expect(canRecertify({ issuedAt: day(-10), expiresAt: day(355) }, 30, NOW, day(-2))).toBe(true);
  });
});
