import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enroll, takeAssessment, type CourseFixture } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema, type TestUser } from './helpers';

const DAY = 24 * 3600 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10);

let adminToken: string;

beforeAll(async () => {
  adminToken = await login(await createAdmin());
});

/** A book with a one-assessment course, a requirement on it, and a covered learner (signed in). */
async function setup(options: { department?: string; requirement?: Record<string, unknown>; learner?: Record<string, unknown> } = {}) {
  const bookId = await createDomain();
  const course = await createCourse({ domainId: bookId, components: ['POST_ASSESSMENT'] });
  const learner = await createUser({ domainIds: [bookId], department: options.department ?? 'Warehouse', jobTitle: 'Forklift operator', ...options.learner });
  const token = await login(learner);
  const created = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { courseId: course.courseId, bookId, ...options.requirement } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { bookId, course, learner, token, requirementId: created.body.requirement.id as string };
}

async function myRequirements(token: string) {
  const res = await api('GET', '/api/v2/user/requirements', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.requirements as { requirementId: string; courseId: string; status: string; dueAt: string | null; validUntil: string | null; certificateNumber: string | null; canRecertify: boolean }[];
}

async function statusOf(token: string, courseId: string) {
  return (await myRequirements(token)).find((r) => r.courseId === courseId);
}

/** Enrolls and passes the course's assessment through the API: the course completes and a certificate is issued. */
async function certify(token: string, course: CourseFixture) {
  await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
  await takeAssessment(token, course.post!.componentId, course.post!.answers);
}

/** Moves the time the learner joined the book and the requirement started into the past. */
async function coveredSince(userId: string, bookId: string, requirementId: string, iso: string) {
  await db.update(schema.userDomains).set({ createdAt: iso }).where(and(eq(schema.userDomains.userId, userId), eq(schema.userDomains.domainId, bookId)));
  await db.update(schema.requirements).set({ activeFrom: iso }).where(eq(schema.requirements.id, requirementId));
}

async function setCertificateExpiry(userId: string, courseId: string, expiresAt: string, issuedAt?: string) {
  await db
    .update(schema.certificates)
    .set({ expiresAt, ...(issuedAt ? { issuedAt } : {}) })
    .where(and(eq(schema.certificates.userId, userId), eq(schema.certificates.courseId, courseId)));
}

describe('requirements (admin)', () => {
  it('creates a requirement with the documented defaults and records it in the audit log', async () => {
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId });
    const res = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { courseId: course.courseId, bookId } });
    expect(res.status).toBe(201);
    expect(res.body.requirement).toMatchObject({ courseId: course.courseId, bookId, department: null, jobTitle: null, dueWithinDays: 30, dueSoonDays: 30, retiredAt: null });
    expect(res.body.requirement.activeFrom.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, res.body.requirement.id));
    expect(audit.map((a) => a.action)).toEqual(['REQUIREMENT_CREATED']);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const bookId = await createDomain();
    const otherBook = await createDomain();
    const course = await createCourse({ domainId: bookId });
    const before = (await db.select().from(schema.requirements)).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ bookId }, 400, 'Course is required'],
      [{ courseId: course.courseId }, 400, 'Book is required'],
      [{ courseId: course.courseId, bookId: otherBook }, 400, 'The course must belong to the chosen book'],
      [{ courseId: 'nope', bookId }, 400, 'Course not found'],
      [{ courseId: course.courseId, bookId, dueWithinDays: 0 }, 400, 'Due within days must be a whole number from 1 to 3650'],
      [{ courseId: course.courseId, bookId, dueSoonDays: 'x' }, 400, 'Due soon days must be a whole number from 1 to 3650'],
      [{ courseId: course.courseId, bookId, activeFrom: '2026-02-30' }, 400, 'Active from must be a date (YYYY-MM-DD)'],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await db.select().from(schema.requirements)).length).toBe(before);
  });

  it('refuses a second active requirement with the same course and audience, and allows it after retiring', async () => {
    const { bookId, course, requirementId } = await setup();
    const again = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { courseId: course.courseId, bookId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An active requirement with the same course and audience already exists');
    const retired = await api('POST', `/api/v2/admin/requirements/${requirementId}/retire`, { token: adminToken });
    expect(retired.status).toBe(200);
    expect(retired.body.requirement.retiredAt).not.toBeNull();
    expect((await api('POST', `/api/v2/admin/requirements/${requirementId}/retire`, { token: adminToken })).status).toBe(409);
    expect((await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { courseId: course.courseId, bookId } })).status).toBe(201);
  });

  it('retiring keeps the requirement (listed with includeRetired) and takes it off the learner', async () => {
    const { token, course, requirementId } = await setup();
    expect(await statusOf(token, course.courseId)).toBeDefined();
    await api('POST', `/api/v2/admin/requirements/${requirementId}/retire`, { token: adminToken });
    expect(await statusOf(token, course.courseId)).toBeUndefined();
    const active = await api('GET', '/api/v2/admin/requirements', { token: adminToken });
    expect(active.body.requirements.some((r: { id: string }) => r.id === requirementId)).toBe(false);
    const all = await api('GET', '/api/v2/admin/requirements?includeRetired=true', { token: adminToken });
    expect(all.body.requirements.find((r: { id: string }) => r.id === requirementId)?.retiredAt).not.toBeNull();
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, requirementId));
    expect(audit.map((a) => a.action).sort()).toEqual(['REQUIREMENT_CREATED', 'REQUIREMENT_RETIRED']);
  });

  it('edits a requirement (audited), and narrows its audience by department and job title', async () => {
    const { bookId, course, token, requirementId, learner } = await setup({ department: 'Warehouse' });
    const other = await createUser({ domainIds: [bookId], department: 'Office', jobTitle: 'Clerk' });
    const otherToken = await login(other);
    expect(await statusOf(otherToken, course.courseId)).toBeDefined();
    const edited = await api('PUT', `/api/v2/admin/requirements/${requirementId}`, {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department: 'warehouse', dueWithinDays: 14 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.requirement).toMatchObject({ department: 'warehouse', dueWithinDays: 14, coveredCount: 1 });
    expect(await statusOf(otherToken, course.courseId)).toBeUndefined();
    expect(await statusOf(token, course.courseId)).toBeDefined();
    const byJob = await api('PUT', `/api/v2/admin/requirements/${requirementId}`, { token: adminToken, body: { courseId: course.courseId, bookId, jobTitle: 'Crane operator' } });
    expect(byJob.body.requirement.coveredCount).toBe(0);
    expect(await statusOf(token, course.courseId)).toBeUndefined();
    const audit = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entityId, requirementId), eq(schema.auditLog.action, 'REQUIREMENT_UPDATED')));
    expect(audit).toHaveLength(2);
    expect(learner.id).toBeTruthy();
  });
});

