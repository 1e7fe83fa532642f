import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enroll, openedMaterialAgo } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';

let adminToken: string;

const forgetSnapshots = () => db.delete(schema.adminSnapshots);
let learnerToken: string;

beforeAll(async () => {
  adminToken = await login(await createAdmin());
  learnerToken = await login(await createUser());
});

describe('who may call the dashboard routes', () => {
  it.each(['stats', 'recent-progress', 'recent-courses', 'top-performers'])(
    'GET /api/v2/admin/dashboard/%s: 401 visitor, 403 learner, 200 admin',
    async (name) => {
      const path = `/api/v2/admin/dashboard/${name}`;
      expect((await api('GET', path)).status).toBe(401);
      expect((await api('GET', path, { token: learnerToken })).status).toBe(403);
      expect((await api('GET', path, { token: adminToken })).status).toBe(200);
    },
  );
});

describe('dashboard', () => {
  it('counts learners only, learners without a book as pending, books, assignments and courses', async () => {
    const before = (await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken })).body;
    const book = await createDomain();
    await createUser({ domainIds: [book] });
    await createUser(); // no book: a pending action
    await createAdmin(); // admins are not counted
    await createCourse({ domainId: book, components: ['MATERIAL'] });
    // The fixtures write to D1 directly, past the admin routes that forget the counts' snapshot.
    await forgetSnapshots();
    const after = await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      activeUsers: before.activeUsers + 2,
      pendingActions: before.pendingActions + 1,
      totalDomains: before.totalDomains + 1,
      totalAssignments: before.totalAssignments + 1,
      totalCourses: before.totalCourses + 1,
    });
    const users = await db.select({ n: sql<number>`count(*)` }).from(schema.users).where(sql`role = 'USER'`).get();
    expect(after.body.activeUsers).toBe(users?.n);
  });

  it('lists recent progress, recent courses (newest first) and top performers', async () => {
    const course = await createCourse({ components: ['MATERIAL'], title: 'Ladder Safety Basics' });
    const star = await createUser({ username: 'star.performer', domainIds: [course.domainId] });
    const token = await login(star);
    await enroll(token, course.courseId);
    await openedMaterialAgo(token, course.material!.componentId, 3600);
    const done = await api('PUT', `/api/v2/user/progress/components/${course.material!.componentId}/progress`, {
      token,
      body: { progressPercentage: 100 },
    });
    expect(done.status).toBe(200);

    const progress = await api('GET', '/api/v2/admin/dashboard/recent-progress', { token: adminToken });
    expect(progress.body[0]).toMatchObject({
      username: 'star.performer',
      courseName: 'Ladder Safety Basics',
      progress: 100,
    });
    expect(Date.parse(progress.body[0].timestamp)).not.toBeNaN();

    const recent = await api('GET', '/api/v2/admin/dashboard/recent-courses', { token: adminToken });
    expect(recent.body[0]).toMatchObject({
      id: course.courseId,
      title: 'Ladder Safety Basics',
      status: 'PUBLISHED',
      domain: expect.any(String),
    });

    // Top performers is a snapshot of at most a minute: a learner's completion shows once it is renewed.
    await forgetSnapshots();
    const top = await api('GET', '/api/v2/admin/dashboard/top-performers', { token: adminToken });
    expect(top.body).toContainEqual({ username: 'star.performer', completedCourses: 1, totalCourses: 1 });
  });

  it('keeps the counts as a snapshot that an admin write through the API forgets at once', async () => {
    const before = (await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken })).body;
    await createUser(); // straight into D1: the snapshot does not see it
    expect((await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken })).body).toEqual(before);
    const tag = crypto.randomUUID().slice(0, 8);
    const created = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: `snap.${tag}`, email: `snap.${tag}@example.test` },
    });
    expect(created.status).toBe(201);
    const after = (await api('GET', '/api/v2/admin/dashboard/stats', { token: adminToken })).body;
    expect(after.activeUsers).toBe(before.activeUsers + 2);
  });
});
