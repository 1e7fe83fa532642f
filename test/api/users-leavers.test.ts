import { SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../worker/contract/users';
import { api, createAdmin, createUser, db, login, schema, userRow, type TestUser } from './helpers';
import { createCourse, enroll } from './fixtures';

let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  admin = await createAdmin();
  adminToken = await login(admin);
});

const deactivate = (id: string, reason: unknown = 'Left the company', token = adminToken) =>
  api('POST', `/api/users/${id}/deactivate`, { token, body: { reason } });

async function auditRows(targetId: string, action: string) {
  return db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetUserId, targetId), eq(schema.auditLog.action, action)));
}

describe('who may deactivate and reactivate', () => {
  it('401 for a visitor and 403 for a learner on every leaver route; nothing changes', async () => {
    const learner = await createUser();
    const learnerToken = await login(learner);
    const target = await createUser();
    const calls: [string, string, unknown][] = [
      ['POST', `/api/users/${target.id}/deactivate`, { reason: 'x' }],
      ['POST', `/api/users/${target.id}/reactivate`, { reason: 'x' }],
      ['POST', '/api/users/bulk-deactivate', { userIds: [target.id], reason: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status).toBe(401);
      const res = await api(method, path, { token: learnerToken, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await userRow(target.id))?.deactivatedAt).toBeNull();
  });
});

describe('deactivating a leaver', () => {
  it("needs a reason (400 with the field message) and refuses one's own account", async () => {
    const target = await createUser();
    const missing = await deactivate(target.id, '  ');
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.reason).toBe(USER_MESSAGES.reasonRequired);
    const self = await deactivate(admin.id);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(USER_MESSAGES.deactivateSelf);
    expect((await deactivate('no-such-user')).status).toBe(404);
  });

  it('refuses sign-in with a clear message, ends an existing session at once, and writes an audit row', async () => {
    const leaver = await createUser();
    const token = await login(leaver);
    expect((await api('GET', '/api/auth/user', { token })).status).toBe(200);

    const res = await deactivate(leaver.id, 'Left the company on 2026-11-20');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: leaver.id,
      status: 'DEACTIVATED',
      deactivationReason: 'Left the company on 2026-11-20',
    });

    const session = await api('GET', '/api/auth/user', { token });
    expect(session.status).toBe(401);
    expect(session.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', message: USER_MESSAGES.accountDeactivated });
    expect((await api('GET', '/api/v2/user/courses', { token })).status).toBe(401);

    const signIn = await api('POST', '/api/auth/login', {
      body: { username: leaver.username, password: leaver.password },
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({
      code: 'ACCOUNT_DEACTIVATED',
      message: 'This account has been deactivated. Contact your administrator.',
    });
    // A wrong password still says only "invalid": the state of an account is not told to guessers.
    const guess = await api('POST', '/api/auth/login', {
      body: { username: leaver.username, password: 'Wr0ng!Pass#9' },
    });
    expect(guess.body.code).toBe('INVALID_CREDENTIALS');

    const rows = await auditRows(leaver.id, 'USER_DEACTIVATED');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetUsername: leaver.username,
      entityType: 'USER',
      reason: 'Left the company on 2026-11-20',
    });
    expect(rows[0].after).toEqual({ status: 'DEACTIVATED' });

    // Deactivating again changes nothing and logs nothing more.
    expect((await deactivate(leaver.id, 'again')).status).toBe(200);
    expect(await auditRows(leaver.id, 'USER_DEACTIVATED')).toHaveLength(1);
  });

  it('revokes signed file links the leaver already holds', async () => {
    const course = await createCourse({ components: ['MATERIAL'] }); // open at once: the file answers before the deactivation
    const leaver = await createUser({ domainIds: [course.domainId] });
    const token = await login(leaver);
    await enroll(token, course.courseId);
    const material = await api('GET', `/api/v2/materials/${course.material!.materialId}`, { token });
    expect(material.status).toBe(200);
    const before = await SELF.fetch(`http://localhost${material.body.fileUrl}`);
    expect(before.status).toBe(200);
    await before.arrayBuffer();
    expect((await deactivate(leaver.id)).status).toBe(200);
    const after = await SELF.fetch(`http://localhost${material.body.fileUrl}`);
    expect(after.status).toBe(401);
    await after.arrayBuffer();
  });

  it('keeps every record and certificate, which still verifies', async () => {
    const course = await createCourse();
    const leaver = await createUser({ domainIds: [course.domainId] });
    await db.insert(schema.certificates).values({
      id: crypto.randomUUID(),
      certificateNumber: 'CERT-2026-515151',
      userId: leaver.id,
      courseId: course.courseId,
      userName: 'Leaving Person',
      courseName: course.title,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await deactivate(leaver.id)).status).toBe(200);
    const verify = await api('GET', '/api/v2/certificates/verify/CERT-2026-515151');
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, status: 'ACTIVE', userName: 'Leaving Person' });
    expect(await userRow(leaver.id)).toBeDefined();
  });
});

