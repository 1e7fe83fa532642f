import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../worker/contract/users';
import { decryptText } from '../../worker/services/crypto';
import { api, createAdmin, createDomain, createUser, db, env, login, schema, userRow, type TestUser } from './helpers';
import { createCourse } from './fixtures';

/** Anything that would betray a stored secret in a response. */
function expectNoSecrets(payload: unknown) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  expect(text).not.toMatch(/pbkdf2\$|passwordHash|password_hash|tempPassword|temp_password/i);
}

let admin: TestUser;
let adminToken: string;
let learner: TestUser;
let learnerToken: string;

beforeAll(async () => {
  admin = await createAdmin();
  adminToken = await login(admin);
  learner = await createUser();
  learnerToken = await login(learner);
});

describe('who may call the user routes', () => {
  const adminOnly: [string, string, unknown?][] = [
    ['GET', '/api/users'],
    ['POST', '/api/users', { username: 'x1', email: 'x1@example.test', role: 'USER' }],
    ['POST', '/api/users/bulk', [{ username: 'x2', email: 'x2@example.test' }]],
    ['DELETE', '/api/users/bulk', { userIds: ['nobody'] }],
    ['PUT', '/api/users/domains/assign', { userIds: ['nobody'], domainIds: ['nobody'] }],
    ['GET', '/api/users/export'],
    ['DELETE', '/api/users/some-id'],
  ];
  it.each(adminOnly)('%s %s: 401 for a visitor, 403 for a learner', async (method, path, body) => {
    const visitor = await api(method, path, { body });
    expect(visitor.status).toBe(401);
    const asLearner = await api(method, path, { token: learnerToken, body });
    expect(asLearner.status).toBe(403);
    expect(asLearner.body.code).toBe('FORBIDDEN');
  });

  it('GET and PUT /api/users/:id: 401 for a visitor, 404 for another learner, 200 for oneself', async () => {
    const other = await createUser();
    expect((await api('GET', `/api/users/${learner.id}`)).status).toBe(401);
    expect((await api('PUT', `/api/users/${learner.id}`, { body: { username: 'a', email: 'a@b.test' } })).status).toBe(
      401,
    );
    const read = await api('GET', `/api/users/${other.id}`, { token: learnerToken });
    expect(read.status).toBe(404);
    const write = await api('PUT', `/api/users/${other.id}`, {
      token: learnerToken,
      body: { username: 'stolen', email: 'stolen@example.test' },
    });
    expect(write.status).toBe(404);
    expect((await userRow(other.id))?.username).toBe(other.username);
    const own = await api('GET', `/api/users/${learner.id}`, { token: learnerToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: learner.id, username: learner.username, role: 'USER', permissions: null });
    expectNoSecrets(own.body);
  });
});

describe('user list', () => {
  it('lists users with their books and filters by search (username or email, any case), role and book', async () => {
    const book = await createDomain('Forklift Safety');
    const u1 = await createUser({ username: 'Hannah.Search', email: 'hannah@plant.test', domainIds: [book] });
    const u2 = await createUser({ username: 'otto', email: 'Otto.FINDME@plant.test' });
    const bySearch = await api('GET', '/api/users?search=HANNAH', { token: adminToken });
    expect(bySearch.status).toBe(200);
    expect(bySearch.body.map((u: any) => u.id)).toEqual([u1.id]);
    expect(bySearch.body[0]).toMatchObject({
      username: 'Hannah.Search',
      role: 'USER',
      domains: [{ id: book, name: 'Forklift Safety' }],
      mustChangePassword: false,
    });
    const byEmail = await api('GET', '/api/users?search=findme', { token: adminToken });
    expect(byEmail.body.map((u: any) => u.id)).toEqual([u2.id]);
    const byBook = await api('GET', `/api/users?domainId=${book}`, { token: adminToken });
    expect(byBook.body.map((u: any) => u.id)).toEqual([u1.id]);
    const admins = await api('GET', '/api/users?role=ADMIN', { token: adminToken });
    expect(admins.body.length).toBeGreaterThan(0);
    expect(admins.body.every((u: any) => u.role === 'ADMIN')).toBe(true);
  });

  it('never contains a password hash or a stored temporary password', async () => {
    await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'fresh.one', email: 'fresh.one@example.test', role: 'USER' },
    });
    const list = await api('GET', '/api/users', { token: adminToken });
    expect(list.status).toBe(200);
    expectNoSecrets(list.body);
    const stored = await db
      .select({ hash: schema.users.passwordHash, enc: schema.users.tempPasswordEnc })
      .from(schema.users);
    const text = JSON.stringify(list.body);
    for (const row of stored) {
      expect(text).not.toContain(row.hash);
      if (row.enc) expect(text).not.toContain(row.enc);
    }
  });
});

