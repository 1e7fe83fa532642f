import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, takeAssessment } from './fixtures';
import { api, createDomain, createUser, db, login, schema } from './helpers';
import {
  DAY,
  daysFromNow,
  dayOf,
  adminToken,
  signInAdmin,
  setup,
  myRequirements,
  statusOf,
  certify,
  coveredSince,
  setCertificateExpiry,
} from './compliance-helpers';

beforeAll(signInAdmin);

describe('requirements (admin)', () => {
  it('creates a requirement with the documented defaults and records it in the audit log', async () => {
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId });
    const res = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId },
    });
    expect(res.status).toBe(201);
    expect(res.body.requirement).toMatchObject({
      courseId: course.courseId,
      bookId,
      department: null,
      jobTitle: null,
      dueWithinDays: 30,
      dueSoonDays: 30,
      retiredAt: null,
    });
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
      [{ bookId }, 400, 'Choose what satisfies the requirement: a course, an evaluation or a credential type'],
      [{ courseId: course.courseId }, 400, 'Book is required'],
      [{ courseId: course.courseId, bookId: otherBook }, 400, 'The course must belong to the chosen book'],
      [{ courseId: 'nope', bookId }, 400, 'Course not found'],
      [
        { courseId: course.courseId, bookId, dueWithinDays: 0 },
        400,
        'Due within days must be a whole number from 1 to 3650',
      ],
      [
        { courseId: course.courseId, bookId, dueSoonDays: 'x' },
        400,
        'Due soon days must be a whole number from 1 to 3650',
      ],
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
    const again = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An active requirement with the same course and audience already exists');
    const retired = await api('POST', `/api/v2/admin/requirements/${requirementId}/retire`, { token: adminToken });
    expect(retired.status).toBe(200);
    expect(retired.body.requirement.retiredAt).not.toBeNull();
    expect(
      (await api('POST', `/api/v2/admin/requirements/${requirementId}/retire`, { token: adminToken })).status,
    ).toBe(409);
    expect(
      (
        await api('POST', '/api/v2/admin/requirements', {
          token: adminToken,
          body: { courseId: course.courseId, bookId },
        })
      ).status,
    ).toBe(201);
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
    // (The covered learner's enrolment is recorded against the requirement too.)
    expect(audit.map((a) => a.action).sort()).toEqual([
      'REQUIREMENT_CREATED',
      'REQUIREMENT_ENROLLED',
      'REQUIREMENT_RETIRED',
    ]);
  });

  it('edits a requirement (audited), and narrows its audience by department and job title', async () => {
    // A department of this test's own: the audience is everyone in it, with or without the book.
    const department = `Warehouse ${crypto.randomUUID().slice(0, 8)}`;
    const { bookId, course, token, requirementId, learner } = await setup({ department });
    const other = await createUser({ domainIds: [bookId], department: 'Office', jobTitle: 'Clerk' });
    const otherToken = await login(other);
    expect(await statusOf(otherToken, course.courseId)).toBeDefined();
    const edited = await api('PUT', `/api/v2/admin/requirements/${requirementId}`, {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department: department.toLowerCase(), dueWithinDays: 14 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.requirement).toMatchObject({
      department: department.toLowerCase(),
      dueWithinDays: 14,
      coveredCount: 1,
    });
    expect(await statusOf(otherToken, course.courseId)).toBeUndefined();
    expect(await statusOf(token, course.courseId)).toBeDefined();
    const byJob = await api('PUT', `/api/v2/admin/requirements/${requirementId}`, {
      token: adminToken,
      body: { courseId: course.courseId, bookId, jobTitle: 'Crane operator' },
    });
    expect(byJob.body.requirement.coveredCount).toBe(0);
    expect(await statusOf(token, course.courseId)).toBeUndefined();
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, requirementId), eq(schema.auditLog.action, 'REQUIREMENT_UPDATED')));
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
    await db
      .update(schema.certificates)
      .set({ revokedAt: new Date().toISOString(), revokedReason: 'test' })
      .where(eq(schema.certificates.userId, learner.id));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
  });

  it('an exemption makes the person exempt until its end date, with the reason audit-logged', async () => {
    const { token, course, learner, bookId, requirementId } = await setup();
    await coveredSince(learner.id, bookId, requirementId, daysFromNow(-60));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
    const until = dayOf(daysFromNow(20));
    const res = await api('POST', `/api/v2/admin/requirements/${requirementId}/exemptions`, {
      token: adminToken,
      body: { userId: learner.id, reason: 'On medical leave', until },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await statusOf(token, course.courseId))?.status).toBe('exempt');
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.entityId, requirementId), eq(schema.auditLog.action, 'REQUIREMENT_EXEMPTION_GRANTED')),
      );
    expect(audit[0]).toMatchObject({ reason: 'On medical leave', targetUserId: learner.id });
    // The exemption ends: the person is overdue again.
    await db
      .update(schema.requirementExemptions)
      .set({ until: daysFromNow(-1) })
      .where(eq(schema.requirementExemptions.id, res.body.exemption.id));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
  });

  it('refuses an exemption without a reason, in the past, or for someone the requirement does not cover', async () => {
    const { requirementId, learner } = await setup();
    const stranger = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: learner.id, until: dayOf(daysFromNow(5)) }, 'A reason is required'],
      [{ userId: learner.id, reason: 'x', until: dayOf(daysFromNow(-5)) }, 'The end date must be in the future'],
      [{ userId: learner.id, reason: 'x', until: 'soon' }, 'End date must be a date (YYYY-MM-DD)'],
      [
        { userId: stranger.id, reason: 'x', until: dayOf(daysFromNow(5)) },
        'This person is not covered by the requirement',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', `/api/v2/admin/requirements/${requirementId}/exemptions`, {
        token: adminToken,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      await db
        .select()
        .from(schema.requirementExemptions)
        .where(eq(schema.requirementExemptions.requirementId, requirementId)),
    ).toHaveLength(0);
  });

  it('a retraining event makes a certified person pending until a certificate issued after it exists', async () => {
    const { token, course, learner, requirementId } = await setup({ requirement: { dueWithinDays: 14 } });
    await certify(token, course);
    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(300), daysFromNow(-65));
    expect((await statusOf(token, course.courseId))?.status).toBe('compliant');
    const occurredOn = dayOf(daysFromNow(-2));
    const res = await api('POST', `/api/v2/admin/requirements/${requirementId}/events`, {
      token: adminToken,
      body: { userId: learner.id, kind: 'NEAR_MISS', note: 'Forklift near miss in aisle 4', occurredOn },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await statusOf(token, course.courseId);
    expect(after?.status).toBe('pending');
    expect(after?.dueAt?.slice(0, 10)).toBe(
      dayOf(new Date(Date.parse(`${occurredOn}T00:00:00Z`) + 14 * DAY).toISOString()),
    );
    expect(after?.canRecertify).toBe(true);
    // Past the event's due date: overdue.
    await db
      .update(schema.requirementEvents)
      .set({ occurredOn: dayOf(daysFromNow(-20)) })
      .where(eq(schema.requirementEvents.id, res.body.event.id));
    expect((await statusOf(token, course.courseId))?.status).toBe('overdue');
    // Retraining (a new cycle) issues a certificate after the event: compliant again.
    expect((await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token })).status).toBe(
      200,
    );
    await takeAssessment(token, course.post!.componentId, course.post!.answers);
    expect((await statusOf(token, course.courseId))?.status).toBe('compliant');
    const record = await api('GET', `/api/v2/admin/users/${learner.id}/training-record`, { token: adminToken });
    expect(record.body.events).toEqual([
      expect.objectContaining({ kind: 'NEAR_MISS', note: 'Forklift near miss in aisle 4' }),
    ]);
  });

  it('refuses an event dated in the future or of an unknown kind', async () => {
    const { requirementId, learner } = await setup();
    const future = await api('POST', `/api/v2/admin/requirements/${requirementId}/events`, {
      token: adminToken,
      body: { userId: learner.id, kind: 'INCIDENT', note: 'x', occurredOn: dayOf(daysFromNow(3)) },
    });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('The date cannot be in the future');
    const kind = await api('POST', `/api/v2/admin/requirements/${requirementId}/events`, {
      token: adminToken,
      body: { userId: learner.id, kind: 'EXPLOSION', note: 'x', occurredOn: dayOf(daysFromNow(-1)) },
    });
    expect(kind.status).toBe(400);
  });

  it('two requirements of the same course give one status: the most severe', async () => {
    // A department of its own: a requirement naming a department covers everyone in it, across test files.
    const department = `Warehouse ${crypto.randomUUID().slice(0, 8)}`;
    const { token, course, learner, bookId, requirementId } = await setup({ department });
    const second = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: course.courseId, bookId, department, dueWithinDays: 5 },
    });
    expect(second.status).toBe(201);
    await coveredSince(learner.id, bookId, requirementId, daysFromNow(-10));
    await db
      .update(schema.requirements)
      .set({ activeFrom: daysFromNow(-10) })
      .where(eq(schema.requirements.id, second.body.requirement.id));
    const mine = (await myRequirements(token)).filter((r) => r.courseId === course.courseId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'overdue', requirementId: second.body.requirement.id });
  });

  it('a deactivated person leaves the compliance counts', async () => {
    const { bookId, learner } = await setup();
    const before = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(before.body.pagination.totalItems).toBe(1);
    const left = await api('POST', `/api/users/${learner.id}/deactivate`, {
      token: adminToken,
      body: { reason: 'Left the company' },
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const after = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(after.body.pagination.totalItems).toBe(0);
  });
});