describe('status of a person against a requirement', () => {
  it('moves pending → overdue as the due date passes, then compliant → due soon → overdue as the certificate ages', async () => {
    const { token, course, learner, bookId, requirementId } = await setup();
    const fresh = await statusOf(token, course.courseId);
    expect(fresh?.status).toBe('pending');
    expect(Date.parse(fresh!.dueAt!) - Date.now()).toBeGreaterThan(29 * DAY);

    await coveredSince(learner.id, bookId, requirementId, daysFromNow(-31));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');

    await certify(token, course);
    const certified = await statusOf(token, course.courseId);
    expect(certified?.status).toBe('compliant');
    expect(certified?.certificateNumber).toMatch(/^CERT-\d{4}-\d{6}$/);
    expect(Date.parse(certified!.validUntil!) - Date.now()).toBeGreaterThan(360 * DAY);

    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(10));
    expect((await statusOf(token, course.courseId))?.status).toBe('due-soon');

    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(-1));
    const expired = await statusOf(token, course.courseId);
    expect(expired?.status).toBe('overdue');
    expect(expired?.validUntil).toBeNull();
  });

  it('a revoked certificate does not count', async () => {
    const { token, course, learner, bookId, requirementId } = await setup();
    await coveredSince(learner.id, bookId, requirementId, daysFromNow(-40));
    await certify(token, course);
    expect((await statusOf(token, course.courseId))?.status).toBe('compliant');
    await db.update(schema.certificates).set({ revokedAt: new Date().toISOString(), revokedReason: 'test' }).where(eq(schema.certificates.userId, learner.id));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
  });

  it('an exemption makes the person exempt until its end date, with the reason audit-logged', async () => {
    const { token, course, learner, bookId, requirementId } = await setup();
    await coveredSince(learner.id, bookId, requirementId, daysFromNow(-60));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
    const until = dayOf(daysFromNow(20));
    const res = await api('POST', `/api/v2/admin/requirements/${requirementId}/exemptions`, { token: adminToken, body: { userId: learner.id, reason: 'On medical leave', until } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await statusOf(token, course.courseId))?.status).toBe('exempt');
    const audit = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entityId, requirementId), eq(schema.auditLog.action, 'REQUIREMENT_EXEMPTION_GRANTED')));
    expect(audit[0]).toMatchObject({ reason: 'On medical leave', targetUserId: learner.id });
    // The exemption ends: the person is overdue again.
    await db.update(schema.requirementExemptions).set({ until: daysFromNow(-1) }).where(eq(schema.requirementExemptions.id, res.body.exemption.id));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
  });

  it('refuses an exemption without a reason, in the past, or for someone the requirement does not cover', async () => {
    const { requirementId, learner } = await setup();
    const stranger = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: learner.id, until: dayOf(daysFromNow(5)) }, 'A reason is required'],
      [{ userId: learner.id, reason: 'x', until: dayOf(daysFromNow(-5)) }, 'The end date must be in the future'],
      [{ userId: learner.id, reason: 'x', until: 'soon' }, 'End date must be a date (YYYY-MM-DD)'],
      [{ userId: stranger.id, reason: 'x', until: dayOf(daysFromNow(5)) }, 'This person is not covered by the requirement'],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', `/api/v2/admin/requirements/${requirementId}/exemptions`, { token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await db.select().from(schema.requirementExemptions).where(eq(schema.requirementExemptions.requirementId, requirementId))).toHaveLength(0);
  });

  it('a retraining event makes a certified person pending until a certificate issued after it exists', async () => {
    const { token, course, learner, requirementId } = await setup({ requirement: { dueWithinDays: 14 } });
    await certify(token, course);
    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(300), daysFromNow(-65));
    expect((await statusOf(token, course.courseId))?.status).toBe('compliant');
    const occurredOn = dayOf(daysFromNow(-2));
    const res = await api('POST', `/api/v2/admin/requirements/${requirementId}/events`, { token: adminToken, body: { userId: learner.id, kind: 'NEAR_MISS', note: 'Forklift near miss in aisle 4', occurredOn } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await statusOf(token, course.courseId);
    expect(after?.status).toBe('pending');
    expect(after?.dueAt?.slice(0, 10)).toBe(dayOf(new Date(Date.parse(`${occurredOn}T00:00:00Z`) + 14 * DAY).toISOString()));
    expect(after?.canRecertify).toBe(true);
    // Past the event's due date: overdue.
    await db.update(schema.requirementEvents).set({ occurredOn: dayOf(daysFromNow(-20)) }).where(eq(schema.requirementEvents.id, res.body.event.id));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
    // Retraining (a new cycle) issues a certificate after the event: compliant again.
    expect((await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token })).status).toBe(200);
    await takeAssessment(token, course.post!.componentId, course.post!.answers);
    expect((await statusOf(token, course.courseId))?.status).toBe('compliant');
    const record = await api('GET', `/api/v2/admin/users/${learner.id}/training-record`, { token: adminToken });
    expect(record.body.events).toEqual([expect.objectContaining({ kind: 'NEAR_MISS', note: 'Forklift near miss in aisle 4' })]);
  });

  it('refuses an event dated in the future or of an unknown kind', async () => {
    const { requirementId, learner } = await setup();
    const future = await api('POST', `/api/v2/admin/requirements/${requirementId}/events`, { token: adminToken, body: { userId: learner.id, kind: 'INCIDENT', note: 'x', occurredOn: dayOf(daysFromNow(3)) } });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('The date cannot be in the future');
    const kind = await api('POST', `/api/v2/admin/requirements/${requirementId}/events`, { token: adminToken, body: { userId: learner.id, kind: 'EXPLOSION', note: 'x', occurredOn: dayOf(daysFromNow(-1)) } });
    expect(kind.status).toBe(400);
  });

  it('two requirements of the same course give one status: the most severe', async () => {
    const { token, course, learner, bookId, requirementId } = await setup({ department: 'Warehouse' });
    const second = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { courseId: course.courseId, bookId, department: 'Warehouse', dueWithinDays: 5 } });
    expect(second.status).toBe(201);
    await coveredSince(learner.id, bookId, requirementId, daysFromNow(-10));
    await db.update(schema.requirements).set({ activeFrom: daysFromNow(-10) }).where(eq(schema.requirements.id, second.body.requirement.id));
    const mine = (await myRequirements(token)).filter((r) => r.courseId === course.courseId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'overdue', requirementId: second.body.requirement.id });
  });

  it('a deactivated person leaves the compliance counts', async () => {
    const { bookId, learner } = await setup();
    const before = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(before.body.pagination.totalItems).toBe(1);
    const left = await api('POST', `/api/users/${learner.id}/deactivate`, { token: adminToken, body: { reason: 'Left the company' } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const after = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(after.body.pagination.totalItems).toBe(0);
  });
});

