import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../worker/services/password';
import { api, createAdmin, createUser, db, freshIp, login, mailsTo, schema } from './helpers';

// Issue 27 #10: a reset link ends with any change of the password or the e-mail address. All of the
// person's open links are spent, whichever path made the change.

afterEach(() => {
  vi.restoreAllMocks();
});

async function requestLink(email: string, expectedMails = 1): Promise<string> {
  const res = await api('POST', '/api/auth/forgot-password', { headers: freshIp(), body: { email } });
  expect(res.status).toBe(200);
  const [mail] = await mailsTo(email, expectedMails);
  const match = mail?.bodyText.match(/token=([A-Za-z0-9_%-]+)/);
  expect(match, 'reset mail with a link').toBeTruthy();
  return decodeURIComponent(match![1]);
}

const validate = (token: string) =>
  api('GET', `/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`, { headers: freshIp() });
const resetWith = (token: string) =>
  api('POST', '/api/auth/reset-password', { headers: freshIp(), body: { token, password: 'Fr3sh!Harbour' } });

async function expectSpent(tokens: string[]) {
  for (const token of tokens) {
    expect((await validate(token)).status).toBe(400);
    expect((await resetWith(token)).status).toBe(401);
  }
}

describe('reset links end with a change of credentials', () => {
  it('spends every open link when the user changes their password', async () => {
    const user = await createUser();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email, 2);
    expect((await validate(first)).status).toBe(200);
    const token = await login(user);
    const res = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: user.password, newPassword: 'N3w!Lighthouse' },
    });
    expect(res.status).toBe(200);
    await expectSpent([first, second]);
  });

  it('spends the open links when an admin changes the e-mail address (the old mailbox keeps no key)', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    const link = await requestLink(user.email);
    const res = await api('PUT', `/api/users/${user.id}`, {
      token: await login(admin),
      body: { email: `moved-${user.username}@example.test` },
    });
    expect(res.status).toBe(200);
    await expectSpent([link]);
  });

  it('spends the open links when the user changes their own e-mail address', async () => {
    const user = await createUser();
    const link = await requestLink(user.email);
    const res = await api('PUT', `/api/users/${user.id}`, {
      token: await login(user),
      body: {
        username: user.username,
        email: `self-${user.username}@example.test`,
        firstName: 'Test',
        lastName: 'Self',
        currentPassword: user.password,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectSpent([link]);
  });

  it('spends the open links on a password set by any other path (an admin reset, an import, SCIM later)', async () => {
    const user = await createUser();
    const link = await requestLink(user.email);
    // Written straight to the row: the rule lives with the data, not in each route.
    await db
      .update(schema.users)
      .set({ passwordHash: await hashPassword('Adm1n!Chosen') })
      .where(eq(schema.users.id, user.id));
    await expectSpent([link]);
  });

  it('keeps links open through changes that touch neither password nor address', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    const link = await requestLink(user.email);
    const res = await api('PUT', `/api/users/${user.id}`, {
      token: await login(admin),
      body: { firstName: 'Renamed' },
    });
    expect(res.status).toBe(200);
    expect((await validate(link)).status).toBe(200);
  });

  it('refuses a link requested before a password change even when it is written after it', async () => {
    const user = await createUser();
    // The link is written after the answer (waitUntil): hold its token hashing until the password has changed.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const digest = crypto.subtle.digest.bind(crypto.subtle);
    let held = false;
    vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
      if (!held) {
        held = true;
        await gate;
      }
      return digest(algorithm, data);
    });
    const asked = await api('POST', '/api/auth/forgot-password', { headers: freshIp(), body: { email: user.email } });
    expect(asked.status).toBe(200);
    expect(held).toBe(true);
    const changed = await api('PUT', '/api/auth/password', {
      token: await login(user),
      body: { currentPassword: user.password, newPassword: 'N3w!Lighthouse' },
    });
    expect(changed.status).toBe(200);
    release();
    // Whether or not a mail went out, no link of the person's is usable now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const open = await db
      .select()
      .from(schema.passwordResetTokens)
      .where(eq(schema.passwordResetTokens.userId, user.id));
    expect(open.filter((row) => row.usedAt === null)).toEqual([]);
    const mails = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, user.email));
    for (const mail of mails) {
      const match = mail.bodyText.match(/token=([A-Za-z0-9_%-]+)/);
      if (match) await expectSpent([decodeURIComponent(match[1])]);
    }
  });
});
