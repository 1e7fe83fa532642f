import { eq } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { api, db, freshIp, schema } from './helpers';

/*
 * Company sign-in through the real OpenID provider the API projects start (test/e2e/oidc-global-setup.ts).
 * Each test configures a provider of its own (a unique name and e-mail domain) pointing at it.
 */

export const issuer = inject('oidcIssuer');
export const TEST_CLIENT = { clientId: 'ehs-test-client', clientSecret: 'test-client-secret-0123456789' };

let counter = 0;
export const uniqueDomain = () => `co${++counter}-${crypto.randomUUID().slice(0, 8)}.test`;

/** Drives the test provider: register an account, rotate its keys, tamper with its next ID tokens. */
export async function control(path: 'accounts' | 'rotate' | 'tamper', body: unknown = {}) {
  const response = await fetch(`${issuer}/__test/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(204);
}

export async function addAccount(sub: string, claims: Record<string, unknown>) {
  await control('accounts', { sub, claims: { email_verified: true, ...claims } });
}

export async function createProvider(token: string, overrides: Record<string, unknown> = {}) {
  const domain = uniqueDomain();
  const res = await api('POST', '/api/v2/admin/identity-providers', {
    token,
    body: {
      name: `Company ${domain}`,
      issuer,
      clientId: TEST_CLIENT.clientId,
      clientSecret: TEST_CLIENT.clientSecret,
      domains: [domain],
      ...overrides,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.provider.id as string, domain, name: res.body.provider.name as string };
}

/** A browser's cookies for the provider's origin (its interaction and session cookies). */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getAll('set-cookie')) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Starts a sign-in and goes through the provider's login page as `sub`, as a browser would; answers
 * the callback address the provider sends the browser back to (path and query).
 */
export async function throughProvider(providerId: string, sub: string): Promise<string> {
  // Each from an address of its own: starts are rate-limited per address (like failed sign-ins).
  const start = await api('GET', `/api/auth/oidc/${providerId}/start`, { headers: freshIp() });
  expect(start.status, JSON.stringify(start.body)).toBe(302);
  return walkProvider(start.headers.get('location')!, sub);
}

/** From the provider's authorization address through its login page as `sub` to the callback address. */
async function walkProvider(authorizationUrl: string, sub: string): Promise<string> {
  let location = authorizationUrl;
  expect(location.startsWith(issuer)).toBe(true);
  const jar = new Jar();
  for (let hop = 0; hop < 10; hop++) {
    const url = new URL(location, issuer);
    if (url.pathname === '/api/auth/oidc/callback') return `${url.pathname}${url.search}`;
    const login = url.pathname.match(/^\/interaction\/[\w-]+$/);
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    if (login) {
      expect(response.status).toBe(200);
      await response.text();
      response = await fetch(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: sub }),
      });
      jar.take(response);
    } else {
      await response.text();
    }
    expect([302, 303], `${url}`).toContain(response.status);
    location = response.headers.get('location')!;
  }
  throw new Error('The provider never sent the browser back');
}

/** The callback's answer: the hand-off code, or the refusal the sign-in page is sent. */
export async function callback(path: string) {
  const res = await api('GET', path);
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get('location')!);
  expect(url.pathname).toBe('/sign-in/complete');
  return { code: url.searchParams.get('code'), error: url.searchParams.get('error') };
}

/** A whole sign-in: through the provider, the callback and the exchange (the login's answer). */
export async function signInThrough(providerId: string, sub: string) {
  const back = await callback(await throughProvider(providerId, sub));
  if (!back.code) return { error: back.error, exchange: null };
  const exchange = await api('POST', '/api/auth/oidc/exchange', { body: { code: back.code } });
  return { error: null, exchange };
}

/**
 * A signed-in person re-authenticates to sign (issue 32 item 5): the reauth start, the provider's
 * login page as `sub`, the callback. Answers where the pop-up lands: the proof, or the refusal.
 */
export async function reauthThrough(token: string, purpose: string, subjectId: string, sub: string) {
  const start = await api('POST', '/api/auth/oidc/reauth', { token, body: { purpose, subjectId } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const url = new URL(start.body.url);
  expect(url.searchParams.get('prompt')).toBe('login');
  expect(url.searchParams.get('max_age')).toBe('0');
  const res = await api('GET', await walkProvider(start.body.url, sub));
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/sign/confirmed');
  expect(back.searchParams.get('purpose')).toBe(purpose);
  expect(back.searchParams.get('subject')).toBe(subjectId);
  return { proof: back.searchParams.get('proof'), error: back.searchParams.get('error') };
}

export async function lastErrors(providerId: string) {
  return db
    .select()
    .from(schema.identityProviderErrors)
    .where(eq(schema.identityProviderErrors.providerId, providerId));
}
