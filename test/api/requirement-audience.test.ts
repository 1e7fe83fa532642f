import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';
import { adminToken, myRequirements, signInAdmin } from './compliance-helpers';

// A requirement's audience is the people of its department / job title, with or without its book;
// they get the book and the course at once, audit-logged, and keep them when they leave.

beforeAll(signInAdmin);

/** A department name no other test uses (the API tests share one database). */
const department = () => `Dept ${crypto.randomUUID().slice(0, 8)}`;

async function progressOf(userIds: string[], courseId: string) {
  return db
    .select()
    .from(schema.courseProgress)
    .where(and(inArray(schema.courseProgress.userId, userIds), eq(schema.courseProgress.courseId, courseId)));
}

async function booksOf(userId: string) {
  return (await db.select().from(schema.userDomains).where(eq(schema.userDomains.userId, userId))).map(
    (r) => r.domainId,
  );
}

const auditOf = (requirementId: string) =>
  db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, requirementId));

const preview = (query: Record<string, string>, token = adminToken) =>
  api('GET', `/api/v2/admin/requirements/audience?${new URLSearchParams(query)}`, { token });

/** A book with a published course, and the people of one department: two without the book, one with it. */
async function warehouse() {
  const bookId = await createDomain();
  const course = await createCourse({ domainId: bookId });
  const dept = department();
  const ana = await createUser({ department: dept, firstName: 'Ana', lastName: 'Alves' });
  const ben = await createUser({ department: dept.toUpperCase(), firstName: 'Ben', lastName: 'Brown' });
  const cai = await createUser({ department: dept, firstName: 'Cai', lastName: 'Chen', domainIds: [bookId] });
  // Not in the audience: another department holding the book, a leaver of the department, an admin.
  const other = await createUser({ department: department(), domainIds: [bookId] });
  const leaver = await createUser({ department: dept, deactivatedAt: new Date().toISOString() });
  await createAdmin({ department: dept });
  return { bookId, course, dept, ana, ben, cai, other, leaver };
}