describe('recertification', () => {
  it('refuses while the certificate is not yet due soon, with the date it opens', async () => {
    const { token, course } = await setup();
    await certify(token, course);
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RECERTIFICATION_NOT_DUE');
    expect(res.body.message).toMatch(/^Your certificate is valid until \d{4}-\d{2}-\d{2}\. Recertification opens on \d{4}-\d{2}-\d{2}\.$/);
  });

  it('refuses without a certificate to renew', async () => {
    const { token, course } = await setup();
    await enroll(token, course.courseId);
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You have no certificate of this course to renew yet. Complete the course first.');
  });

  it('starts a new cycle: fresh progress and attempts, history kept, and a renewed certificate chained on verification', async () => {
    const { token, course, learner } = await setup();
    const post = course.post!;
    // A failed attempt and a pass in cycle 1.
    await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    await takeAssessment(token, post.componentId, post.wrongAnswers);
    await takeAssessment(token, post.componentId, post.answers);
    const first = await db.select().from(schema.certificates).where(eq(schema.certificates.userId, learner.id)).get();
    expect(first?.cycle).toBe(1);
    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(10));
    expect((await statusOf(token, course.courseId))?.canRecertify).toBe(true);

    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ cycle: 2, courseId: course.courseId });

    // The new cycle starts afresh.
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.courseProgress).toMatchObject({ overallProgress: 0, status: 'ENROLLED' });
    expect(progress.body.componentProgresses.map((p: { status: string }) => p.status)).toEqual(['NOT_STARTED']);
    const attemptsNow = await api('GET', `/api/v2/user/assessments/${post.componentId}/attempts`, { token });
    expect(attemptsNow.body.totalAttempts).toBe(0);
    expect(attemptsNow.body.remainingAttempts).toBe(3);
    // History kept: both cycle-1 attempts, the cycle-1 progress and the certificate.
    const oldAttempts = await db.select().from(schema.attempts).where(and(eq(schema.attempts.userId, learner.id), eq(schema.attempts.cycle, 1)));
    expect(oldAttempts).toHaveLength(2);
    const cycles = await db.select().from(schema.courseCycles).where(eq(schema.courseCycles.userId, learner.id));
    expect(cycles).toEqual([expect.objectContaining({ cycle: 1, status: 'COMPLETED', overallProgress: 100 })]);
    const history = await db.select().from(schema.componentProgressHistory).where(eq(schema.componentProgressHistory.userId, learner.id));
    expect(history).toEqual([expect.objectContaining({ cycle: 1, status: 'COMPLETED', attempts: 2 })]);
    // Still compliant on the old certificate while recertifying.
    expect((await statusOf(token, course.courseId))?.status).toBe('due-soon');
    // A second request does not start a third cycle.
    expect((await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token })).status).toBe(409);

    // Pass again: a new certificate that renews the first.
    const result = await takeAssessment(token, post.componentId, post.answers);
    expect(result.attemptNumber).toBe(1);
    const certs = await db.select().from(schema.certificates).where(eq(schema.certificates.userId, learner.id));
    expect(certs).toHaveLength(2);
    const second = certs.find((c) => c.cycle === 2)!;
    expect(second.renewsId).toBe(first!.id);
    expect((await statusOf(token, course.courseId))).toMatchObject({ status: 'compliant', certificateNumber: second.certificateNumber });

    const newer = await api('GET', `/api/v2/certificates/verify/${second.certificateNumber}`);
    expect(newer.body).toMatchObject({ valid: true, renews: first!.certificateNumber, renewedBy: null });
    const older = await api('GET', `/api/v2/certificates/verify/${first!.certificateNumber}`);
    expect(older.body).toMatchObject({ renewedBy: second.certificateNumber, renews: null });
    const page = await api('GET', `/certificate/verify/${first!.certificateNumber}`);
    expect(page.body).toContain(`Superseded by <a href="/certificate/verify/${second.certificateNumber}" dir="ltr">${second.certificateNumber}</a>`);

    // The training record shows both cycles with their attempts and certificates.
    const record = await api('GET', `/api/v2/admin/users/${learner.id}/training-record`, { token: adminToken });
    expect(record.status).toBe(200);
    const entry = record.body.courses.find((c: { courseId: string }) => c.courseId === course.courseId);
    expect(entry.required).toBe(true);
    expect(entry.cycles.map((c: { cycle: number; attempts: unknown[]; current: boolean }) => [c.cycle, c.attempts.length, c.current])).toEqual([
      [1, 2, false],
      [2, 1, true],
    ]);
    expect(entry.cycles[0].certificate).toMatchObject({ certificateNumber: first!.certificateNumber, renewedBy: second.certificateNumber });
    expect(entry.cycles[1].certificate).toMatchObject({ certificateNumber: second.certificateNumber, renews: first!.certificateNumber });
  });

  it('an admin reset in the new cycle leaves the earlier cycle’s attempts alone', async () => {
    const { token, course, learner } = await setup();
    await certify(token, course);
    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(-3));
    expect((await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token })).status).toBe(200);
    for (let i = 0; i < 3; i++) await takeAssessment(token, course.post!.componentId, course.post!.wrongAnswers);
    const reset = await api('POST', `/api/v2/admin/assessments/${course.post!.componentId}/users/${learner.id}/reset`, { token: adminToken, body: { reason: 'Second chance' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const rows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, learner.id));
    expect(rows.map((r) => r.cycle)).toEqual([1]);
  });
});

