import { describe, expect, it } from 'vitest';
import { credentialProblems, credentialStanding } from './credentials';

const today = '2026-11-28';

describe('credentialStanding (valid through its expiry day, Expiring soon within 30 days)', () => {
  it.each([
    ['PENDING', '2026-12-01', 'pending'],
    ['REJECTED', '2030-01-01', 'rejected'],
    ['APPROVED', null, 'approved'],
    ['APPROVED', '2027-01-01', 'approved'],
    ['APPROVED', '2026-12-29', 'approved'],
    ['APPROVED', '2026-12-28', 'expiringSoon'],
    ['APPROVED', '2026-11-28', 'expiringSoon'],
    ['APPROVED', '2026-11-27', 'expired'],
  ] as const)('%s expiring %s reads %s', (status, expiresOn, standing) => {
    expect(credentialStanding({ status, expiresOn }, today)).toBe(standing);
  });
});

describe('credentialProblems (what the type asks for, dates in order)', () => {
  const type = {
    expires: true,
    requiresIssuer: true,
    requiresNumber: true,
    requiresIssueDate: true,
    requiresExpiryDate: true,
    requiresScan: true,
  };
  const good = { issuer: 'Red Cross', number: 'A1', issuedOn: '2026-01-01', expiresOn: '2028-01-01' };

  it('accepts a complete submission', () => {
    expect(credentialProblems(type, good, true, today)).toEqual({});
  });

  it('names every missing required field', () => {
    expect(
      credentialProblems(type, { issuer: null, number: null, issuedOn: null, expiresOn: null }, false, today),
    ).toEqual({
      issuer: 'credential.issuerRequired',
      number: 'credential.numberRequired',
      issuedOn: 'credential.issuedRequired',
      expiresOn: 'credential.expiresRequired',
      scan: 'credential.scanRequired',
    });
  });

  it('asks only what the type requires', () => {
    const loose = {
      ...type,
      requiresIssuer: false,
      requiresNumber: false,
      requiresIssueDate: false,
      requiresScan: false,
    };
    expect(credentialProblems(loose, { ...good, issuer: null, number: null, issuedOn: null }, false, today)).toEqual(
      {},
    );
  });

  it.each([
    [{ issuedOn: '2026-11-29' }, { issuedOn: 'credential.issuedFuture' }],
    [{ issuedOn: '2026-06-01', expiresOn: '2026-06-01' }, { expiresOn: 'credential.expiresOrder' }],
    [{ issuedOn: '2026-06-01', expiresOn: '2026-05-01' }, { expiresOn: 'credential.expiresOrder' }],
    [{ issuedOn: '2025-01-01', expiresOn: '2026-11-27' }, { expiresOn: 'credential.expiresPast' }],
    [{ issuedOn: '2025-01-01', expiresOn: today }, {}],
  ])('dates %o -> %o', (dates, problems) => {
    expect(credentialProblems(type, { ...good, ...dates }, true, today)).toEqual(problems);
  });

  it('ignores an expiry date on a type that does not expire', () => {
    const lifelong = { ...type, expires: false };
    expect(credentialProblems(lifelong, { ...good, expiresOn: '2000-01-01' }, true, today)).toEqual({});
    expect(credentialProblems(lifelong, { ...good, expiresOn: null }, true, today)).toEqual({});
  });
});
