import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { ADMIN_PERMISSION_KEYS } from '../../worker/contract/auth';
import type { AppEnv } from '../../worker/env';
import { inFirstBatch, publicRoute, requireAdmin, requireLearner } from '../../worker/middleware/auth';
import { routeGuards, type GuardedRoute } from '../../worker/middleware/route-guards';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, env, login } from './helpers';

/**
 * Walks the Worker's own route table (`app.routes`), so a route added tomorrow is checked
 * without anyone remembering to list it here. Each route declares its guard where it is defined;
 * `routeGuards` reads which one from the table (guards are known by identity).
 */
const guarded = routeGuards(app.routes).filter((r) => r.path.startsWith('/api/'));
const routes = guarded.map(({ method, path }) => ({ method, path }));
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const guardOf = new Map(guarded.map((r) => [key(r), r.guards]));
const isPublic = (r: { method: string; path: string }) => guardOf.get(key(r))?.[0]?.kind === 'public';
const isAdminRoute = (r: { method: string; path: string }) => guardOf.get(key(r))?.[0]?.kind === 'admin';

/**
 * The routes a visitor may call, stated here a second time on purpose: making a route public
 * changes this list too, in review. Signed-link routes check their link themselves.
 */
const PUBLIC_API_ROUTES = [
  'GET /api/health',
  'GET /api/health/db',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'GET /api/auth/reset-password/validate',
  'POST /api/auth/reset-password',
  // Company sign-in (issue 32): the page's providers, the way to the provider and back, the hand-off.
  'GET /api/auth/oidc/providers',
  'GET /api/auth/oidc/:id/start',
  'GET /api/auth/oidc/callback',
  'POST /api/auth/oidc/exchange',
  'GET /api/public/config',
  'GET /api/public/courses',
  'POST /api/think/public/submit',
  'GET /api/v2/certificates/verify/:number',
  // An authorisation is verified by anyone who scans its QR code, like a certificate.
  'GET /api/v2/authorisations/verify/:number',
  // A toolbox talk's sheet QR opens its record; the id is the device's random UUID (routes/talks.ts).
  'GET /api/v2/talks/:id/verify',
  // The classroom kiosk's tablet: no session, the kiosk token in its own header, checked by the
  // routes themselves (services/session-kiosk.ts); test/api/kiosk.test.ts proves it opens nothing else.
  'GET /api/v2/kiosk/:id',
  'POST /api/v2/kiosk/:id/check-in',
  'POST /api/v2/kiosk/:id/close',
  // Opened by the browser's own viewer through a short-lived signed link (or with a session).
  'GET /api/v2/materials/:id/file',
  // A credential's scan, shown by an <img> or opened in a tab through a signed link (or with a session);
  // only to its owner and administrators with userManagement (routes/credentials.ts).
  'GET /api/v2/credentials/:id/scan',
  // A scheduled report's CSV or PDF, opened from the link in its e-mail: signed per subscription and
  // period, alive while it is the latest report of a subscription whose owner is active.
  'GET /api/v2/report-files/:file',
  // A video's caption file, loaded by a <track> element through a signed link (or with a session).
  'GET /api/v2/materials/:id/captions/:captionId/file',
  // An evaluation photo, loaded by an <img> through a signed link (or with a session).
  'GET /api/v2/evaluations/:id/photos/:photoId',
  // A SCORM package's files, opened by a sandboxed frame through a signed path (routes/scorm.ts).
  'GET /api/v2/scorm/content/:id/:token/*',
  // The SCORM player's page-hide commit (navigator.sendBeacon sends no header): a signed URL.
  'POST /api/v2/scorm/components/:id/beacon',
];

/** Paths that are administration by their place: every route under them must declare an admin guard... */
const ADMIN_PATHS = /^\/api\/(v2\/admin|domains|think\/admin|announcements\/admin|users|v2\/materials)(\/|$)/;
/** ...except a learner's own profile and a material they study (and the public file routes). */
const LEARNER_ROUTES_IN_ADMIN_ROUTERS = new Set([
  'GET /api/users/:id',
  'PUT /api/users/:id',
  'GET /api/v2/materials/:id',
]);