describe('the compliance matrix', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let people: TestUser[];

  beforeAll(async () => {
    ctx = await setup({ learner: { firstName: 'Aaron', lastName: 'Able' } });
    // Three more people: one overdue, one exempt, one with a formula-like name.
    const overdue = await createUser({ domainIds: [ctx.bookId], firstName: 'Bella', lastName: 'Brown', department: 'Warehouse' });
    const exempt = await createUser({ domainIds: [ctx.bookId], firstName: 'Carl', lastName: 'Cole', department: 'Office' });
    const formula = await createUser({ domainIds: [ctx.bookId], firstName: '=HYPERLINK("x")', lastName: 'Zed', department: 'Office' });
    people = [overdue, exempt, formula];
    await db.update(schema.userDomains).set({ createdAt: daysFromNow(-45) }).where(eq(schema.userDomains.userId, overdue.id));
    await db.update(schema.requirements).set({ activeFrom: daysFromNow(-50) }).where(eq(schema.requirements.id, ctx.requirementId));
    await api('POST', `/api/v2/admin/requirements/${ctx.requirementId}/exemptions`, { token: adminToken, body: { userId: exempt.id, reason: 'Contractor', until: dayOf(daysFromNow(30)) } });
    await certify(ctx.token, ctx.course);
  });

  it('answers rows, columns, a summary with the forecast, and pagination', async () => {
    const res = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&size=2`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.requirements).toEqual([{ id: ctx.requirementId, courseId: ctx.course.courseId, courseTitle: ctx.course.title }]);
    expect(res.body.pagination).toEqual({ page: 1, size: 2, totalItems: 4, totalPages: 2 });
    expect(res.body.rows.map((r: { user: { name: string } }) => r.user.name)).toEqual(['=HYPERLINK("x") Zed', 'Aaron Able']);
    expect(res.body.summary).toMatchObject({ pending: 1, compliant: 1, dueSoon: 0, overdue: 1, exempt: 1, percentCompliant: 33.3 });
    // The pending person lapses within 30 days (their due date); the compliant one in a year.
    expect(res.body.summary.forecast).toEqual({ d30: 1, d60: 1, d90: 1 });
    // Cells follow the columns; a cell carries only the fields that have a value.
    const aaron = res.body.rows[1];
    expect(aaron.cells).toHaveLength(1);
    expect(Object.keys(aaron.cells[0]).sort()).toEqual(['certificateNumber', 'dueAt', 'status', 'validUntil']);
    expect(aaron.cells[0]).toMatchObject({ status: 'compliant' });
    expect(aaron.cells[0].certificateNumber).toMatch(/^CERT-/);
    expect(aaron.cells[0].validUntil).toBe(aaron.cells[0].dueAt);
    const zed = res.body.rows[0];
    expect(zed.cells).toEqual([{ status: 'pending', dueAt: expect.any(String) }]);
  });

  it('filters by status, department and search', async () => {
    const overdue = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&status=overdue`, { token: adminToken });
    expect(overdue.body.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([people[0].id]);
    const office = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&department=office`, { token: adminToken });
    expect(office.body.pagination.totalItems).toBe(2);
    const search = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&q=bella`, { token: adminToken });
    expect(search.body.rows).toHaveLength(1);
    // %, _ and long terms mean themselves: D1 refuses LIKE patterns over 50 bytes (the fuzz found a 500).
    for (const q of ['%', '_ella', 'b'.repeat(120), '\u0000'.repeat(60)]) {
      const res = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&q=${encodeURIComponent(q)}`, { token: adminToken });
      expect(res.status, q).toBe(200);
      expect(res.body.rows, q).toEqual([]);
    }
    const exported = await api<string>('GET', `/api/v2/admin/compliance/export.csv?bookId=${ctx.bookId}&q=${'b'.repeat(120)}`, { token: adminToken });
    expect(exported.status).toBe(200);
    const bad = await api('GET', `/api/v2/admin/compliance?status=late`, { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of pending, compliant, due-soon, overdue, exempt');
  });

  it('exports the matrix as CSV, one line per person and course, formulas neutralised', async () => {
    const res = await api<string>('GET', `/api/v2/admin/compliance/export.csv?bookId=${ctx.bookId}`, { token: adminToken });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Username,Department,Job title,Course,Status,Due on,Valid until,Certificate number');
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"") Zed"`))).toBe(true);
    expect(lines.filter((l) => l.includes(',Overdue,'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(',Exempt,'))).toHaveLength(1);
  });

  it('is admin only, and a learner sees only their own requirements', async () => {
    expect((await api('GET', '/api/v2/admin/compliance', { token: ctx.token })).status).toBe(403);
    expect((await api('GET', `/api/v2/admin/users/${ctx.learner.id}/training-record`, { token: ctx.token })).status).toBe(403);
    const mine = await myRequirements(ctx.token);
    expect(mine.every((r) => r.courseId === ctx.course.courseId)).toBe(true);
    expect(mine).toHaveLength(1);
    const otherToken = await login(people[0]);
    const theirs = await myRequirements(otherToken);
    expect(theirs[0].status).toBe('overdue');
    expect(theirs[0].certificateNumber).toBeNull();
  });
});


