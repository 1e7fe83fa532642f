import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../worker/contract/users';
import { passwordPolicyError } from '../../worker/contract/rules/password';
import { api, createAdmin, createDomain, createUser, login, userRow, type TestUser } from './helpers';

let admin: TestUser;
let adminToken: string;
let learnerToken: string;

beforeAll(async () => {
  admin = await createAdmin();
  adminToken = await login(admin);
  learnerToken = await login(await createUser());
});

describe('calls of the original admin client', () => {
  it('POST /api/users with role "" creates a learner (USER)', async () => {
    const res = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'blank.role', email: 'blank.role@example.test', role: '' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('USER');
    expect((await userRow(res.body.user.id))?.role).toBe('USER');
  });

  it('PUT /api/users/{id} with role "" leaves the role as it is (a learner stays a learner, an admin an admin)', async () => {
    const learner = await createUser();
    const otherAdmin = await createAdmin();
    for (const [user, role] of [
      [learner, 'USER'],
      [otherAdmin, 'ADMIN'],
    ] as const) {
      const res = await api('PUT', `/api/users/${user.id}`, {
        token: adminToken,
        body: { firstName: 'Kept', role: '' },
      });
      expect(res.status).toBe(200);
      expect((await userRow(user.id))?.role).toBe(role);
    }
  });

  it('DELETE /api/users/bulk accepts a bare array of ids as well as {userIds}', async () => {
    const a = await createUser();
    const b = await createUser();
    const bare = await api('DELETE', '/api/users/bulk', { token: adminToken, body: [a.id] });
    expect(bare.status).toBe(200);
    expect(bare.body.deleted).toBe(1);
    expect(await userRow(a.id)).toBeUndefined();
    const wrapped = await api('DELETE', '/api/users/bulk', { token: adminToken, body: { userIds: [b.id] } });
    expect(wrapped.body.deleted).toBe(1);
    const empty = await api('DELETE', '/api/users/bulk', { token: adminToken, body: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(USER_MESSAGES.usersRequired);
  });

  it('GET /api/users/search?q= finds by username or email, any case, treating % and _ as text', async () => {
    const u = await createUser({ username: 'Search_Me.100%', email: 'searchme@plant.test' });
    await createUser({ username: 'searchXme', email: 'other@plant.test' });
    const res = await api('GET', '/api/users/search?q=search_me', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.map((x: any) => x.id)).toEqual([u.id]);
    expect((await api('GET', '/api/users/search?q=100%25', { token: adminToken })).body.map((x: any) => x.id)).toEqual([
      u.id,
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/pbkdf2|passwordHash|tempPassword/);
    expect((await api('GET', '/api/users/search?q=x', { token: learnerToken })).status).toBe(403);
  });

  it("PUT /api/users/{id}/domains sets a learner's books and refuses administrators", async () => {
    const [b1, b2] = [await createDomain(), await createDomain()];
    const u = await createUser({ domainIds: [b1] });
    const res = await api('PUT', `/api/users/${u.id}/domains`, { token: adminToken, body: { domainIds: [b2] } });
    expect(res.status).toBe(200);
    expect(res.body.user.domains.map((d: any) => d.id)).toEqual([b2]);
    const cleared = await api('PUT', `/api/users/${u.id}/domains`, { token: adminToken, body: { domainIds: [] } });
    expect(cleared.body.user.domains).toEqual([]);
    const other = await createAdmin();
    const toAdmin = await api('PUT', `/api/users/${other.id}/domains`, {
      token: adminToken,
      body: { domainIds: [b1] },
    });
    expect(toAdmin.status).toBe(409);
    expect(toAdmin.body.message).toBe(USER_MESSAGES.adminHasAllBooks);
    expect(
      (await api('PUT', `/api/users/${u.id}/domains`, { token: adminToken, body: { domainIds: ['no-such-book'] } }))
        .status,
    ).toBe(404);
    expect(
      (await api('PUT', `/api/users/${u.id}/domains`, { token: learnerToken, body: { domainIds: [b1] } })).status,
    ).toBe(403);
  });

  it('GET /api/users/generate-password answers a policy-valid password, admins only', async () => {
    const res = await api('GET', '/api/users/generate-password', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.password).toMatch(/^.{14}$/);
    expect(passwordPolicyError(res.body.password)).toBeNull();
    expect((await api('GET', '/api/users/generate-password', { token: learnerToken })).status).toBe(403);
  });
});

describe('user list paging', () => {
  it('answers the plain array without page, the envelope with it, searching on the server', async () => {
    const tag = `pg${crypto.randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 5; i++) await createUser({ username: `${tag}.u${i}` });
    const plain = await api('GET', `/api/users?search=${tag}`, { token: adminToken });
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body).toHaveLength(5);
    const page2 = await api('GET', `/api/users?search=${tag}&page=2&limit=2`, { token: adminToken });
    expect(page2.status).toBe(200);
    expect(page2.body.pagination).toEqual({ page: 2, totalPages: 3, totalItems: 5, itemsPerPage: 2 });
    expect(page2.body.users.map((u: any) => u.username)).toEqual([`${tag}.u2`, `${tag}.u3`]);
    expect((await api('GET', '/api/users?page=0', { token: adminToken })).status).toBe(400);
  });
});
