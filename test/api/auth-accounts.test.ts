import { SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../worker/contract/users';
import { issueCertificate } from '../../worker/services/certificates';
import {
  api,
  completeCourse,
  createAdmin,
  createDomain,
  createUser,
  db,
  freshIp,
  login,
  mailsTo,
  schema,
  signIn,
  userRow,
} from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one sign-in identifier namespace', () => {
  it("refuses a learner's username that is another user's e-mail, and the victim keeps signing in by e-mail", async () => {
    const victim = await createUser({ email: 'victim.one@example.test' });
    const attacker = await createUser();
    const token = await login(attacker);
    const res = await api('PUT', `/api/users/${attacker.id}`, {
      token,
      body: { username: 'Victim.One@example.test', email: attacker.email, firstName: 'A', lastName: 'B' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ username: USER_MESSAGES.usernameEmailLike });
    expect((await userRow(attacker.id))?.username).toBe(attacker.username);
    const victimSignIn = await signIn('victim.one@example.test', victim.password);
    expect(victimSignIn.status).toBe(200);
    expect(victimSignIn.body.id).toBe(victim.id);
  });

  it('accepts a username that is the user’s own e-mail (any case), and nothing else that looks like an address', async () => {
    const user = await createUser({ email: 'own.address@example.test' });
    const token = await login(user);
    const own = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { username: 'Own.Address@Example.test', email: user.email },
    });
    expect(own.status).toBe(200);
    expect(own.body.username).toBe('Own.Address@Example.test');
    const other = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { username: 'someone@else.test', email: user.email },
    });
    expect(other.status).toBe(400);
    expect(other.body.fields.username).toBe(USER_MESSAGES.usernameEmailLike);
  });

  it("refuses an admin-created or admin-edited username that is another user's e-mail", async () => {
    const victim = await createUser({ email: 'victim.two@example.test' });
    const admin = await createAdmin();
    const token = await login(admin);
    const created = await api('POST', '/api/users', {
      token,
      body: { username: 'victim.two@example.test', email: 'new.person@example.test' },
    });
    expect(created.status).toBe(400);
    expect(created.body.fields.username).toBe(USER_MESSAGES.usernameEmailLike);
    const sameEmail = await api('POST', '/api/users', {
      token,
      body: { username: 'victim.two@example.test', email: 'VICTIM.TWO@example.test' },
    });
    expect(sameEmail.status).toBe(409);

    const target = await createUser();
    const edited = await api('PUT', `/api/users/${target.id}`, {
      token,
      body: { username: 'VICTIM.TWO@example.test' },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.fields.username).toBe(USER_MESSAGES.usernameEmailLike);
    expect((await signIn(victim.email, victim.password)).body.id).toBe(victim.id);
  });

  it('marks CSV import rows whose username is an e-mail address other than their own, row by row', async () => {
    const victim = await createUser({ email: 'victim.three@example.test' });
    const admin = await createAdmin();
    const token = await login(admin);
    const csv = [
      'username,email',
      'victim.three@example.test,someone.new@example.test',
      'fine.row,fine.row@example.test',
      'self.row@example.test,Self.Row@example.test',
    ].join('\n');
    const res = await api('POST', '/api/users/bulk', { token, raw: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { status: string }) => r.status)).toEqual(['error', 'success', 'success']);
    expect(res.body[0].message).toBe(USER_MESSAGES.usernameEmailLike);
    expect((await signIn(victim.email, victim.password)).body.id).toBe(victim.id);
  });
});

