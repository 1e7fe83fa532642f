import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../worker/contract/users';
import { ADMIN_PERMISSION_KEYS } from '../../worker/contract/auth';
import { app } from '../../worker/app';
import type { AdminPermission } from '../../worker/middleware/auth';
import { routeGuards } from '../../worker/middleware/route-guards';
import { api, createAdmin, createUser, login, userRow, type TestUser } from './helpers';

/** One read per guarded prefix, and the flag it needs. */
const PROBES: [string, AdminPermission][] = [
  ['/api/users?page=1', 'userManagement'],
  ['/api/users/export', 'userManagement'],
  ['/api/v2/admin/assessments/attempts', 'userManagement'],
  ['/api/v2/admin/courses', 'moduleManagement'],
  ['/api/v2/materials', 'moduleManagement'],
  ['/api/domains', 'domainConfiguration'],
  ['/api/v2/admin/dashboard/stats', 'reportGeneration'],
  ['/api/v2/admin/compliance', 'reportGeneration'],
  ['/api/v2/admin/requirements', 'userManagement'],
  ['/api/announcements/admin/all', 'systemConfiguration'],
  ['/api/think/admin/all', 'systemConfiguration'],
];

let manager: TestUser;
let managerToken: string;

beforeAll(async () => {
  manager = await createAdmin();
  managerToken = await login(manager);
});

describe('each admin permission flag guards its routes', () => {
  const flags = ADMIN_PERMISSION_KEYS.filter((flag) => flag !== 'aiContentGeneration');
  it.each(flags)('an admin without %s gets 403 on its routes and 200 everywhere else', async (flag) => {
    const admin = await createAdmin({ permissions: { [flag]: false } });
    const token = await login(admin);
    for (const [path, needs] of PROBES) {
      const res = await api('GET', path, { token });
      expect(res.status, `${path} (${needs})`).toBe(needs === flag ? 403 : 200);
      if (needs === flag) expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('writes are guarded too: without User Management an admin cannot deactivate anyone', async () => {
    const admin = await createAdmin({ permissions: { userManagement: false } });
    const target = await createUser();
    const res = await api('POST', `/api/users/${target.id}/deactivate`, {
      token: await login(admin),
      body: { reason: 'x' },
    });
    expect(res.status).toBe(403);
    expect((await userRow(target.id))?.deactivatedAt).toBeNull();
  });

  it('an admin with every flag off still reads and edits their own profile, but not another user', async () => {
    const admin = await createAdmin({ permissions: Object.fromEntries(ADMIN_PERMISSION_KEYS.map((k) => [k, false])) });
    const token = await login(admin);
    expect((await api('GET', `/api/users/${admin.id}`, { token })).status).toBe(200);
    const own = await api('PUT', `/api/users/${admin.id}`, { token, body: { firstName: 'Renamed' } });
    expect(own.status).toBe(200);
    expect((await api('GET', `/api/users/${manager.id}`, { token })).status).toBe(403);
    expect((await api('PUT', `/api/users/${manager.id}`, { token, body: { firstName: 'X' } })).status).toBe(403);
  });

  it('every admin route names a known flag; AI Content Generation guards nothing', () => {
    const admin = routeGuards(app.routes).flatMap((r) =>
      r.guards.filter((g) => g.kind === 'admin').map((g) => ({ route: `${r.method} ${r.path}`, flag: g.permission })),
    );
    expect(admin.length).toBeGreaterThan(40);
    const unflagged = admin.filter((a) => !a.flag).map((a) => a.route);
    expect(unflagged).toEqual([]);
    for (const { flag } of admin) if (flag) expect(ADMIN_PERMISSION_KEYS).toContain(flag);
    expect(admin.some(({ flag }) => flag === 'aiContentGeneration')).toBe(false);
    const flagOf = new Map(admin.map((a) => [a.route, a.flag]));
    expect(flagOf.get('POST /api/users/bulk-deactivate')).toBe('userManagement');
    expect(flagOf.get('POST /api/v2/certificates/:certificateId/revoke')).toBe('userManagement');
  });
});

describe('nobody locks the platform out of user management', () => {
  it('an admin cannot remove their own User Management permission', async () => {
    const res = await api('PUT', `/api/users/${manager.id}`, {
      token: managerToken,
      body: { permissions: { userManagement: false } },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.removeOwnUserManagement);
    expect((await api('GET', '/api/users?page=1', { token: managerToken })).status).toBe(200);
  });

  it('an admin without User Management cannot grant it to themselves', async () => {
    const admin = await createAdmin({ permissions: { userManagement: false } });
    const token = await login(admin);
    const res = await api('PUT', `/api/users/${admin.id}`, { token, body: { permissions: { userManagement: true } } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(USER_MESSAGES.permissionsNeedUserManagement);
    expect((await userRow(admin.id))?.permissions).toEqual({ userManagement: false });
  });

  it('an admin with User Management may turn flags off and on for another admin, and that admin is held to them at once', async () => {
    const other = await createAdmin();
    const otherToken = await login(other);
    const off = await api('PUT', `/api/users/${other.id}`, {
      token: managerToken,
      body: { permissions: { moduleManagement: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.permissions).toMatchObject({ moduleManagement: false, userManagement: true });
    expect((await api('GET', '/api/v2/admin/courses', { token: otherToken })).status).toBe(403);
    const on = await api('PUT', `/api/users/${other.id}`, {
      token: managerToken,
      body: { permissions: { moduleManagement: true } },
    });
    expect(on.status).toBe(200);
    expect((await api('GET', '/api/v2/admin/courses', { token: otherToken })).status).toBe(200);
  });
});
