import { beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, isExpiringSoon } from '../../worker/contract/announcements';
import { api, createAdmin, createUser, db, login, schema } from './helpers';

let adminToken: string;
let learnerToken: string;

beforeAll(async () => {
  adminToken = await login(await createAdmin());
  learnerToken = await login(await createUser());
});

const create = (body: Record<string, unknown>) =>
  api('POST', '/api/announcements/admin/create', {
    token: adminToken,
    body: { authorName: 'Safety Office', content: 'Body', ...body },
  });

describe('who may call the announcement routes', () => {
  const adminRoutes: [string, string, unknown?][] = [
    ['GET', '/api/announcements/admin/all'],
    ['GET', '/api/announcements/admin/stats'],
    ['POST', '/api/announcements/admin/create', { title: 't', authorName: 'a', content: 'c' }],
    ['PUT', '/api/announcements/admin/x1', { title: 't', authorName: 'a', content: 'c' }],
    ['PUT', '/api/announcements/admin/x1/toggle'],
    ['DELETE', '/api/announcements/admin/x1'],
  ];
  it.each(adminRoutes)('%s %s: 401 for a visitor, 403 for a learner', async (method, path, body) => {
    expect((await api(method, path, { body })).status).toBe(401);
    expect((await api(method, path, { body, token: learnerToken })).status).toBe(403);
  });
  it('GET /api/announcements/active needs a session only', async () => {
    expect((await api('GET', '/api/announcements/active')).status).toBe(401);
    expect((await api('GET', '/api/announcements/active', { token: learnerToken })).status).toBe(200);
  });
});

describe('announcements', () => {
  it('validates title, author, content and priority', async () => {
    const res = await api('POST', '/api/announcements/admin/create', {
      token: adminToken,
      body: { title: ' ', priority: 'CRITICAL', expiresAt: 'someday' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      title: ANNOUNCEMENT_MESSAGES.title,
      authorName: ANNOUNCEMENT_MESSAGES.authorName,
      content: ANNOUNCEMENT_MESSAGES.content,
      priority: ANNOUNCEMENT_MESSAGES.priority,
      expiresAt: ANNOUNCEMENT_MESSAGES.expiresAt,
    });
  });

  it('shows learners only active, unexpired ones, URGENT first then newest', async () => {
    await db.delete(schema.announcements);
    const low = await create({ title: 'Old low', priority: 'LOW', expiresAt: '' });
    expect(low.status).toBe(201);
    expect(low.body.announcement).toMatchObject({
      expiresAt: null,
      isActive: true,
      active: true,
      expired: false,
      priority: 'LOW',
    });
    await create({ title: 'Urgent', priority: 'URGENT' });
    const newest = await create({
      title: 'New high',
      priority: 'HIGH',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await create({ title: 'Expired', priority: 'URGENT', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const hidden = await create({ title: 'Hidden', priority: 'URGENT' });
    const toggled = await api('PUT', `/api/announcements/admin/${hidden.body.announcement.id}/toggle`, {
      token: adminToken,
    });
    expect(toggled.body.announcement.isActive).toBe(false);

    const active = await api('GET', '/api/announcements/active', { token: learnerToken });
    expect(active.body.map((a: any) => a.title)).toEqual(['Urgent', 'New high', 'Old low']);
    expect(isExpiringSoon(newest.body.announcement.expiresAt)).toBe(true);

    const stats = await api('GET', '/api/announcements/admin/stats', { token: adminToken });
    expect(stats.body).toEqual({ totalActive: 3, urgentCount: 1, highCount: 1, mediumCount: 0, lowCount: 1 });
    const all = await api('GET', '/api/announcements/admin/all', { token: adminToken });
    expect(all.body).toHaveLength(5);
    expect(all.body.find((a: any) => a.title === 'Expired').expired).toBe(true);
  });

  it('updates, toggles and deletes with their success messages, 404 for unknown ids', async () => {
    const made = await create({ title: 'Drill on Friday', priority: 'MEDIUM' });
    const id = made.body.announcement.id;
    const upd = await api('PUT', `/api/announcements/admin/${id}`, {
      token: adminToken,
      body: {
        title: 'Drill on Monday',
        authorName: 'HSE',
        content: 'Meet at gate 2',
        priority: 'HIGH',
        expiresAt: null,
      },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      message: ANNOUNCEMENT_MESSAGES.updated,
      announcement: { title: 'Drill on Monday', priority: 'HIGH' },
    });
    const del = await api('DELETE', `/api/announcements/admin/${id}`, { token: adminToken });
    expect(del.body.message).toBe(ANNOUNCEMENT_MESSAGES.deleted);
    expect((await api('DELETE', `/api/announcements/admin/${id}`, { token: adminToken })).status).toBe(404);
    expect((await api('PUT', `/api/announcements/admin/${id}/toggle`, { token: adminToken })).status).toBe(404);
  });
});