describe('the training record PDF', () => {
  it('is a PDF of the person, for admins only', async () => {
    const { token, course, learner } = await setup({ learner: { firstName: 'Pat', lastName: 'Record' } });
    await certify(token, course);
    const { SELF } = await import('cloudflare:test');
    const response = await SELF.fetch(`http://localhost/api/v2/admin/users/${learner.id}/training-record.pdf`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="training-record-.+-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Training record - Pat Record');
    expect((await api('GET', `/api/v2/admin/users/${learner.id}/training-record.pdf`, { token })).status).toBe(403);
    expect((await api('GET', `/api/v2/admin/users/nobody/training-record.pdf`, { token: adminToken })).status).toBe(404);
  });
});

describe('the matrix snapshot', () => {
  it('is reused between requests and forgotten by any change to compliance', async () => {
    const { bookId, course, learner, requirementId, token } = await setup();
    const first = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(first.body.summary).toMatchObject({ pending: 1, compliant: 0 });
    const cached = await db.select().from(schema.complianceCache);
    expect(cached.length).toBeGreaterThan(0);
    // A certificate issued through the API clears it: the summary changes at once.
    await certify(token, course);
    expect((await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken })).body.summary).toMatchObject({ pending: 0, compliant: 1 });
    // So does an exemption.
    await api('POST', `/api/v2/admin/requirements/${requirementId}/exemptions`, { token: adminToken, body: { userId: learner.id, reason: 'Transfer', until: dayOf(daysFromNow(9)) } });
    expect((await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken })).body.summary).toMatchObject({ compliant: 0, exempt: 1 });
    // A change to the person's books through the users API too.
    const other = await createUser({ department: 'Warehouse' });
    const assigned = await api('PUT', '/api/users/domains/assign', { token: adminToken, body: { userIds: [other.id], domainIds: [bookId] } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken })).body.pagination.totalItems).toBe(2);
  });

  it('expires on its own when a status changes by the clock', async () => {
    const { bookId } = await setup();
    await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    const rows = await db.select().from(schema.complianceCache);
    for (const row of rows) expect(Date.parse(row.expiresAt) - Date.parse(row.computedAt)).toBeLessThanOrEqual(60_000);
  });
});
