import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, db, login, schema } from './helpers';
import { adminToken, signInAdmin } from './compliance-helpers';
import { inMinutes, sessionBody, sessionCount } from './session-helpers';

/**
 * A classroom session may name its site (issue 29 "place (and site, once sites exist)", issue 30's
 * sites): optional on POST /api/v2/admin/sessions, shown to the roster, the learner and the sheet;
 * an unknown or retired site refused with the sites' own message, nothing written.
 */

beforeAll(signInAdmin);

const UNKNOWN = 'This site does not exist or has been retired. Add it under Sites first.';

async function newSite(retired = false) {
  const id = crypto.randomUUID();
  const name = `Plant ${id.slice(0, 8)}`;
  await db.insert(schema.sites).values({ id, name, ...(retired ? { retiredAt: new Date().toISOString() } : {}) });
  return { id, name };
}

/** Schedules a session two hours ahead with `body`; answers the response, refused or not. */
async function post(body: Record<string, unknown>) {
  const trainer = await createUser({ jobTitle: 'Nurse educator' });
  return api('POST', '/api/v2/admin/sessions', {
    token: adminToken,
    body: sessionBody(trainer.id, { startsAt: inMinutes(120), endsAt: inMinutes(180), ...body }),
  });
}

describe('a classroom session’s site', () => {
  it('is stored and shown on the roster, the list and the learner’s session', async () => {
    const site = await newSite();
    const res = await post({ siteId: site.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.session.site).toEqual(site);
    const id = res.body.session.id as string;
    const row = await db.select().from(schema.classroomSessions).where(eq(schema.classroomSessions.id, id)).get();
    expect(row?.siteId).toBe(site.id);
    const detail = await api('GET', `/api/v2/admin/sessions/${id}`, { token: adminToken });
    expect(detail.body.session.site).toEqual(site);
    const list = await api('GET', '/api/v2/admin/sessions', { token: adminToken });
    expect(list.body.sessions.find((s: { id: string }) => s.id === id).site).toEqual(site);

    const learner = await createUser();
    const token = await login(learner);
    await api('POST', `/api/v2/admin/sessions/${id}/invite`, { token: adminToken, body: { userIds: [learner.id] } });
    const mine = await api('GET', '/api/v2/user/sessions', { token });
    expect(mine.body.sessions.find((s: { id: string }) => s.id === id).site).toEqual(site);

    // Retiring the site later keeps it on the record: the session was held there.
    await db.update(schema.sites).set({ retiredAt: new Date().toISOString() }).where(eq(schema.sites.id, site.id));
    expect((await api('GET', `/api/v2/admin/sessions/${id}`, { token: adminToken })).body.session.site).toEqual(site);
  });

  it('is optional: without one the session has no site', async () => {
    const res = await post({});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.session.site).toBeNull();
  });

  it('refuses an unknown or a retired site with the sites’ message, and writes nothing', async () => {
    const retired = await newSite(true);
    for (const siteId of [crypto.randomUUID(), retired.id]) {
      const before = await sessionCount();
      const res = await post({ siteId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(UNKNOWN);
      expect(res.body.fields).toEqual({ siteId: UNKNOWN });
      expect(await sessionCount()).toBe(before);
    }
  });

  it('lists the active sites for the schedule form to Module Management, no one else', async () => {
    const active = await newSite();
    const retired = await newSite(true);
    const res = await api('GET', '/api/v2/admin/sessions/sites', { token: adminToken });
    expect(res.status).toBe(200);
    const ids = res.body.sites.map((s: { id: string }) => s.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(retired.id);
    expect(res.body.sites.find((s: { id: string }) => s.id === active.id)).toEqual(active);
    const learner = await createUser();
    const token = await login(learner);
    expect((await api('GET', '/api/v2/admin/sessions/sites', { token })).status).toBe(403);
  });
});
