import { describe, expect, it } from 'vitest';
import { api, createAdmin, createUser, DEFAULT_PASSWORD, login, userRow, type ApiResult } from './helpers';

/**
 * Issue 31 decision 2: the web client's session lives in an HttpOnly cookie; cookie-authenticated
 * changes must come from this site (Sec-Fetch-Site / Origin) and carry X-Requested-With; bearer
 * tokens keep working for API clients without either.
 */
const SITE = 'http://localhost';
const SAME_SITE = { origin: SITE, 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch' };
const NEW_PASSWORD = 'N3w!Stronger#Pass';

/** The `__Host-session` cookie a response sets, with its attributes, or null. */
function sessionSetCookie(res: ApiResult): string | null {
  const lines = (res.headers as Headers & { getSetCookie(): string[] }).getSetCookie();
  return lines.find((line) => line.startsWith('__Host-session=')) ?? null;
}

/** Signs in as a browser would (same-origin fetch) and returns the cookie pair to send back. */
async function cookieSignIn(user: { username: string; password: string }): Promise<string> {
  const res = await api('POST', '/api/auth/login', {
    body: { username: user.username, password: user.password },
    headers: SAME_SITE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const line = sessionSetCookie(res);
  expect(line).toBeTruthy();
  return line!.split(';')[0];
}

const asCookie = (cookie: string, headers: Record<string, string> = SAME_SITE) => ({ headers: { ...headers, cookie } });

/** A password change sent with the cookie (the write the CSRF cases try to forge). */
const changePassword = (cookie: string, headers: Record<string, string>) =>
  api('PUT', '/api/auth/password', {
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
    ...asCookie(cookie, headers),
  });

describe('the session cookie', () => {
  it('is set at sign-in as Secure, HttpOnly, SameSite=Lax, Path=/, for the token’s lifetime, beside the bearer token', async () => {
    const user = await createUser();
    const res = await api('POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
      headers: SAME_SITE,
    });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('Bearer');
    const line = sessionSetCookie(res)!;
    const attributes = line.split(/;\s*/).map((part) => part.toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=lax', 'path=/', `max-age=${8 * 60 * 60}`]),
    );
    expect(line).not.toMatch(/domain=/i);
    // The cookie carries the very session the bearer token is.
    expect(line.split(';')[0]).toBe(`__Host-session=${res.body.token}`);
  });

  it('authenticates reads and same-site changes with no Authorization header', async () => {
    const user = await createUser();
    const cookie = await cookieSignIn(user);
    const me = await api('GET', '/api/auth/user', asCookie(cookie, {}));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const changed = await changePassword(cookie, SAME_SITE);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The change ends every other session and continues this one in a fresh cookie.
    const fresh = sessionSetCookie(changed)!;
    expect(fresh.split(';')[0]).toBe(`__Host-session=${changed.body.token}`);
    expect((await api('GET', '/api/auth/user', asCookie(cookie, {}))).status).toBe(401);
    expect((await api('GET', '/api/auth/user', asCookie(fresh.split(';')[0], {}))).status).toBe(200);
  });

  it('refuses forged changes and changes nothing', async () => {
    const user = await createUser();
    const cookie = await cookieSignIn(user);
    const before = (await userRow(user.id))!;
    const forgeries: Record<string, Record<string, string>> = {
      // An HTML form on another site: no custom header can be added, the browser names the site.
      'cross-site form post': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // A fetch from another origin that sets the header (it would need a preflight this Worker never grants).
      'cross-origin fetch': { origin: 'https://evil.example', 'x-requested-with': 'fetch' },
      'Sec-Fetch-Site: cross-site': { origin: SITE, 'sec-fetch-site': 'cross-site', 'x-requested-with': 'fetch' },
      'sibling subdomain': { 'sec-fetch-site': 'same-site', 'x-requested-with': 'fetch' },
      'same origin without the header': { origin: SITE, 'sec-fetch-site': 'same-origin' },
      'neither Origin nor Sec-Fetch-Site': { 'x-requested-with': 'fetch' },
    };
    for (const [name, headers] of Object.entries(forgeries)) {
      const res = await changePassword(cookie, headers);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toMatchObject({ code: 'FORBIDDEN', reason: 'auth.crossSite' });
      expect(sessionSetCookie(res), name).toBeNull();
    }
    const after = (await userRow(user.id))!;
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.tokenVersion).toBe(before.tokenVersion);
    // The session itself is untouched: reads still pass.
    expect((await api('GET', '/api/auth/user', asCookie(cookie, {}))).status).toBe(200);
  });

  it('refuses a sign-in posted from another site (login CSRF) and sets no cookie', async () => {
    const user = await createUser();
    const res = await api('POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(sessionSetCookie(res)).toBeNull();
  });

  it('sign-out revokes the session and clears the cookie', async () => {
    const user = await createUser();
    const cookie = await cookieSignIn(user);
    const out = await api('POST', '/api/auth/logout', asCookie(cookie));
    expect(out.status).toBe(200);
    expect(sessionSetCookie(out)).toMatch(/^__Host-session=;.*Max-Age=0/i);
    const after = await api('GET', '/api/auth/user', asCookie(cookie, {}));
    expect(after.status).toBe(401);
    // A revoked cookie is cleared by the refusal itself.
    expect(sessionSetCookie(after)).toMatch(/Max-Age=0/i);
  });

  it('deactivation ends the cookie session at once', async () => {
    const [user, admin] = await Promise.all([createUser(), createAdmin()]);
    const cookie = await cookieSignIn(user);
    const adminToken = await login(admin);
    const res = await api('POST', `/api/users/${user.id}/deactivate`, {
      token: adminToken,
      body: { reason: 'Left the company' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await api('GET', '/api/v2/user/courses', asCookie(cookie, {}));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('ACCOUNT_DEACTIVATED');
    expect(sessionSetCookie(after)).toMatch(/Max-Age=0/i);
  });

  it('a password change in another session ends the cookie session', async () => {
    const user = await createUser();
    const cookie = await cookieSignIn(user);
    const bearer = await login(user);
    // Another session of the same user changes the password: this browser's cookie is over.
    const changed = await api('PUT', '/api/auth/password', {
      token: bearer,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const after = await api('GET', '/api/auth/user', asCookie(cookie, {}));
    expect(after.status).toBe(401);
    expect(sessionSetCookie(after)).toMatch(/Max-Age=0/i);
  });
});

describe('bearer tokens', () => {
  it('need no CSRF headers, even beside a cookie or with a foreign Origin', async () => {
    const user = await createUser();
    const token = await login(user);
    const res = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
      headers: { origin: 'https://tool.example' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const out = await api('POST', '/api/auth/logout', { token: res.body.token });
    expect(out.status).toBe(200);
    expect((await api('GET', '/api/auth/user', { token: res.body.token })).status).toBe(401);
  });
});