describe('a requirement brings its training to the people it covers', () => {
  it('previews and covers the people of the department whether or not they hold the book', async () => {
    const { bookId, course, dept, ana, ben, cai, other } = await warehouse();
    const before = await preview({ bookId, department: dept });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toEqual({
      count: 3,
      people: [
        { id: ana.id, name: 'Ana Alves' },
        { id: ben.id, name: 'Ben Brown' },
        { id: cai.id, name: 'Cai Chen' },
      ],
    });

    const created = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department: dept },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const requirementId = created.body.requirement.id as string;
    expect(created.body.requirement.coveredCount).toBe(3);

    // Each of the three holds the book and is enrolled, nothing else was given.
    for (const person of [ana, ben, cai]) expect(await booksOf(person.id)).toContain(bookId);
    const enrolled = await progressOf([ana.id, ben.id, cai.id, other.id], course.courseId);
    expect(enrolled.map((p) => p.userId).sort()).toEqual([ana.id, ben.id, cai.id].sort());
    expect(enrolled.every((p) => p.status === 'ENROLLED' && p.overallProgress === 0)).toBe(true);
    const components = await db
      .select()
      .from(schema.componentProgress)
      .where(eq(schema.componentProgress.userId, ana.id));
    expect(components.map((c) => c.componentId).sort()).toEqual(course.componentIds.slice().sort());

    // Audit: the requirement, two books given (Cai held it), three enrolments, each naming the person.
    const audit = await auditOf(requirementId);
    const byAction = (action: string) =>
      audit
        .filter((a) => a.action === action)
        .map((a) => a.targetUserId)
        .sort();
    expect(byAction('REQUIREMENT_CREATED')).toHaveLength(1);
    expect(byAction('REQUIREMENT_BOOK_ASSIGNED')).toEqual([ana.id, ben.id].sort());
    expect(byAction('REQUIREMENT_ENROLLED')).toEqual([ana.id, ben.id, cai.id].sort());

    // The matrix has them pending, and the learner sees the course required.
    const matrix = await api('GET', `/api/v2/admin/compliance?department=${encodeURIComponent(dept)}`, {
      token: adminToken,
    });
    expect(matrix.status).toBe(200);
    expect(matrix.body.rows.map((r: { user: { id: string } }) => r.user.id).sort()).toEqual(
      [ana.id, ben.id, cai.id].sort(),
    );
    const mine = await myRequirements(await login(ana));
    expect(mine.find((r) => r.requirementId === requirementId)?.status).toBe('pending');
  });

  it('is idempotent: saving again enrols nobody twice and leaves progress as it was', async () => {
    const { bookId, course, dept, ana, ben, cai } = await warehouse();
    // Cai is already half-way through the course.
    await db.insert(schema.courseProgress).values({
      id: crypto.randomUUID(),
      userId: cai.id,
      courseId: course.courseId,
      status: 'IN_PROGRESS',
      overallProgress: 50,
      startedAt: '2026-01-02T00:00:00.000Z',
    });
    const body = { courseId: course.courseId, bookId, department: dept };
    const created = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body });
    const requirementId = created.body.requirement.id as string;
    const saved = await api('PUT', `/api/v2/admin/requirements/${requirementId}`, { token: adminToken, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rows = await progressOf([ana.id, ben.id, cai.id], course.courseId);
    expect(rows).toHaveLength(3);
    expect(rows.find((p) => p.userId === cai.id)).toMatchObject({ status: 'IN_PROGRESS', overallProgress: 50 });
    const audit = await auditOf(requirementId);
    expect(
      audit
        .filter((a) => a.action === 'REQUIREMENT_ENROLLED')
        .map((a) => a.targetUserId)
        .sort(),
    ).toEqual([ana.id, ben.id].sort());
    expect(audit.filter((a) => a.action === 'REQUIREMENT_BOOK_ASSIGNED')).toHaveLength(2);
  });

  it('brings the training to a person who enters the department later, covered from that day', async () => {
    const { bookId, course, dept } = await warehouse();
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department: dept, activeFrom: '2026-01-01' },
    });
    const requirementId = created.body.requirement.id as string;
    const newcomer = await createUser({ department: 'Office', domainIds: [bookId] });
    // Held the book for a year: moving into the department must not make them overdue at once.
    await db
      .update(schema.userDomains)
      .set({ createdAt: '2025-01-01T00:00:00.000Z' })
      .where(eq(schema.userDomains.userId, newcomer.id));
    expect(await progressOf([newcomer.id], course.courseId)).toHaveLength(0);

    const moved = await api('PUT', `/api/users/${newcomer.id}`, { token: adminToken, body: { department: dept } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await progressOf([newcomer.id], course.courseId)).toHaveLength(1);
    const audit = await auditOf(requirementId);
    expect(audit.filter((a) => a.targetUserId === newcomer.id).map((a) => a.action)).toEqual(['REQUIREMENT_ENROLLED']);
    const mine = (await myRequirements(await login(newcomer))).find((r) => r.requirementId === requirementId);
    expect(mine?.status).toBe('pending');
    // Due 30 days after the move, not 30 days after the requirement's start or the book.
    const due = Date.parse(mine!.dueAt!);
    expect(due - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    // A second save of the same department changes nothing.
    await api('PUT', `/api/users/${newcomer.id}`, { token: adminToken, body: { department: dept.toUpperCase() } });
    expect(await progressOf([newcomer.id], course.courseId)).toHaveLength(1);
    expect((await auditOf(requirementId)).filter((a) => a.targetUserId === newcomer.id)).toHaveLength(1);
  });

  it('keeps the book, enrolment and progress of a person who leaves the audience or whose requirement is retired', async () => {
    const { bookId, course, dept, ana, ben } = await warehouse();
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department: dept },
    });
    const requirementId = created.body.requirement.id as string;
    const anaToken = await login(ana);
    const benToken = await login(ben);

    // Ana moves to another department: no longer required, nothing taken away.
    const moved = await api('PUT', `/api/users/${ana.id}`, { token: adminToken, body: { department: department() } });
    expect(moved.status).toBe(200);
    expect((await myRequirements(anaToken)).some((r) => r.requirementId === requirementId)).toBe(false);
    expect(await booksOf(ana.id)).toContain(bookId);
    expect(await progressOf([ana.id], course.courseId)).toHaveLength(1);

    // The requirement is retired: Ben is no longer required either, and keeps what he has.
    const retired = await api('POST', `/api/v2/admin/requirements/${requirementId}/retire`, { token: adminToken });
    expect(retired.status).toBe(200);
    expect((await myRequirements(benToken)).some((r) => r.requirementId === requirementId)).toBe(false);
    expect(await booksOf(ben.id)).toContain(bookId);
    expect(await progressOf([ben.id], course.courseId)).toHaveLength(1);
    const courses = await api('GET', '/api/v2/user/progress/courses', { token: benToken });
    expect(JSON.stringify(courses.body)).toContain(course.courseId);
  });

  it('enrols the people of a draft course when it is published, not before', async () => {
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId, status: 'DRAFT' });
    const dept = department();
    const dana = await createUser({ department: dept });
    await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department: dept },
    });
    expect(await booksOf(dana.id)).toContain(bookId);
    expect(await progressOf([dana.id], course.courseId)).toHaveLength(0);
    const published = await api('POST', `/api/v2/admin/courses/${course.courseId}/publish`, { token: adminToken });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await progressOf([dana.id], course.courseId)).toHaveLength(1);
  });

  it('keeps a requirement naming no department or job title for the holders of its book', async () => {
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId });
    const holder = await createUser({ domainIds: [bookId], department: department() });
    await createUser({ department: department() });
    const res = await preview({ bookId });
    expect(res.body).toEqual({ count: 1, people: [{ id: holder.id, name: expect.any(String) }] });
    await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { courseId: course.courseId, bookId } });
    expect(await progressOf([holder.id], course.courseId)).toHaveLength(1);
  });

  it('shows the first five names of a larger audience, and guards and checks the preview', async () => {
    const bookId = await createDomain();
    const dept = department();
    for (let i = 0; i < 7; i++) await createUser({ department: dept, firstName: `P${i}`, lastName: 'Person' });
    const res = await preview({ bookId, department: dept });
    expect(res.body.count).toBe(7);
    expect(res.body.people.map((p: { name: string }) => p.name)).toEqual([0, 1, 2, 3, 4].map((i) => `P${i} Person`));

    expect((await preview({ bookId, department: 'x'.repeat(101) })).status).toBe(400);
    const learner = await login(await createUser());
    expect((await preview({ bookId, department: dept }, learner)).status).toBe(403);
    const noPeople = await login(await createAdmin({ permissions: { userManagement: false } }));
    expect((await preview({ bookId, department: dept }, noPeople)).status).toBe(403);
  });
});
