import { describe, expect, it } from 'vitest';
import decisionRecord from '../../docs/decisions/2026-11-27-guards-at-the-route.md?raw';
import { app } from '../../worker/app';
import { ADMIN_PERMISSION_KEYS, type AdminPermissions } from '../../worker/contract/auth';
import { routeGuards } from '../../worker/middleware/route-guards';
import { issueCertificate } from '../../worker/services/certificates';
import { createCourse } from './fixtures';
import { api, completeCourse, createAdmin, createUser, db, login } from './helpers';

/**
 * Issue 27 problem 6: the routes a learner may call too, where an administrator used to get more
 * than a learner without any flag: a material's signed file link, and another person's certificate
 * file. Each now needs the flag that covers it (module management; reports or user management).
 */
const allOff = () => Object.fromEntries(ADMIN_PERMISSION_KEYS.map((flag) => [flag, false]));
const only = (flag: keyof AdminPermissions) => ({ ...allOff(), [flag]: true });
const adminToken = async (permissions: Record<string, boolean>) => login(await createAdmin({ permissions }));

async function someonesCertificate() {
  const course = await createCourse();
  const owner = await createUser();
  await completeCourse(owner.id, course.courseId);
  return { owner, certificate: await issueCertificate(db, owner.id, course.courseId, new Date()) };
}

describe('permission flags without gaps', () => {
  it("a material's signed file link needs Module Management (or the learner rule)", async () => {
    const { material } = await createCourse();
    const path = `/api/v2/materials/${material!.materialId}`;
    const refused = await api('GET', path, { token: await adminToken(allOff()) });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('sig=');
    const refusedFile = await api('GET', `${path}/file`, { token: await adminToken(allOff()) });
    expect(refusedFile.status).toBe(404);
    const allowed = await api('GET', path, { token: await adminToken(only('moduleManagement')) });
    expect(allowed.status).toBe(200);
  });

  it("another person's certificate file needs Report Generation or User Management; the owner always", async () => {
    const { owner, certificate } = await someonesCertificate();
    const offToken = await adminToken(allOff());
    for (const kind of ['view', 'download']) {
      const res = await api('GET', `/api/v2/certificates/${kind}/${certificate.id}`, { token: offToken });
      expect(res.status, kind).toBe(404);
    }
    for (const flag of ['reportGeneration', 'userManagement'] as const) {
      const res = await api('GET', `/api/v2/certificates/view/${certificate.id}`, {
        token: await adminToken(only(flag)),
      });
      expect(res.status, flag).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    }
    const own = await api('GET', `/api/v2/certificates/download/${certificate.id}`, { token: await login(owner) });
    expect(own.status).toBe(200);
  }, 90_000);

  it('SCORM results need User Management (assessment oversight)', async () => {
    expect((await api('GET', '/api/v2/admin/scorm/results', { token: await adminToken(allOff()) })).status).toBe(403);
    const oversight = await adminToken(only('userManagement'));
    expect((await api('GET', '/api/v2/admin/scorm/results', { token: oversight })).status).toBe(200);
  });
});

/** `/api/x/:id/*` → a path pattern with its parameter names dropped, and the method if one is named. */
function parseEntry(entry: string): { method: string | null; path: string } {
  const [first, second] = entry.split(/\s+/);
  const path = (second ?? first!).replace(/\/\*$/, '').replace(/:\w+/g, ':');
  return { method: second ? first! : null, path };
}
const covers = (entry: { method: string | null; path: string }, method: string, path: string) => {
  const plain = path.replace(/:\w+/g, ':');
  return (!entry.method || entry.method === method) && (plain === entry.path || plain.startsWith(`${entry.path}/`));
};

describe('the decision record’s permission table matches the code', () => {
  const section = decisionRecord.split(/^## /m).find((part) => part.startsWith('Permission flags'))!;
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\|\s*(Flag|-)/.test(line))
    .map((line) => {
      const [flagCell, routesCell] = line
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      const flag = /requireAdmin\(null\)/.test(flagCell!) ? null : /\(`(\w+)`\)/.exec(flagCell!)![1]!;
      const entries = [...routesCell!.matchAll(/`((?:[A-Z]+ )?\/api[^`]*)`/g)].map((m) => parseEntry(m[1]!));
      return { flag, entries };
    });
  const adminRoutes = routeGuards(app.routes).flatMap((r) =>
    r.guards.filter((g) => g.kind === 'admin').map((g) => ({ method: r.method, path: r.path, flag: g.permission })),
  );

  it('has a row for every flag and for any-administrator routes', () => {
    expect(rows.map((r) => r.flag).sort()).toEqual([...ADMIN_PERMISSION_KEYS, null].sort());
  });

  it("lists every admin route in its flag's row, and no route under another flag", () => {
    const wrong = adminRoutes
      .filter((route) => {
        const row = rows.find((r) => r.flag === (route.flag ?? null));
        return !row?.entries.some((entry) => covers(entry, route.method, route.path));
      })
      .map((route) => `${route.method} ${route.path} (${route.flag})`);
    expect(wrong.join('\n')).toBe('');
  });

  it('names no route that does not exist', () => {
    const all = routeGuards(app.routes);
    const stale = rows.flatMap((row) =>
      row.entries
        .filter((entry) => !all.some((route) => covers(entry, route.method, route.path)))
        .map((entry) => `${entry.method ?? ''} ${entry.path}`),
    );
    expect(stale).toEqual([]);
  });
});
