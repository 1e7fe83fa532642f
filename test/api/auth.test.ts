import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../worker/contract/rules/password';
import { PBKDF2_ITERATIONS } from '../../worker/services/password';
import { api, createAdmin, createUser, db, DEFAULT_PASSWORD, login, mailsTo, schema, userRow } from './helpers';

async function lastResetToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = mail?.bodyText.match(/token=([A-Za-z0-9_%-]+)/);
  expect(match, 'reset mail with a link').toBeTruthy();
  return decodeURIComponent(match![1]);
}

describe('login', () => {
  it('signs in by username, case-insensitively, and returns the session user without secrets', async () => {
    const user = await createUser({ username: 'Maria.Lopez' });
    const res = await api('POST', '/api/auth/login', { body: { username: 'MARIA.LOPEZ', password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'Bearer',
      id: user.id,
      username: 'Maria.Lopez',
      role: 'USER',
      roles: ['USER'],
      isAdmin: false,
      mustChangePassword: false,
    });
    expect(typeof res.body.token).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/pbkdf2|passwordHash|tempPassword/);
  });

  it('signs in by e-mail address', async () => {
    const user = await createUser({ email: 'Worker.One@Example.test' });
    const res = await api('POST', '/api/auth/login', {
      body: { username: 'worker.one@example.test', password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown user with the same 401', async () => {
    const user = await createUser();
    const wrong = await api('POST', '/api/auth/login', { body: { username: user.username, password: 'Wrong#Pass1' } });
    const unknown = await api('POST', '/api/auth/login', {
      body: { username: 'nobody-here', password: 'Wrong#Pass1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers missing fields with a message per field', async () => {
    const res = await api('POST', '/api/auth/login', { body: { username: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('answers malformed JSON with a clear 400 and no stack trace', async () => {
    const res = await api('POST', '/api/auth/login', {
      raw: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
  });

  it('locks an account after 5 failed attempts, even for the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/auth/login', {
        body: { username: user.username, password: `Wrong#${i}aaa` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await api('POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(locked.headers.get('retry-after')).toBe('900');
  });

  it('allows no more than 5 password guesses per account when the guesses arrive all at once', async () => {
    const user = await createUser();
    const headers = { 'cf-connecting-ip': '198.51.100.23' };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api('POST', '/api/auth/login', { headers, body: { username: user.username, password: `Wrong#${i}burst` } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    const seen = JSON.stringify(results.map((r) => [r.status, r.body?.code]));
    expect(statuses.filter((s) => s === 401).length, seen).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length, seen).toBeGreaterThanOrEqual(7);
  });

  it('does not count successful sign-ins against the shared IP limit (a site office behind one address)', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.99' };
    for (let i = 0; i < 32; i++) {
      const user = await createUser();
      const res = await api('POST', '/api/auth/login', {
        headers,
        body: { username: user.username, password: user.password },
      });
      expect(res.status).toBe(200);
    }
  });

  it('hashes with PBKDF2-SHA256 at exactly the 100,000 iterations production allows', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const user = await createUser();
    const row = await userRow(user.id);
    expect(row?.passwordHash).toMatch(/^pbkdf2\$sha256\$100000\$/);
  });
});

describe('session', () => {
  it('returns the current user for a valid token and 401 without one', async () => {
    const user = await createUser();
    const token = await login(user);
    const me = await api('GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, username: user.username });
    expect(me.body.token).toBeUndefined();
    expect((await api('GET', '/api/auth/user')).status).toBe(401);
    expect((await api('GET', '/api/auth/user', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('logout revokes the token on the server', async () => {
    const user = await createUser();
    const token = await login(user);
    const out = await api('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    const after = await api('GET', '/api/auth/user', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    // Another session of the same user is unaffected.
    expect((await api('GET', '/api/auth/user', { token: await login(user) })).status).toBe(200);
  });

  it('answers 401 to a visitor and 403 to a learner on an admin route, and lets an admin through', async () => {
    const learner = await createUser();
    const admin = await createAdmin();
    const path = '/api/v2/admin/dashboard/stats';
    expect((await api('GET', path)).status).toBe(401);
    const asLearner = await api('GET', path, { token: await login(learner) });
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.code).toBe('FORBIDDEN');
    expect((await api('GET', path, { token: await login(admin) })).status).not.toBe(403);
  });

  it('answers 401 to a visitor on a learner route', async () => {
    const res = await api('GET', '/api/v2/user/courses');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('sends security headers and a request id on API responses', async () => {
    const res = await api('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers the readiness probe through the database, without a session', async () => {
    const res = await api('GET', '/api/health/db');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get('cache-control')).toContain('no-store');
  });
});

describe('forced password change', () => {
  it('refuses other calls until an admin-generated password is changed', async () => {
    const user = await createUser({ mustChangePassword: true, tempPasswordEnc: 'sealed' });
    const token = await login(user);
    const me = await api('GET', '/api/auth/user', { token });
    expect(me.body.mustChangePassword).toBe(true);
    const blocked = await api('GET', '/api/v2/user/courses', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const weak = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: user.password, newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.newPassword).toBe(PASSWORD_MESSAGES.length);

    const changed = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: user.password, newPassword: 'N3w!Passphrase' },
    });
    expect(changed.status).toBe(200);
    const row = await userRow(user.id);
    expect(row?.mustChangePassword).toBe(false);
    expect(row?.tempPasswordEnc).toBeNull();
    // The old token is retired; the one returned continues the session.
    expect((await api('GET', '/api/auth/user', { token })).status).toBe(401);
    const fresh = await api('GET', '/api/v2/user/courses', { token: changed.body.token });
    expect(fresh.status).not.toBe(403);
  });

  it('refuses a wrong current password', async () => {
    const user = await createUser();
    const token = await login(user);
    const res = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: 'Wrong#Pass1', newPassword: 'N3w!Passphrase' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
  });

  it('stops guessing the current password through a session after 5 wrong tries, even for the right one', async () => {
    const user = await createUser();
    const token = await login(user);
    for (let i = 0; i < 5; i++) {
      const res = await api('PUT', '/api/auth/password', {
        token,
        body: { currentPassword: `Wrong#${i}guess`, newPassword: 'N3w!Passphrase' },
      });
      expect(res.status).toBe(400);
    }
    const locked = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: user.password, newPassword: 'N3w!Passphrase' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect((await api('GET', '/api/auth/user', { token })).status).toBe(200);
  });
});

describe('password reset', () => {
  const FORGOT = "If your email exists in our system, we've sent a password reset link. Please check your inbox.";

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await createUser();
    const known = await api('POST', '/api/auth/forgot-password', { body: { email: user.email.toUpperCase() } });
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.test' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: FORGOT });
    expect(unknown.body).toEqual({ message: FORGOT });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, 'ghost@example.test'))).toEqual([]);
  });

  it('validates the e-mail address', async () => {
    const missing = await api('POST', '/api/auth/forgot-password', { body: {} });
    expect(missing.body.fields).toEqual({ email: 'Email is required' });
    const bad = await api('POST', '/api/auth/forgot-password', { body: { email: 'not-an-email' } });
    expect(bad.body.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('stores only a hash of the token and resets the password once', async () => {
    const user = await createUser();
    await api('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await lastResetToken(user.email);
    const stored = await db
      .select()
      .from(schema.passwordResetTokens)
      .where(eq(schema.passwordResetTokens.userId, user.id))
      .get();
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await api('GET', `/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`)).body).toEqual({
      valid: true,
    });
    const sessionBefore = await login(user);

    const reset = await api('POST', '/api/auth/reset-password', { body: { token, password: 'Br4nd!NewPass' } });
    expect(reset.status).toBe(200);
    expect(
      (await api('POST', '/api/auth/login', { body: { username: user.username, password: 'Br4nd!NewPass' } })).status,
    ).toBe(200);
    expect(
      (await api('POST', '/api/auth/login', { body: { username: user.username, password: user.password } })).status,
    ).toBe(401);
    // Sessions opened before the reset end.
    expect((await api('GET', '/api/auth/user', { token: sessionBefore })).status).toBe(401);

    const reused = await api('POST', '/api/auth/reset-password', { body: { token, password: 'An0ther!Pass' } });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('Your password reset link has expired. Please request a new one.');
    expect((await api('GET', `/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`)).status).toBe(400);
  });

  it('refuses an expired token and changes nothing', async () => {
    const user = await createUser();
    await api('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await lastResetToken(user.email);
    await db
      .update(schema.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(schema.passwordResetTokens.userId, user.id));
    const validate = await api('GET', `/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`);
    expect(validate.status).toBe(400);
    expect(validate.body.message).toBe('Invalid or expired password reset link. Please request a new one.');
    const before = await userRow(user.id);
    const res = await api('POST', '/api/auth/reset-password', { body: { token, password: 'Br4nd!NewPass' } });
    expect(res.status).toBe(401);
    expect((await userRow(user.id))?.passwordHash).toBe(before?.passwordHash);
  });

  it('refuses an unknown token', async () => {
    expect((await api('GET', '/api/auth/reset-password/validate?token=made-up')).status).toBe(400);
    expect((await api('GET', '/api/auth/reset-password/validate')).status).toBe(400);
    const res = await api('POST', '/api/auth/reset-password', {
      body: { token: 'made-up', password: 'Br4nd!NewPass' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('RESET_TOKEN_INVALID');
  });

  it.each([
    ['short', PASSWORD_MESSAGES.length],
    ['alllowercase1!', PASSWORD_MESSAGES.classes],
    ['NoDigits!here', PASSWORD_MESSAGES.classes],
    ['MySafety#2026', PASSWORD_MESSAGES.banned],
    ['Osha!Rules2026', PASSWORD_MESSAGES.banned],
  ])('applies the password policy to %s', async (password, message) => {
    const user = await createUser();
    await api('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await lastResetToken(user.email);
    const res = await api('POST', '/api/auth/reset-password', { body: { token, password } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED', fields: { password: message } });
    // The token is not spent by a refused attempt.
    expect((await api('GET', `/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`)).status).toBe(200);
  });

  it('rate limits reset requests for one address without revealing it', async () => {
    const user = await createUser();
    for (let i = 0; i < 7; i++) {
      const res = await api('POST', '/api/auth/forgot-password', { body: { email: user.email } });
      expect(res.status).toBe(200);
    }
    expect(await mailsTo(user.email, 5)).toHaveLength(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, user.email))).toHaveLength(5);
  });
});

it('keeps the demo default password in the policy', async () => {
  const { passwordPolicyError } = await import('../../worker/contract/rules/password');
  expect(passwordPolicyError(DEFAULT_PASSWORD)).toBeNull();
  expect(passwordPolicyError('Admin#2026demo')).toBeNull();
  expect(passwordPolicyError('Learner#2026demo')).toBeNull();
});
