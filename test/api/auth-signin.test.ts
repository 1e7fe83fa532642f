import { like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toBase64 } from '../../worker/services/crypto';
import { RATE_RULES } from '../../worker/services/rate-limit';
import { api, createUser, db, DEFAULT_PASSWORD, freshIp, mailsTo, schema, signIn } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function resetTokenFor(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = mail?.bodyText.match(/token=([A-Za-z0-9_%-]+)/);
  expect(match, 'reset mail with a link').toBeTruthy();
  return decodeURIComponent(match![1]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-in resolves one way', () => {
  it("signs in by the e-mail column for input with '@', even when an older row's username holds that address", async () => {
    // Rows written before the rule: an older account whose username is a newer account's e-mail.
    const squatter = await createUser({
      username: 'shared.name@example.test',
      email: 'squatter@example.test',
      password: 'Squ4tter!Pass',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    const owner = await createUser({ email: 'Shared.Name@example.test', createdAt: '2024-01-01T00:00:00.000Z' });
    const asOwner = await signIn('shared.name@example.test', owner.password);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.id).toBe(owner.id);
    expect((await signIn('shared.name@example.test', squatter.password)).status).toBe(401);
    expect((await signIn('squatter@example.test', squatter.password)).body.id).toBe(squatter.id);
  });
});

async function cheapHash(password: string, iterations = 1000): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return `pbkdf2$sha256$${iterations}$${toBase64(salt)}$${toBase64(bits)}`;
}

describe('sign-in limits count failures only', () => {
  it('lets 500 different learners sign in at once from one address (a plant behind one NAT)', async () => {
    // One hash for all 500 rows, at 1,000 iterations (a stored hash states its own count): the test
    // is about the limits, and 500 full-strength checks would take most of its time.
    const passwordHash = await cheapHash(DEFAULT_PASSWORD);
    const stamp = crypto.randomUUID().slice(0, 8);
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: crypto.randomUUID(),
      username: `nat${stamp}_${i}`,
      email: `nat${stamp}_${i}@example.test`,
      passwordHash,
      role: 'USER' as const,
    }));
    const inserts = rows.map((row) => db.insert(schema.users).values(row));
    for (let i = 0; i < inserts.length; i += 100)
      await db.batch(inserts.slice(i, i + 100) as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
    const headers = freshIp();
    const results = await Promise.all(rows.map((row) => signIn(row.username, DEFAULT_PASSWORD, headers)));
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200),
      JSON.stringify([...new Set(statuses)]),
    ).toEqual([]);
  }, 120_000);

  it('lets 100 correct sign-ins of one account arrive at once (a double-tap on a slow phone, times fifty)', async () => {
    // A cheap stored hash: the test is about the account counter, not PBKDF2 time.
    const user = await createUser({ passwordHash: await cheapHash(DEFAULT_PASSWORD) });
    const headers = freshIp();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => signIn(user.username, DEFAULT_PASSWORD, headers)),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200),
      JSON.stringify([...new Set(statuses)]),
    ).toEqual([]);
    // Wrong passwords still lock after 5, the correct one included.
    for (let i = 0; i < 5; i++) expect((await signIn(user.username, `Wrong#${i}tap`, headers)).status).toBe(401);
    expect((await signIn(user.username, DEFAULT_PASSWORD, headers)).status).toBe(429);
  }, 60_000);

  it('lets a correct sign-in through after more failures from the address than the old 30', async () => {
    const headers = freshIp();
    for (let i = 0; i < 35; i++)
      expect((await signIn(`nobody${i}-${headers['cf-connecting-ip']}`, 'Wrong#Pass1', headers)).status).toBe(401);
    const user = await createUser();
    expect((await signIn(user.username, user.password, headers)).status).toBe(200);
  });

  it('refuses an address once its failures pass the per-IP threshold', async () => {
    const headers = freshIp();
    await db.insert(schema.rateLimits).values({
      key: `login:ip:${headers['cf-connecting-ip']}`,
      count: RATE_RULES.loginIp.limit,
      windowStart: Math.floor(Date.now() / 1000),
    });
    const user = await createUser();
    const res = await signIn(user.username, user.password, headers);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
  });

  it('locks the account after 5 failures in all, whether by username or by e-mail', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) expect((await signIn(user.username, `Wrong#${i}name`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn(user.email, `Wrong#${i}mail`)).status).toBe(401);
    const locked = await signIn(user.email.toUpperCase(), user.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');
    expect((await signIn(user.username, user.password)).status).toBe(429);
  });

  it('locks an unknown name like a known one (the lock tells nothing about which accounts exist)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn('no.such.person', `Wrong#${i}ghost`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('clears the lock when the password is reset', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await signIn(user.username, `Wrong#${i}reset`);
    expect((await signIn(user.username, user.password)).status).toBe(429);
    await api('POST', '/api/auth/forgot-password', { headers: freshIp(), body: { email: user.email } });
    const token = await resetTokenFor(user.email);
    expect(
      (
        await api('POST', '/api/auth/reset-password', {
          headers: freshIp(),
          body: { token, password: 'Br4nd!NewPass' },
        })
      ).status,
    ).toBe(200);
    expect((await signIn(user.username, 'Br4nd!NewPass')).status).toBe(200);
  });
});

describe('password reset requests', () => {
  it('checks the reset token before hashing the new password', async () => {
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const res = await api('POST', '/api/auth/reset-password', {
      headers: freshIp(),
      body: { token: 'made-up-token', password: 'Br4nd!NewPass' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('RESET_TOKEN_INVALID');
    expect(derive).not.toHaveBeenCalled();
  });

  it('rate limits reset submissions per address', async () => {
    const headers = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_RULES.passwordResetSubmit.limit; i++) {
      statuses.push(
        (
          await api('POST', '/api/auth/reset-password', {
            headers,
            body: { token: `made-up-${i}`, password: 'Br4nd!NewPass' },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers a registered address without waiting for the reset token and mail to be written', async () => {
    const user = await createUser();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const digest = crypto.subtle.digest.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
      await gate;
      return digest(algorithm, data);
    });
    const pending = api('POST', '/api/auth/forgot-password', { headers: freshIp(), body: { email: user.email } });
    const first = await Promise.race([pending.then(() => 'answered'), sleep(3000).then(() => 'still waiting')]);
    release();
    expect(first).toBe('answered');
    expect((await pending).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('client address', () => {
  const clearLocal = () => db.delete(schema.rateLimits).where(like(schema.rateLimits.key, '%:local'));

  it('ignores X-Forwarded-For: without CF-Connecting-IP every request shares one local key', async () => {
    await clearLocal();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await api('POST', '/api/auth/forgot-password', {
          headers: { 'x-forwarded-for': `198.18.0.${i}` },
          body: { email: `spoof${i}@example.test` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      const keys = await db.select().from(schema.rateLimits).where(like(schema.rateLimits.key, 'reset:ip:%198.18.%'));
      expect(keys).toEqual([]);
    } finally {
      await clearLocal();
    }
  });
});
