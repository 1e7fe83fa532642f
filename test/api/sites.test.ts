import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../worker/contract/errors';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema, userRow } from './helpers';

// Issue 30's foundation: sites, reporting lines (no loops, no leaver as manager, no unknown site,
// nothing half-written), the CSV columns, requirements that target a site, and site-limited admins.

let admin: string;
beforeAll(async () => {
  admin = await login(await createAdmin());
});

const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 8)}`;

async function newSite(name = unique('Site')) {
  const res = await api('POST', '/api/v2/admin/sites', { token: admin, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.site as { id: string; name: string };
}

const put = (id: string, body: Record<string, unknown>, token = admin) =>
  api('PUT', `/api/users/${id}`, { token, body });

describe('sites', () => {
  it('lists, creates, renames and retires sites; a name is unique (any case) and required', async () => {
    const site = await newSite(unique('North yard'));
    expect(
      (await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: site.name.toUpperCase() } })).body,
    ).toMatchObject({ code: 'CONFLICT', message: REFUSALS['site.nameTaken'] });
    expect((await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: '  ' } })).body.message).toBe(
      REFUSALS['site.name'],
    );
    const renamed = await api('PUT', `/api/v2/admin/sites/${site.id}`, {
      token: admin,
      body: { name: `${site.name} 2` },
    });
    expect(renamed.body.site.name).toBe(`${site.name} 2`);
    await createUser({ siteId: site.id });
    const list = await api('GET', '/api/v2/admin/sites', { token: admin });
    expect(list.body.sites.find((s: { id: string }) => s.id === site.id)).toMatchObject({
      peopleCount: 1,
      retiredAt: null,
    });
    const retired = await api('POST', `/api/v2/admin/sites/${site.id}/retire`, { token: admin });
    expect(retired.body.site.retiredAt).toBeTruthy();
    expect((await api('POST', `/api/v2/admin/sites/${site.id}/retire`, { token: admin })).status).toBe(409);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, site.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['SITE_CREATED', 'SITE_RENAMED', 'SITE_RETIRED']);
    // A learner may not read the list.
    const learner = await login(await createUser());
    expect((await api('GET', '/api/v2/admin/sites', { token: learner })).status).toBe(403);
  });
});

describe('reporting lines', () => {
  it('creates and edits people with a site and a manager', async () => {
    const site = await newSite();
    const boss = await createUser();
    const created = await api('POST', '/api/users', {
      token: admin,
      body: {
        username: unique('pat').replace(' ', '_'),
        email: `${crypto.randomUUID()}@example.test`,
        siteId: site.id,
        managerId: boss.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.user).toMatchObject({ siteId: site.id, managerId: boss.id });
    const cleared = await put(created.body.user.id, { managerId: null, siteId: '' });
    expect(cleared.body).toMatchObject({ siteId: null, managerId: null });
  });

  it('refuses a loop, oneself, a leaver, an unknown manager or site, and writes nothing then', async () => {
    const a = await createUser();
    const b = await createUser({ managerId: a.id });
    const c = await createUser({ managerId: b.id });
    // a -> b -> c: a cannot report to c (indirect) nor to b (direct), nor to themselves.
    for (const managerId of [c.id, b.id]) {
      const res = await put(a.id, { managerId, firstName: 'Changed' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(REFUSALS['user.managerCycle']);
    }
    expect((await put(a.id, { managerId: a.id })).body.message).toBe(REFUSALS['user.managerSelf']);
    const leaver = await createUser({ deactivatedAt: new Date().toISOString() });
    expect((await put(a.id, { managerId: leaver.id })).body.message).toBe(REFUSALS['user.managerLeaver']);
    expect((await put(a.id, { managerId: crypto.randomUUID() })).body.message).toBe(REFUSALS['user.managerNotFound']);
    expect((await put(a.id, { siteId: crypto.randomUUID() })).body.message).toBe(REFUSALS['site.unknown']);
    const retired = await newSite();
    await api('POST', `/api/v2/admin/sites/${retired.id}/retire`, { token: admin });
    expect((await put(a.id, { siteId: retired.id })).body.message).toBe(REFUSALS['site.unknown']);
    // Nothing of the refused edits was written.
    const row = await userRow(a.id);
    expect(row).toMatchObject({ managerId: null, siteId: null, firstName: 'Test' });
    const created = await api('POST', '/api/users', {
      token: admin,
      body: {
        username: unique('lee').replace(' ', '_'),
        email: `${crypto.randomUUID()}@example.test`,
        managerId: leaver.id,
      },
    });
    expect(created.body.message).toBe(REFUSALS['user.managerLeaver']);
    // Moving c under a is fine (no loop).
    expect((await put(c.id, { managerId: a.id })).body.managerId).toBe(a.id);
  });

  it('imports and exports the site (a name) and the manager (a username)', async () => {
    const site = await newSite(unique('Dock'));
    const boss = await createUser();
    const leaver = await createUser({ deactivatedAt: new Date().toISOString() });
    const tag = crypto.randomUUID().slice(0, 6);
    const csv = [
      'username,email,site,manager',
      `lead_${tag},lead_${tag}@example.test,${site.name.toLowerCase()},${boss.username}`,
      `crew_${tag},crew_${tag}@example.test,${site.name},lead_${tag}`,
      `bad1_${tag},bad1_${tag}@example.test,Nowhere ${tag},`,
      `bad2_${tag},bad2_${tag}@example.test,,${leaver.username}`,
      `bad3_${tag},bad3_${tag}@example.test,,later_${tag}`,
      `later_${tag},later_${tag}@example.test,,`,
    ].join('\n');
    const res = await api('POST', '/api/users/bulk', {
      token: admin,
      raw: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byName = new Map(res.body.map((r: { username: string }) => [r.username, r]));
    expect(byName.get(`lead_${tag}`)).toMatchObject({ status: 'success' });
    expect(byName.get(`crew_${tag}`)).toMatchObject({ status: 'success' });
    expect(byName.get(`bad1_${tag}`)).toMatchObject({ status: 'error', message: REFUSALS['site.unknown'] });
    expect(byName.get(`bad2_${tag}`)).toMatchObject({ status: 'error', message: REFUSALS['user.managerLeaver'] });
    expect(byName.get(`bad3_${tag}`)).toMatchObject({ status: 'error', message: REFUSALS['user.managerLaterRow'] });
    const lead = await userRow((byName.get(`lead_${tag}`) as { id: string }).id);
    const crew = await userRow((byName.get(`crew_${tag}`) as { id: string }).id);
    expect(lead).toMatchObject({ siteId: site.id, managerId: boss.id });
    expect(crew).toMatchObject({ siteId: site.id, managerId: lead!.id });
    const exported = await api('GET', '/api/users/export', { token: admin, headers: { accept: 'application/json' } });
    expect(exported.body.find((r: { username: string }) => r.username === `crew_${tag}`)).toMatchObject({
      site: site.name,
      manager: `lead_${tag}`,
    });
    const text = await api('GET', '/api/users/export', { token: admin });
    expect((text.body as string).split('\r\n')[0]).toContain('passwordCreatedAt,site,manager');
  });
});

describe('requirements target a site', () => {
  it('covers the people of the site only, without the book', async () => {
    const site = await newSite();
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId });
    const here = await createUser({ siteId: site.id });
    const elsewhere = await createUser({ domainIds: [bookId] });
    const preview = await api(
      'GET',
      `/api/v2/admin/requirements/audience?${new URLSearchParams({ bookId, siteId: site.id })}`,
      { token: admin },
    );
    expect(preview.body.people.map((p: { id: string }) => p.id)).toEqual([here.id]);
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: admin,
      body: { courseId: course.courseId, bookId, siteId: site.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.requirement).toMatchObject({ siteId: site.id, siteName: site.name, coveredCount: 1 });
    const enrolled = await db
      .select()
      .from(schema.courseProgress)
      .where(eq(schema.courseProgress.courseId, course.courseId));
    expect(enrolled.map((p) => p.userId)).toEqual([here.id]);
    expect(elsewhere.id).not.toBe(here.id);
    const unknown = await api('POST', '/api/v2/admin/requirements', {
      token: admin,
      body: { courseId: course.courseId, bookId, siteId: crypto.randomUUID() },
    });
    expect(unknown.body.message).toBe(REFUSALS['site.unknown']);
    // Moving a person to the site brings them the training.
    const mover = await createUser();
    expect((await put(mover.id, { siteId: site.id })).status).toBe(200);
    const theirs = await db.select().from(schema.courseProgress).where(eq(schema.courseProgress.userId, mover.id));
    expect(theirs.map((p) => p.courseId)).toEqual([course.courseId]);
  });
});

describe('a site-limited administrator', () => {
  it('reads and changes only the people and records of their site', async () => {
    const north = await newSite();
    const south = await newSite();
    const tag = crypto.randomUUID().slice(0, 6);
    const mine = await createUser({ siteId: north.id, username: `mine_${tag}` });
    const theirs = await createUser({ siteId: south.id, username: `theirs_${tag}` });
    const nowhere = await createUser({ username: `nowhere_${tag}` });
    const limitedUser = await createAdmin({ username: `limited_${tag}` });
    expect((await put(limitedUser.id, { adminSiteId: north.id })).status).toBe(200);
    const limited = await login(limitedUser);

    const list = await api('GET', `/api/users?page=1&limit=50&search=${tag}`, { token: limited });
    expect(list.body.users.map((u: { id: string }) => u.id)).toEqual([mine.id]);
    const search = await api('GET', `/api/users/search?q=${tag}`, { token: limited });
    expect(search.body.map((u: { id: string }) => u.id)).toEqual([mine.id]);
    const csv = (await api('GET', '/api/users/export', { token: limited })).body as string;
    expect(csv).toContain(`mine_${tag}`);
    expect(csv).not.toContain(`theirs_${tag}`);
    expect(csv).not.toContain(`nowhere_${tag}`);

    for (const other of [theirs, nowhere]) {
      expect((await api('GET', `/api/users/${other.id}`, { token: limited })).status).toBe(403);
      const edit = await put(other.id, { firstName: 'Nope' }, limited);
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe(REFUSALS['site.outsideLimit']);
      expect((await api('GET', `/api/v2/admin/users/${other.id}/training-record`, { token: limited })).status).toBe(
        403,
      );
      const deactivate = await api('POST', `/api/users/${other.id}/deactivate`, {
        token: limited,
        body: { reason: 'x' },
      });
      expect(deactivate.status).toBe(403);
    }
    expect(await userRow(theirs.id)).toMatchObject({ firstName: 'Test', deactivatedAt: null });
    expect((await put(mine.id, { firstName: 'Yes' }, limited)).status).toBe(200);
    expect((await api('GET', `/api/v2/admin/users/${mine.id}/training-record`, { token: limited })).status).toBe(200);
    // Cannot move someone to another site, nor lift or set site limits, nor change sites.
    expect((await put(mine.id, { siteId: south.id }, limited)).status).toBe(403);
    expect((await put(limitedUser.id, { adminSiteId: null }, limited)).body.message).toBe(
      REFUSALS['site.limitNeedsUnlimited'],
    );
    expect((await api('POST', '/api/v2/admin/sites', { token: limited, body: { name: unique('X') } })).status).toBe(
      403,
    );
    // New people land on their site.
    const created = await api('POST', '/api/users', {
      token: limited,
      body: { username: `new_${tag}`, email: `new_${tag}@example.test` },
    });
    expect(created.body.user.siteId).toBe(north.id);
    // An administrator they make is limited to their site too.
    const madeAdmin = await api('POST', '/api/users', {
      token: limited,
      body: { username: `newadmin_${tag}`, email: `newadmin_${tag}@example.test`, role: 'ADMIN' },
    });
    expect(madeAdmin.status, JSON.stringify(madeAdmin.body)).toBe(201);
    expect((await userRow(madeAdmin.body.user.id))?.adminSiteId).toBe(north.id);

    // The compliance matrix shows their site's people only.
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId });
    const dept = unique('Dept');
    await db.update(schema.users).set({ department: dept }).where(eq(schema.users.id, mine.id));
    await db.update(schema.users).set({ department: dept }).where(eq(schema.users.id, theirs.id));
    expect(
      (
        await api('POST', '/api/v2/admin/requirements', {
          token: admin,
          body: { courseId: course.courseId, bookId, department: dept },
        })
      ).status,
    ).toBe(201);
    const matrix = await api('GET', `/api/v2/admin/compliance?department=${encodeURIComponent(dept)}`, {
      token: limited,
    });
    expect(matrix.status, JSON.stringify(matrix.body)).toBe(200);
    expect(matrix.body.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([mine.id]);
    const whole = await api('GET', `/api/v2/admin/compliance?department=${encodeURIComponent(dept)}`, { token: admin });
    expect(whole.body.rows).toHaveLength(2);
    const matrixCsv = await api('GET', `/api/v2/admin/compliance/export.csv?department=${encodeURIComponent(dept)}`, {
      token: limited,
    });
    expect(matrixCsv.body).toContain(`mine_${tag}`);
    expect(matrixCsv.body).not.toContain(`theirs_${tag}`);
    // Reminders reach their site's people only: another site's person is refused, a filter is narrowed.
    const remind = await api('POST', '/api/v2/admin/compliance/reminders', {
      token: limited,
      body: { userIds: [theirs.id] },
    });
    expect(remind.status).toBe(403);
    const byFilter = await api('POST', '/api/v2/admin/compliance/reminders', {
      token: limited,
      body: { filter: { department: dept } },
    });
    expect(byFilter.status, JSON.stringify(byFilter.body)).toBe(200);
    const mailed = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'MANUAL_REMINDER'));
    const addressees = mailed.map((m) => m.to);
    expect(addressees).toContain((await userRow(mine.id))!.email);
    expect(addressees).not.toContain((await userRow(theirs.id))!.email);
  });
});