describe('changing the e-mail address of one’s own account', () => {
  it('needs the current password and tells the old address', async () => {
    const user = await createUser({ email: 'before.change@example.test' });
    const token = await login(user);
    const body = { username: user.username, email: 'after.change@example.test', firstName: 'Test', lastName: 'User' };
    const missing = await api('PUT', `/api/users/${user.id}`, { token, body });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ currentPassword: USER_MESSAGES.currentPasswordForEmail });
    const wrong = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { ...body, currentPassword: 'Wrong#Pass1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await userRow(user.id))?.email).toBe('before.change@example.test');

    const ok = await api('PUT', `/api/users/${user.id}`, { token, body: { ...body, currentPassword: user.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('after.change@example.test');
    const [notice] = await mailsTo('before.change@example.test');
    expect(notice?.subject).toMatch(/email address was changed/i);
    expect(notice?.bodyText).toContain('after.change@example.test');
  });

  it('needs no password for edits that keep the address (names, case of the address)', async () => {
    const user = await createUser({ email: 'keeps.address@example.test' });
    const token = await login(user);
    const res = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { username: user.username, email: 'Keeps.Address@example.test', firstName: 'New', lastName: 'Name' },
    });
    expect(res.status).toBe(200);
  });

  it('stops guessing the password through the e-mail change after 5 wrong tries', async () => {
    const user = await createUser();
    const token = await login(user);
    const body = { username: user.username, email: `guess.${user.username}@example.test` };
    for (let i = 0; i < 5; i++)
      expect(
        (await api('PUT', `/api/users/${user.id}`, { token, body: { ...body, currentPassword: `Wrong#${i}guess` } }))
          .status,
      ).toBe(400);
    const locked = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { ...body, currentPassword: user.password },
    });
    expect(locked.status).toBe(429);
  });

  it('asks an admin for their own password on their own address, but not on another user’s', async () => {
    const admin = await createAdmin({ email: 'admin.self@example.test' });
    const token = await login(admin);
    const self = await api('PUT', `/api/users/${admin.id}`, { token, body: { email: 'admin.self2@example.test' } });
    expect(self.status).toBe(400);
    expect(self.body.fields).toEqual({ currentPassword: USER_MESSAGES.currentPasswordForEmail });

    const other = await createUser({ email: 'managed.before@example.test' });
    const res = await api('PUT', `/api/users/${other.id}`, { token, body: { email: 'managed.after@example.test' } });
    expect(res.status).toBe(200);
    expect((await userRow(other.id))?.email).toBe('managed.after@example.test');
    const [notice] = await mailsTo('managed.before@example.test');
    expect(notice?.bodyText).toContain('managed.after@example.test');
  });
});

describe('bidirectional control characters in names', () => {
  const RLO = '\u202E';

  it('are removed from names and usernames on write', async () => {
    const user = await createUser();
    const token = await login(user);
    const res = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: {
        username: `ro${RLO}bin`,
        email: user.email,
        firstName: `Ali${RLO}ce\u2066`,
        lastName: `\u200FSmith\u061C`,
      },
    });
    expect(res.status).toBe(200);
    const row = await userRow(user.id);
    expect([row?.username, row?.firstName, row?.lastName]).toEqual(['robin', 'Alice', 'Smith']);

    const admin = await createAdmin();
    const created = await api('POST', '/api/users', {
      token: await login(admin),
      body: { username: `new${RLO}hire`, email: 'new.hire.bidi@example.test', firstName: `${RLO}Eve` },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ username: 'newhire', firstName: 'Eve' });
  });

  it('a name is isolated on the verification page', async () => {
    const domainId = await createDomain();
    const courseId = crypto.randomUUID();
    await db.insert(schema.courses).values({ id: courseId, title: 'Ladder Safety', domainId, status: 'PUBLISHED' });
    // A row written before the rule still carries the override character.
    const user = await createUser({ firstName: `Mal${RLO}lory`, lastName: 'Doe' });
    await completeCourse(user.id, courseId);
    const cert = await issueCertificate(db, user.id, courseId, new Date());
    const response = await SELF.fetch(`http://localhost/certificate/verify/${cert.certificateNumber}`, {
      headers: freshIp(),
    });
    const html = await response.text();
    expect(html).toContain(`<dt>Issued To</dt><dd><bdi>Mal${RLO}lory Doe</bdi></dd>`);
  });
});