describe('creating a user', () => {
  it('returns a generated password once; the user must change it at first sign-in', async () => {
    const res = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'new.worker', email: 'new.worker@example.test', role: 'USER' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      username: 'new.worker',
      email: 'new.worker@example.test',
      role: 'USER',
      mustChangePassword: true,
      domains: [],
    });
    expect(res.body.password).toMatch(/^.{14}$/);
    expectNoSecrets(res.body.user);
    const row = await userRow(res.body.user.id);
    expect(row?.passwordHash).toMatch(/^pbkdf2\$sha256\$100000\$/);
    // Kept encrypted at rest, not in clear.
    expect(row?.tempPasswordEnc).not.toContain(res.body.password);
    expect(await decryptText(env.JWT_SECRET, row!.tempPasswordEnc!)).toBe(res.body.password);

    const token = await login({ username: 'new.worker', password: res.body.password });
    const blocked = await api('GET', '/api/announcements/active', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await api('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: res.body.password, newPassword: 'N3w!Worker#pw' },
    });
    expect(change.status).toBe(200);
    expect((await userRow(res.body.user.id))?.tempPasswordEnc).toBeNull();
  });

  it('lets an admin create an admin', async () => {
    const res = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'second.admin', email: 'second.admin@example.test', role: 'ADMIN' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('ADMIN');
  });

  it('refuses duplicates (any case) with 409 and a clear message', async () => {
    const existing = await createUser({ username: 'Dup.User', email: 'dup.user@example.test' });
    const sameName = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'dup.USER', email: 'other@example.test', role: 'USER' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe(USER_MESSAGES.usernameTaken);
    const sameEmail = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'someone.else', email: existing.email.toUpperCase(), role: 'USER' },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(USER_MESSAGES.emailTaken);
  });

  it('answers invalid input with a message per field', async () => {
    const res = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: ' ', email: 'not-an-email', role: 'ROOT' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      username: 'Username is required',
      email: 'Please enter a valid email address',
      role: USER_MESSAGES.role,
    });
  });
});

