import { describe, expect, it } from 'vitest';
import { complianceStatus, DAY_MS, talkDueSoonDays, talkEvidence, type ComplianceFacts } from './compliance';

/** A talk on a topic every N days (issue 29): valid from the talk until N days later, then due again. */

const T0 = Date.parse('2026-06-01T07:00:00.000Z');
const at = (days: number) => new Date(T0 + days * DAY_MS);

function facts(attendedAt: string | null, everyDays = 30, dueSoonDays = 7): ComplianceFacts {
  return {
    coveredSince: '2025-01-01T00:00:00.000Z',
    dueWithinDays: 30,
    dueSoonDays,
    evidence: [
      { kind: 'talk', refId: 'topic', held: attendedAt ? talkEvidence(attendedAt, everyDays, 'TALK-1') : null },
    ],
  };
}

describe('talkEvidence', () => {
  it('is valid from the talk until exactly N days after it', () => {
    expect(talkEvidence(at(0).toISOString(), 30, 'TALK-1')).toEqual({
      number: 'TALK-1',
      issuedAt: '2026-06-01T07:00:00.000Z',
      expiresAt: '2026-07-01T07:00:00.000Z',
    });
  });

  it('makes a talk every 30 days compliant, then due soon, then overdue the moment the period ends', () => {
    const attended = at(0).toISOString();
    expect(complianceStatus(facts(attended), at(1)).status).toBe('compliant');
    expect(complianceStatus(facts(attended), at(22.9)).status).toBe('compliant');
    expect(complianceStatus(facts(attended), at(23)).status).toBe('due-soon');
    expect(complianceStatus(facts(attended), new Date(T0 + 30 * DAY_MS - 1)).status).toBe('due-soon');
    const lapsed = complianceStatus(facts(attended), at(30));
    expect(lapsed.status).toBe('overdue');
    expect(lapsed.dueAt).toBe('2026-07-01T07:00:00.000Z');
  });

  it('counts a weekly talk for seven days only', () => {
    const attended = at(0).toISOString();
    expect(complianceStatus(facts(attended, 7, 2), at(4)).status).toBe('compliant');
    expect(complianceStatus(facts(attended, 7, 2), at(6)).status).toBe('due-soon');
    expect(complianceStatus(facts(attended, 7, 2), at(7)).status).toBe('overdue');
  });

  it('under the default 30-day window, a monthly talk is due soon only in its last 7 days, not from the day it was held', () => {
    const attended = at(0).toISOString();
    // Every day of the period, checked: compliant for the first 23 days, then due soon, then overdue.
    for (let day = 0; day < 30; day++) {
      const expected = day < 23 ? 'compliant' : 'due-soon';
      expect(complianceStatus(facts(attended, 30, 30), at(day)).status, `day ${day}`).toBe(expected);
    }
    expect(complianceStatus(facts(attended, 30, 30), at(30)).status).toBe('overdue');
    // A window shorter than a quarter of the period is kept; a weekly talk is due soon on its last day.
    expect(talkDueSoonDays(3, 30)).toBe(3);
    expect(talkDueSoonDays(30, 7)).toBe(1);
    expect(talkDueSoonDays(30, 1)).toBe(1);
    expect(talkDueSoonDays(30, 366)).toBe(30);
  });

  it('is pending for someone newly covered who has not attended yet, within their due period', () => {
    const fresh = { ...facts(null), coveredSince: at(0).toISOString() };
    expect(complianceStatus(fresh, at(10)).status).toBe('pending');
    expect(complianceStatus(fresh, at(31)).status).toBe('overdue');
  });
});