describe('reactivating', () => {
  it('restores access with a fresh sign-in; the old session stays ended; an audit row is written', async () => {
    const leaver = await createUser();
    const oldToken = await login(leaver);
    expect((await deactivate(leaver.id)).status).toBe(200);
    const res = await api('POST', `/api/users/${leaver.id}/reactivate`, {
      token: adminToken,
      body: { reason: 'Rehired' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ status: 'ACTIVE', deactivatedAt: null, deactivationReason: null });
    expect((await api('GET', '/api/auth/user', { token: oldToken })).status).toBe(401);
    const token = await login(leaver);
    expect((await api('GET', '/api/auth/user', { token })).status).toBe(200);
    const rows = await auditRows(leaver.id, 'USER_REACTIVATED');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, reason: 'Rehired' });
  });

  it('takes no reason as well', async () => {
    const leaver = await createUser();
    await deactivate(leaver.id);
    const res = await api('POST', `/api/users/${leaver.id}/reactivate`, { token: adminToken, body: {} });
    expect(res.status).toBe(200);
    expect((await auditRows(leaver.id, 'USER_REACTIVATED'))[0].reason).toBeNull();
  });
});

describe('bulk deactivation', () => {
  it('deactivates selected ids and usernames from a file (case-insensitive), reporting unknown and already deactivated ones', async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    await deactivate(c.id);
    const res = await api('POST', '/api/users/bulk-deactivate', {
      token: adminToken,
      body: {
        userIds: [a.id],
        usernames: [b.username.toUpperCase(), c.username, 'nobody-here'],
        reason: 'Site closed',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deactivated: 2, alreadyDeactivated: 1, notFound: ['nobody-here'] });
    for (const user of [a, b]) {
      expect((await userRow(user.id))?.deactivatedAt).not.toBeNull();
      expect(await auditRows(user.id, 'USER_DEACTIVATED')).toHaveLength(1);
    }
  });

  it('handles more ids than D1 binds in one statement (chunks below 100 parameters)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 170; i++) ids.push((await createUser()).id);
    const res = await api('POST', '/api/users/bulk-deactivate', {
      token: adminToken,
      body: { userIds: ids, reason: 'Contract ended' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deactivated).toBe(170);
    const audited = await db
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.reason, 'Contract ended'));
    expect(audited).toHaveLength(170);
  });

  it('refuses a selection that includes oneself, changing nobody', async () => {
    const a = await createUser();
    const res = await api('POST', '/api/users/bulk-deactivate', {
      token: adminToken,
      body: { userIds: [a.id, admin.id], reason: 'x' },
    });
    expect(res.status).toBe(409);
    expect((await userRow(a.id))?.deactivatedAt).toBeNull();
  });
});

describe('leavers leave lists and counts by default', () => {
  it('the user list shows Active by default, with Deactivated and All on request; the dashboard counts active learners', async () => {
    const stay = await createUser();
    const leave = await createUser();
    const statsBefore = (await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken })).body;
    await deactivate(leave.id);
    const ids = async (query: string) => {
      const res = await api('GET', `/api/users?page=1&limit=100&search=${query}`, { token: adminToken });
      expect(res.status).toBe(200);
      return res.body.users.map((u: { id: string }) => u.id);
    };
    const both = `user`;
    const active = await ids(both);
    expect(active).toContain(stay.id);
    expect(active).not.toContain(leave.id);
    expect(await ids(`${both}&status=DEACTIVATED`)).toContain(leave.id);
    expect(await ids(`${both}&status=DEACTIVATED`)).not.toContain(stay.id);
    const all = await ids(`${both}&status=ALL`);
    expect(all).toEqual(expect.arrayContaining([stay.id, leave.id]));
    const plain = await api('GET', '/api/users', { token: adminToken });
    expect(plain.body.map((u: { id: string }) => u.id)).not.toContain(leave.id);
    const search = await api('GET', `/api/users/search?q=${leave.username}`, { token: adminToken });
    expect(search.body).toHaveLength(0);
    const statsAfter = (await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken })).body;
    expect(statsAfter.activeUsers).toBe(statsBefore.activeUsers - 1);
    expect((await api('GET', '/api/users?status=GONE', { token: adminToken })).status).toBe(400);
  });
});