describe('editing a profile', () => {
  it('lets a learner edit their own names, username and email but not their role', async () => {
    const me = await createUser();
    const token = await login(me);
    const res = await api('PUT', `/api/users/${me.id}`, {
      token,
      body: {
        username: `${me.username}x`,
        email: `x.${me.email}`,
        currentPassword: me.password,
        firstName: '  Rosa ',
        lastName: 'Parks',
        role: 'ADMIN',
        permissions: { userManagement: true },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: `${me.username}x`,
      firstName: 'Rosa',
      lastName: 'Parks',
      role: 'USER',
      permissions: null,
    });
    expect((await userRow(me.id))?.role).toBe('USER');
  });

  it('checks the profile rules with their messages', async () => {
    const res = await api('PUT', `/api/users/${learner.id}`, {
      token: learnerToken,
      body: { username: '', email: 'bad', firstName: 'x'.repeat(51), lastName: `  ${'y'.repeat(50)}  ` },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      username: 'Username is required',
      email: 'Please enter a valid email address',
      firstName: 'First name must be less than 50 characters',
    });
  });

  it('refuses a username another account has', async () => {
    const other = await createUser();
    const res = await api('PUT', `/api/users/${learner.id}`, {
      token: learnerToken,
      body: { username: other.username.toUpperCase(), email: learner.email },
    });
    expect(res.status).toBe(409);
  });

  it('stores the six admin permission flags on an admin profile', async () => {
    const res = await api('PUT', `/api/users/${admin.id}`, {
      token: adminToken,
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: admin.email,
        permissions: { aiContentGeneration: false, systemConfiguration: false },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.permissions).toEqual({
      moduleManagement: true,
      userManagement: true,
      domainConfiguration: true,
      reportGeneration: true,
      aiContentGeneration: false,
      systemConfiguration: false,
    });
    const again = await api('GET', `/api/users/${admin.id}`, { token: adminToken });
    expect(again.body.permissions.aiContentGeneration).toBe(false);
    expect(again.body.lastLogin).toBeTruthy();
  });
});

describe('deleting users', () => {
  it('deletes a user and refuses to delete oneself', async () => {
    const victim = await createUser();
    const res = await api('DELETE', `/api/users/${victim.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(await userRow(victim.id)).toBeUndefined();
    const self = await api('DELETE', `/api/users/${admin.id}`, { token: adminToken });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(USER_MESSAGES.deleteSelf);
    expect((await api('DELETE', `/api/users/${victim.id}`, { token: adminToken })).status).toBe(404);
  });

  it('bulk-deletes a selection atomically, never including the caller', async () => {
    const a = await createUser();
    const b = await createUser();
    const refused = await api('DELETE', '/api/users/bulk', {
      token: adminToken,
      body: { userIds: [a.id, b.id, admin.id] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(USER_MESSAGES.deleteSelf);
    expect(await userRow(a.id)).toBeDefined();
    const ok = await api('DELETE', '/api/users/bulk', { token: adminToken, body: { userIds: [a.id, b.id] } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ deleted: 2 });
    expect(await userRow(a.id)).toBeUndefined();
    expect(await userRow(b.id)).toBeUndefined();
  });

  it("bulk-deletes 150 users in one request (lists are split below D1's 100 bound parameters)", async () => {
    const ids = Array.from({ length: 150 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 10) {
      await db.insert(schema.users).values(
        ids.slice(i, i + 10).map((id) => ({
          id,
          username: `bulk_${id.slice(0, 12)}`,
          email: `bulk_${id.slice(0, 12)}@example.test`,
          passwordHash: 'x',
          role: 'USER' as const,
        })),
      );
    }
    const res = await api('DELETE', '/api/users/bulk', { token: adminToken, body: { userIds: ids } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: 150 });
    expect(await userRow(ids[0])).toBeUndefined();
    expect(await userRow(ids[149])).toBeUndefined();
  });

  it("replaces a learner's books with 60 books in one request", async () => {
    const learner = await createUser();
    const books = [];
    for (let i = 0; i < 60; i++) books.push(await createDomain());
    const res = await api('PUT', `/api/users/${learner.id}/domains`, { token: adminToken, body: { domainIds: books } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.domains).toHaveLength(60);
  });

  it('refuses to delete a certificate holder, alone or in a selection, and keeps the certificate verifiable', async () => {
    const holder = await createUser();
    const other = await createUser();
    const course = await createCourse();
    await db.insert(schema.certificates).values({
      id: crypto.randomUUID(),
      certificateNumber: 'CERT-2026-424242',
      userId: holder.id,
      courseId: course.courseId,
      userName: 'Holder Person',
      courseName: course.title,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const single = await api('DELETE', `/api/users/${holder.id}`, { token: adminToken });
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(USER_MESSAGES.deleteCertified);
    const bulk = await api('DELETE', '/api/users/bulk', {
      token: adminToken,
      body: { userIds: [other.id, holder.id] },
    });
    expect(bulk.status).toBe(409);
    expect(await userRow(other.id)).toBeDefined();
    expect((await api('GET', '/api/v2/certificates/verify/CERT-2026-424242')).body).toMatchObject({
      valid: true,
      status: 'ACTIVE',
    });
  });

  it('never removes the last administrator', async () => {
    const solo = await createAdmin();
    const soloToken = await login(solo);
    // Make `solo` the only administrator left.
    await db
      .update(schema.users)
      .set({ role: 'USER' })
      .where(and(eq(schema.users.role, 'ADMIN'), ne(schema.users.id, solo.id)));
    const demote = await api('PUT', `/api/users/${solo.id}`, { token: soloToken, body: { role: 'USER' } });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(USER_MESSAGES.demoteLastAdmin);
    const bulk = await api('DELETE', '/api/users/bulk', { token: soloToken, body: { userIds: [solo.id] } });
    expect(bulk.status).toBe(409);
    expect((await userRow(solo.id))?.role).toBe('ADMIN');
    // Restore the shared admin for the other tests.
    await db.update(schema.users).set({ role: 'ADMIN' }).where(eq(schema.users.id, admin.id));
  });
});

describe('assigning books', () => {
  it('assigns books to learners and skips admins with a warning', async () => {
    const book = await createDomain();
    const l1 = await createUser();
    const l2 = await createUser();
    const other = await createAdmin();
    const res = await api('PUT', '/api/users/domains/assign', {
      token: adminToken,
      body: { userIds: [l1.id, l2.id, other.id], domainIds: [book] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updated: 2, skipped: 1 });
    expect(res.body.message).toMatch(/administrators have global access/);
    const rows = await db.select().from(schema.userDomains).where(eq(schema.userDomains.domainId, book));
    expect(rows.map((r) => r.userId).sort()).toEqual([l1.id, l2.id].sort());
    // Assigning again changes nothing and fails nothing.
    const again = await api('PUT', '/api/users/domains/assign', {
      token: adminToken,
      body: { userIds: [l1.id], domainIds: [book] },
    });
    expect(again.status).toBe(200);
  });

  it('requires a book and known ids', async () => {
    const res = await api('PUT', '/api/users/domains/assign', {
      token: adminToken,
      body: { userIds: [learner.id], domainIds: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.domainIds).toBe(USER_MESSAGES.bookRequired);
    const unknown = await api('PUT', '/api/users/domains/assign', {
      token: adminToken,
      body: { userIds: [learner.id], domainIds: ['no-such-book'] },
    });
    expect(unknown.status).toBe(404);
  });
});