/**
 * Admin routes any administrator may call whatever their permission flags, each with the reason.
 * Empty on purpose: every administration route today maps to a flag (issue 27). Adding one here is
 * a reviewed decision, and docs/decisions/2026-11-27-guards-at-the-route.md lists it too.
 */
const ANY_ADMIN_ROUTES: Record<string, string> = {};

/** Guard problems of a route table: a route with no guard, or with more than one. */
const guardProblems = (table: GuardedRoute[]) =>
  table
    .filter((r) => r.guards.length !== 1)
    .map((r) => `${key(r)}: ${r.guards.length === 0 ? 'no guard' : r.guards.map((g) => g.kind).join(' + ')}`);

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const fill = (path: string, value: string) => path.replace(/:(\w+)/g, () => value);
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

let learnerToken: string;
let adminToken: string;

beforeAll(async () => {
  learnerToken = await login(await createUser());
  adminToken = await login(await createAdmin());
});

describe('the route table', () => {
  it('is big enough to mean something, and every public allowlist entry is a real route', () => {
    expect(routes.length).toBeGreaterThan(80);
    const registered = new Set(routes.map(key));
    for (const entry of PUBLIC_API_ROUTES) expect(registered.has(entry), entry).toBe(true);
  });

  it('gives every /api route exactly one declared guard', () => {
    expect(guardProblems(guarded)).toEqual([]);
  });

  it('declares publicRoute on exactly the reviewed public routes', () => {
    expect(routes.filter(isPublic).map(key).sort()).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('guards every route under an administration path as admin', () => {
    const stray = routes
      .filter(
        (r) =>
          ADMIN_PATHS.test(r.path) && !isAdminRoute(r) && !isPublic(r) && !LEARNER_ROUTES_IN_ADMIN_ROUTERS.has(key(r)),
      )
      .map(key);
    expect(stray).toEqual([]);
  });

  it('catches a route without a guard, or with two (self-test of the reading)', () => {
    const sub = new Hono<AppEnv>().use('*', requireAdmin('userManagement')).get('/list', (c) => c.text('ok'));
    const table = new Hono<AppEnv>()
      .get('/api/open', publicRoute, (c) => c.text('ok'))
      .get('/api/forgotten', (c) => c.text('ok'))
      .get('/api/twice', requireLearner, inFirstBatch(requireLearner), (c) => c.text('ok'))
      .route('/api/admin', sub)
      // Registered after the handler, so it does not guard it.
      .use('/api/late', requireLearner);
    const late = new Hono<AppEnv>().get('/api/late', (c) => c.text('ok')).use('/api/late', requireLearner);
    expect(guardProblems(routeGuards(table.routes))).toEqual([
      'GET /api/forgotten: no guard',
      'GET /api/twice: learner + learner',
    ]);
    const admin = routeGuards(table.routes).find((r) => r.path === '/api/admin/list');
    expect(admin?.guards).toEqual([{ kind: 'admin', permission: 'userManagement' }]);
    expect(guardProblems(routeGuards(late.routes))).toEqual(['GET /api/late: no guard']);
  });

  it('maps every admin route to a permission flag, except the reviewed any-administrator list', () => {
    const unflagged = guarded
      .filter((r) => r.guards.some((g) => g.kind === 'admin' && !g.permission))
      .map(key)
      .filter((route) => !(route in ANY_ADMIN_ROUTES));
    expect(unflagged).toEqual([]);
    for (const [route, reason] of Object.entries(ANY_ADMIN_ROUTES)) {
      expect(reason.length, route).toBeGreaterThan(20);
      expect(guardOf.get(route)?.[0], route).toEqual({ kind: 'admin', permission: null });
    }
  });

  it('refuses an administrator with all six flags off on every admin route', async () => {
    const token = await login(
      await createAdmin({ permissions: Object.fromEntries(ADMIN_PERMISSION_KEYS.map((flag) => [flag, false])) }),
    );
    const failures: string[] = [];
    for (const route of routes.filter((r) => isAdminRoute(r) && !(key(r) in ANY_ADMIN_ROUTES))) {
      const res = await api(route.method, fill(route.path, SOME_ID), {
        token,
        body: hasBody(route.method) ? {} : undefined,
      });
      if (res.status !== 403 || res.body?.code !== 'FORBIDDEN') failures.push(`${key(route)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a visitor on every /api route except the public allowlist', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const res = await api(route.method, fill(route.path, SOME_ID), { body: hasBody(route.method) ? {} : undefined });
      if (res.status !== 401 || res.body?.code !== 'UNAUTHORIZED') failures.push(`${key(route)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a learner on every admin-guarded route', async () => {
    const admin = routes.filter(isAdminRoute);
    expect(admin.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of admin) {
      const res = await api(route.method, fill(route.path, SOME_ID), {
        token: learnerToken,
        body: hasBody(route.method) ? {} : undefined,
      });
      if (res.status !== 403 || res.body?.code !== 'FORBIDDEN') failures.push(`${key(route)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('holds a user who must change an admin-generated password to the three password-change calls', async () => {
    const token = await login(await createUser({ mustChangePassword: true }));
    const allowed = new Set(['GET /api/auth/user', 'PUT /api/auth/password', 'POST /api/auth/logout']);
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r) && !allowed.has(key(r)))) {
      const res = await api(route.method, fill(route.path, SOME_ID), {
        token,
        body: hasBody(route.method) ? {} : undefined,
      });
      if (res.status !== 403 || res.body?.code !== 'PASSWORD_CHANGE_REQUIRED')
        failures.push(`${key(route)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect((await api('GET', '/api/auth/user', { token })).status).toBe(200);
  });

  it('answers a malformed path parameter with a 400/404 JSON error, never a 500', async () => {
    const withParams = routes.filter((r) => r.path.includes(':'));
    expect(withParams.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const cases = ['x'.repeat(300), '%00', 'a%20b'].flatMap((bad) => withParams.map((route) => ({ bad, route })));
    // Ten requests at a time: the same checks, in a fraction of the time on a loaded machine.
    for (let i = 0; i < cases.length; i += 10) {
      await Promise.all(
        cases.slice(i, i + 10).map(async ({ bad, route }) => {
          const res = await api(route.method, fill(route.path, bad), {
            token: adminToken,
            body: hasBody(route.method) ? {} : undefined,
          });
          const ok =
            (res.status === 400 || res.status === 404) &&
            typeof res.body?.code === 'string' &&
            typeof res.body?.message === 'string';
          if (!ok) failures.push(`${key(route)} with ${bad.slice(0, 10)} -> ${res.status}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

/**
 * The SCIM service (issue 32) lives outside /api, where identity providers are pointed: every route
 * under /scim must declare the directory-token guard and nothing else, and a caller without a token
 * gets SCIM's own 401 (not the API's JSON, not the client app).
 */
describe('the SCIM routes', () => {
  const scimRoutes = routeGuards(app.routes).filter((r) => r.path.startsWith('/scim/'));

  it('each declare exactly the SCIM token guard', () => {
    expect(scimRoutes.map(key)).toEqual(expect.arrayContaining(['GET /scim/v2/Users', 'PATCH /scim/v2/Users/:id']));
    expect(scimRoutes.filter((r) => r.guards.length !== 1 || r.guards[0]!.kind !== 'scim').map(key)).toEqual([]);
  });

  it('answer a visitor 401 in the SCIM error shape', async () => {
    for (const route of scimRoutes) {
      const response = await app.fetch(
        new Request(`http://localhost${fill(route.path, SOME_ID)}`, {
          method: route.method,
          headers: { authorization: `Bearer ${adminToken}` },
        }),
        env,
      );
      expect(response.status, key(route)).toBe(401);
      expect(response.headers.get('content-type'), key(route)).toMatch(/^application\/scim\+json/);
      expect((await response.json<{ schemas: string[] }>()).schemas).toEqual([
        'urn:ietf:params:scim:api:messages:2.0:Error',
      ]);
    }
  });
});

/** Every list route, the key of its items, and the query that asks for a page. */
const LISTS: { path: string; items: string; page: string; asAdmin: boolean; plainWithoutPage: boolean }[] = [
  { path: '/api/v2/user/courses', items: 'courses', page: 'page=1&limit=2', asAdmin: false, plainWithoutPage: false },
  { path: '/api/v2/admin/courses', items: 'courses', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: false },
  { path: '/api/v2/materials', items: 'materials', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/users', items: 'users', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/domains', items: 'domains', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  {
    path: '/api/announcements/admin/all',
    items: 'announcements',
    page: 'page=1&limit=2',
    asAdmin: true,
    plainWithoutPage: true,
  },
  { path: '/api/think/admin/all', items: 'submissions', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  {
    path: '/api/think/user/submissions',
    items: 'submissions',
    page: 'page=1&limit=2',
    asAdmin: false,
    plainWithoutPage: true,
  },
  // The 0-based admin lists: page=0 is the first page, pagination.page is 1.
  {
    path: '/api/v2/admin/assessments/attempts',
    items: 'attempts',
    page: 'page=0&size=2&status=ALL',
    asAdmin: true,
    plainWithoutPage: false,
  },
  {
    path: '/api/v2/admin/assessments/audit-log',
    items: 'entries',
    page: 'page=0&size=2',
    asAdmin: true,
    plainWithoutPage: false,
  },
];

describe('every list answers the one paged shape', () => {
  beforeAll(async () => {
    // At least three items in each list, so a page of two is a real page.
    const book = await createDomain();
    const learner = await createUser({ domainIds: [book] });
    const token = await login(learner);
    learnerToken = token;
    for (let i = 0; i < 3; i++) {
      await createCourse({ domainId: book });
      await createDomain();
      await api('POST', '/api/announcements/admin/create', {
        token: adminToken,
        body: { title: `Notice ${i}`, content: 'Wear gloves', authorName: 'EHS', priority: 'LOW' },
      });
      await api('POST', '/api/think/submit', {
        token,
        body: { type: 'QUERY', subject: `Question ${i}`, description: 'Where are the gloves?' },
      });
      await api('POST', '/api/think/submit', {
        token: adminToken,
        body: { type: 'QUERY', subject: `Admin question ${i}`, description: 'Stock' },
      });
    }
  });

  it.each(LISTS)('$path: {$items: [...], pagination} with a page, searched on the server', async (list) => {
    const token = list.asAdmin ? adminToken : learnerToken;
    const res = await api('GET', `${list.path}?${list.page}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Array.isArray(res.body[list.items])).toBe(true);
    expect(res.body.pagination).toEqual({
      page: 1,
      totalPages: expect.any(Number),
      totalItems: expect.any(Number),
      itemsPerPage: 2,
    });
    expect(res.body[list.items].length).toBeLessThanOrEqual(2);
    expect(res.body.pagination.totalPages).toBe(Math.max(1, Math.ceil(res.body.pagination.totalItems / 2)));
    if (list.plainWithoutPage) {
      const plain = await api('GET', list.path, { token });
      expect(Array.isArray(plain.body)).toBe(true);
      expect(plain.body.length).toBe(res.body.pagination.totalItems);
    }
  });
});

describe('request bodies', () => {
  it('are capped at 1 MiB on JSON routes with a JSON 413 (Hono body-limit)', async () => {
    const res = await api('POST', '/api/auth/login', {
      body: { username: 'x', password: 'y'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('server-side search', () => {
  it('finds by a contains match, any case, with % and _ meaning themselves, on every searchable list', async () => {
    const tag = `Zq${crypto.randomUUID().slice(0, 6)}`;
    const book = await createDomain(`${tag} 100% Book_A`);
    await createDomain(`${tag} 100 BookXA`);
    const learner = await createUser({ domainIds: [book] });
    const token = await login(learner);
    await createCourse({ domainId: book, title: `${tag} Hot work` });
    await api('POST', '/api/announcements/admin/create', {
      token: adminToken,
      body: { title: `${tag} 100% notice`, content: 'x', authorName: 'EHS' },
    });
    await api('POST', '/api/announcements/admin/create', {
      token: adminToken,
      body: { title: `${tag} 100 notice`, content: 'x', authorName: 'EHS' },
    });
    await api('POST', '/api/think/submit', {
      token,
      body: { type: 'QUERY', subject: `${tag} gloves_A`, description: 'x' },
    });
    await api('POST', '/api/think/submit', {
      token,
      body: { type: 'QUERY', subject: `${tag} glovesXA`, description: 'x' },
    });
    const q = (text: string) => encodeURIComponent(text.toLowerCase());

    const domains = await api('GET', `/api/domains?search=${q(`${tag} 100%`)}&page=1`, { token: adminToken });
    expect(domains.body.domains.map((d: any) => d.name)).toEqual([`${tag} 100% Book_A`]);
    expect(
      (await api('GET', `/api/domains/search?query=${q('book_a')}`, { token: adminToken })).body.map(
        (d: any) => d.name,
      ),
    ).toContain(`${tag} 100% Book_A`);
    const announcements = await api('GET', `/api/announcements/admin/all?search=${q(`${tag} 100%`)}`, {
      token: adminToken,
    });
    expect(announcements.body.map((a: any) => a.title)).toEqual([`${tag} 100% notice`]);
    const think = await api('GET', `/api/think/user/submissions?search=${q('gloves_a')}&page=1`, { token });
    expect(think.body.submissions.map((s: any) => s.subject)).toEqual([`${tag} gloves_A`]);
    const adminThink = await api('GET', `/api/think/admin/all?search=${q(`${tag} gloves_`)}`, { token: adminToken });
    expect(adminThink.body.map((s: any) => s.subject)).toEqual([`${tag} gloves_A`]);
    const adminCourses = await api('GET', `/api/v2/admin/courses?search=${q(tag)}&page=1&limit=1000`, {
      token: adminToken,
    });
    expect(adminCourses.body.courses.map((c: any) => c.title)).toEqual([`${tag} Hot work`]);
    expect(adminCourses.body.pagination.itemsPerPage).toBe(1000);
    const byBook = await api('GET', `/api/v2/admin/courses?domainId=${book}&status=PUBLISHED`, { token: adminToken });
    expect(byBook.body.courses.map((c: any) => c.title)).toEqual([`${tag} Hot work`]);
    const revoked = await api(
      'GET',
      `/api/v2/admin/assessments/audit-log?page=0&size=5&search=${q(`no-such-action-${tag}`)}`,
      { token: adminToken },
    );
    expect(revoked.body).toMatchObject({
      entries: [],
      totalItems: 0,
      currentPage: 0,
      pagination: { page: 1, totalItems: 0, itemsPerPage: 5 },
    });
    const learnerCourses = await api('GET', `/api/v2/user/courses?search=${q(`${tag} hot`)}`, { token });
    expect(learnerCourses.body.courses.map((c: any) => c.title)).toEqual([`${tag} Hot work`]);
  });

  it('GET /api/v2/materials/search?q= finds materials by title or description, admins only', async () => {
    const tag = `Mq${crypto.randomUUID().slice(0, 6)}`;
    const form = new FormData();
    form.set('file', new File([new TextEncoder().encode('%PDF-1.7 test')], 'ladder.pdf', { type: 'application/pdf' }));
    form.set('title', `${tag} Ladder_checklist`);
    const upload = await api('POST', '/api/v2/materials/upload', { token: adminToken, raw: form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const found = await api('GET', `/api/v2/materials/search?q=${encodeURIComponent(`${tag.toLowerCase()} ladder_`)}`, {
      token: adminToken,
    });
    expect(found.status).toBe(200);
    expect(found.body.map((m: any) => m.id)).toEqual([upload.body.id]);
    expect(found.body[0].fileUrl).toMatch(/\/api\/v2\/materials\/.+\/file\?u=/);
    expect((await api('GET', `/api/v2/materials/search?q=${tag}`, { token: learnerToken })).status).toBe(403);
  });
});
