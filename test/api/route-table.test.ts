import { beforeAll, describe, expect, it } from 'vitest';
import { app, PUBLIC_API_ROUTES } from '../../worker/app';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, login } from './helpers';

/**
 * Walks the Worker's own route table (`app.routes`), so a route added tomorrow is checked
 * without anyone remembering to list it here.
 */
const routes = [
  ...new Map(
    app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const isPublic = (r: { method: string; path: string }) => (PUBLIC_API_ROUTES as readonly string[]).includes(key(r));

/** Routes a learner may call outside the admin prefixes (their own profile, a material they study). */
const LEARNER_ROUTES_IN_ADMIN_ROUTERS = new Set(['GET /api/users/:id', 'PUT /api/users/:id', 'GET /api/v2/materials/:id']);
const isAdminRoute = (r: { method: string; path: string }) =>
  !LEARNER_ROUTES_IN_ADMIN_ROUTERS.has(key(r)) &&
  (/^\/api\/(v2\/admin|domains|think\/admin|announcements\/admin|users)(\/|$)/.test(r.path) ||
    (r.path.startsWith('/api/v2/materials') && !isPublic(r)) ||
    key(r) === 'POST /api/v2/certificates/:certificateId/revoke');

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

  it('answers 401 to a visitor on every /api route except the public allowlist', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const res = await api(route.method, fill(route.path, SOME_ID), { body: hasBody(route.method) ? {} : undefined });
      if (res.status !== 401 || res.body?.code !== 'UNAUTHORIZED') failures.push(`${key(route)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a learner on every admin route', async () => {
    const admin = routes.filter(isAdminRoute);
    expect(admin.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of admin) {
      const res = await api(route.method, fill(route.path, SOME_ID), { token: learnerToken, body: hasBody(route.method) ? {} : undefined });
      if (res.status !== 403 || res.body?.code !== 'FORBIDDEN') failures.push(`${key(route)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('holds a user who must change an admin-generated password to the three password-change calls', async () => {
    const token = await login(await createUser({ mustChangePassword: true }));
    const allowed = new Set(['GET /api/auth/user', 'PUT /api/auth/password', 'POST /api/auth/logout']);
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r) && !allowed.has(key(r)))) {
      const res = await api(route.method, fill(route.path, SOME_ID), { token, body: hasBody(route.method) ? {} : undefined });
      if (res.status !== 403 || res.body?.code !== 'PASSWORD_CHANGE_REQUIRED') failures.push(`${key(route)} -> ${res.status}`);
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
          const res = await api(route.method, fill(route.path, bad), { token: adminToken, body: hasBody(route.method) ? {} : undefined });
          const ok = (res.status === 400 || res.status === 404) && typeof res.body?.code === 'string' && typeof res.body?.message === 'string';
          if (!ok) failures.push(`${key(route)} with ${bad.slice(0, 10)} -> ${res.status}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

/** Every list route, the key of its items, and the query that asks for a page. */
const LISTS: { path: string; items: string; page: string; asAdmin: boolean; plainWithoutPage: boolean }[] = [
  { path: '/api/v2/user/courses', items: 'courses', page: 'page=1&limit=2', asAdmin: false, plainWithoutPage: false },
  { path: '/api/v2/admin/courses', items: 'courses', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: false },
  { path: '/api/v2/materials', items: 'materials', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/users', items: 'users', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/domains', items: 'domains', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/announcements/admin/all', items: 'announcements', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/think/admin/all', items: 'submissions', page: 'page=1&limit=2', asAdmin: true, plainWithoutPage: true },
  { path: '/api/think/user/submissions', items: 'submissions', page: 'page=1&limit=2', asAdmin: false, plainWithoutPage: true },
  // The 0-based admin lists: page=0 is the first page, pagination.page is 1.
  { path: '/api/v2/admin/assessments/attempts', items: 'attempts', page: 'page=0&size=2&status=ALL', asAdmin: true, plainWithoutPage: false },
  { path: '/api/v2/admin/assessments/audit-log', items: 'entries', page: 'page=0&size=2', asAdmin: true, plainWithoutPage: false },
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
      await api('POST', '/api/announcements/admin/create', { token: adminToken, body: { title: `Notice ${i}`, content: 'Wear gloves', authorName: 'EHS', priority: 'LOW' } });
      await api('POST', '/api/think/submit', { token, body: { type: 'QUERY', subject: `Question ${i}`, description: 'Where are the gloves?' } });
      await api('POST', '/api/think/submit', { token: adminToken, body: { type: 'QUERY', subject: `Admin question ${i}`, description: 'Stock' } });
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
    const res = await api('POST', '/api/auth/login', { body: { username: 'x', password: 'y'.repeat(1024 * 1024 + 10) } });
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
    await api('POST', '/api/announcements/admin/create', { token: adminToken, body: { title: `${tag} 100% notice`, content: 'x', authorName: 'EHS' } });
    await api('POST', '/api/announcements/admin/create', { token: adminToken, body: { title: `${tag} 100 notice`, content: 'x', authorName: 'EHS' } });
    await api('POST', '/api/think/submit', { token, body: { type: 'QUERY', subject: `${tag} gloves_A`, description: 'x' } });
    await api('POST', '/api/think/submit', { token, body: { type: 'QUERY', subject: `${tag} glovesXA`, description: 'x' } });
    const q = (text: string) => encodeURIComponent(text.toLowerCase());

    const domains = await api('GET', `/api/domains?search=${q(`${tag} 100%`)}&page=1`, { token: adminToken });
    expect(domains.body.domains.map((d: any) => d.name)).toEqual([`${tag} 100% Book_A`]);
    expect((await api('GET', `/api/domains/search?query=${q('book_a')}`, { token: adminToken })).body.map((d: any) => d.name)).toContain(`${tag} 100% Book_A`);
    const announcements = await api('GET', `/api/announcements/admin/all?search=${q(`${tag} 100%`)}`, { token: adminToken });
    expect(announcements.body.map((a: any) => a.title)).toEqual([`${tag} 100% notice`]);
    const think = await api('GET', `/api/think/user/submissions?search=${q('gloves_a')}&page=1`, { token });
    expect(think.body.submissions.map((s: any) => s.subject)).toEqual([`${tag} gloves_A`]);
    const adminThink = await api('GET', `/api/think/admin/all?search=${q(`${tag} gloves_`)}`, { token: adminToken });
    expect(adminThink.body.map((s: any) => s.subject)).toEqual([`${tag} gloves_A`]);
    const adminCourses = await api('GET', `/api/v2/admin/courses?search=${q(tag)}&page=1&limit=1000`, { token: adminToken });
    expect(adminCourses.body.courses.map((c: any) => c.title)).toEqual([`${tag} Hot work`]);
    expect(adminCourses.body.pagination.itemsPerPage).toBe(1000);
    const byBook = await api('GET', `/api/v2/admin/courses?domainId=${book}&status=PUBLISHED`, { token: adminToken });
    expect(byBook.body.courses.map((c: any) => c.title)).toEqual([`${tag} Hot work`]);
    const revoked = await api('GET', `/api/v2/admin/assessments/audit-log?page=0&size=5&search=${q('no-such-action-' + tag)}`, { token: adminToken });
    expect(revoked.body).toMatchObject({ entries: [], totalItems: 0, currentPage: 0, pagination: { page: 1, totalItems: 0, itemsPerPage: 5 } });
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
    const found = await api('GET', `/api/v2/materials/search?q=${encodeURIComponent(`${tag.toLowerCase()} ladder_`)}`, { token: adminToken });
    expect(found.status).toBe(200);
    expect(found.body.map((m: any) => m.id)).toEqual([upload.body.id]);
    expect(found.body[0].fileUrl).toMatch(/\/api\/v2\/materials\/.+\/file\?u=/);
    expect((await api('GET', `/api/v2/materials/search?q=${tag}`, { token: learnerToken })).status).toBe(403);
  });
});
