import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { identityProviderBody, providerForLogin } from './identity-providers';

const providers = [
  { id: 'acme', domains: ['acme.com', 'acme.co.uk'] },
  { id: 'globex', domains: ['globex.test'] },
];

describe('the sign-in page routes a company e-mail to its provider', () => {
  it('finds the provider of the domain, in any case and with spaces around', () => {
    expect(providerForLogin(' Maria.Lopez@ACME.co.uk ', providers)?.id).toBe('acme');
    expect(providerForLogin('x@globex.test', providers)?.id).toBe('globex');
  });

  it('leaves usernames, other domains, subdomains and half-typed addresses to the password form', () => {
    for (const login of ['maria', 'maria@', '@acme.com', 'maria@other.com', 'maria@eu.acme.com', 'a@b@acme.com']) {
      expect(providerForLogin(login, providers), login).toBeNull();
    }
  });
});

describe('an identity provider as an administrator enters it', () => {
  const base = { name: 'Acme', issuer: 'https://login.acme.com/', clientId: 'c', clientSecret: 's' };

  it('normalises the issuer and the domains', () => {
    const body = v.parse(identityProviderBody, { ...base, domains: [' @Acme.COM '] });
    expect(body.issuer).toBe('https://login.acme.com');
    expect(body.domains).toEqual(['acme.com']);
    expect(body.claimMap).toEqual({});
  });

  it('takes plain http only for a provider on this computer', () => {
    expect(v.safeParse(identityProviderBody, { ...base, issuer: 'http://127.0.0.1:4000' }).success).toBe(true);
    expect(v.safeParse(identityProviderBody, { ...base, issuer: 'http://login.acme.com' }).success).toBe(false);
    expect(v.safeParse(identityProviderBody, { ...base, issuer: 'https://login.acme.com/?tenant=1' }).success).toBe(
      false,
    );
  });
});
