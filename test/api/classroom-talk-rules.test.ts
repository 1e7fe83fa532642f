import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, coveredSince, daysFromNow, myRequirements, setup, signInAdmin } from './compliance-helpers';
import { completeMaterial, createCourse, enroll, learnerFor, takeAssessment } from './fixtures';
import { api, createUser, db, login, schema } from './helpers';
import { inMinutes, scheduleSession } from './session-helpers';
import { createTopic, foremanSession, talkBody } from './talk-helpers';

/**
 * Issue 29's Done-when rules not covered elsewhere: an amendment to absent after the sign-off keeps
 * a completion already earned (docs/decisions/2026-11-28-session-amendments.md); a talk every 30
 * days under the default 30-day due-soon window is due soon only in its last week
 * (docs/decisions/2026-11-28-talk-due-soon.md); bad session input answered with a clear message
 * and nothing written.
 */

beforeAll(signInAdmin);

describe('an amendment to absent after the sign-off', () => {
  it('keeps the classroom step, the course completion and the certificate earned at the sign-off; the amendment is on record', async () => {
    const course = await createCourse({ components: ['MATERIAL', 'CLASSROOM', 'POST_ASSESSMENT'] });
    const trainer = await createUser({ jobTitle: 'Occupational health nurse' });
    const trainerToken = await login(trainer);
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const { id } = await scheduleSession(trainer.id, { componentId: course.classroom!.componentId });
    // The session has started (the time that passes before a trainer signs off).
    await db
      .update(schema.classroomSessions)
      .set({ startsAt: inMinutes(-50) })
      .where(eq(schema.classroomSessions.id, id));
    await api('PUT', `/api/v2/sessions/${id}/attendance/${user.id}`, { token: trainerToken, body: { present: true } });
    const signed = await api('POST', `/api/v2/sessions/${id}/sign-off`, {
      token: trainerToken,
      body: { password: trainer.password },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await takeAssessment(token, course.post!.componentId, course.post!.answers);

    const classroomStep = () =>
      db
        .select()
        .from(schema.componentProgress)
        .where(
          and(
            eq(schema.componentProgress.userId, user.id),
            eq(schema.componentProgress.componentId, course.classroom!.componentId),
          ),
        )
        .get();
    const courseRow = () =>
      db
        .select()
        .from(schema.courseProgress)
        .where(and(eq(schema.courseProgress.userId, user.id), eq(schema.courseProgress.courseId, course.courseId)))
        .get();
    const certificates = () =>
      db
        .select()
        .from(schema.certificates)
        .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, course.courseId)));
    const before = { step: await classroomStep(), course: await courseRow(), certificates: await certificates() };
    expect(before.step).toMatchObject({ status: 'COMPLETED' });
    expect(before.course).toMatchObject({ status: 'COMPLETED' });
    expect(before.certificates).toHaveLength(1);

    const amended = await api('PUT', `/api/v2/sessions/${id}/attendance/${user.id}`, {
      token: trainerToken,
      body: { present: false, reason: 'Left after the first ten minutes' },
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    // The record says what changed and why ...
    const entry = amended.body.session.roster.find((r: { id: string }) => r.id === user.id);
    expect(entry.attendance).toMatchObject({ present: false, reason: 'Left after the first ten minutes' });
    expect(amended.body.session.amendments).toMatchObject([
      { userId: user.id, before: { present: true }, after: { present: false } },
    ]);
    // ... and what was earned stays: the step, its date, the course and the certificate (not revoked).
    expect(await classroomStep()).toEqual(before.step);
    expect(await courseRow()).toEqual(before.course);
    expect(await certificates()).toEqual(before.certificates);
    expect(before.certificates[0]!.revokedAt).toBeNull();
  });
});

describe('a talk every 30 days under the default due-soon window', () => {
  it('is compliant for the first 23 days after the talk, due soon in its last 7, overdue on day 30', async () => {
    const topic = await createTopic(adminToken);
    const ctx = await setup({
      requirement: { courseId: undefined, evidence: [{ kind: 'talk', topicId: topic.id, everyDays: 30 }] },
    });
    const requirement = await api('GET', `/api/v2/admin/requirements/${ctx.requirementId}`, { token: adminToken });
    expect(requirement.body.requirement.dueSoonDays).toBe(30);
    await coveredSince(ctx.learner.id, ctx.bookId, ctx.requirementId, daysFromNow(-365));
    const foreman = await foremanSession(adminToken);
    const body = talkBody(topic.id, [{ id: ctx.learner.id, name: 'Learner' }]);
    const sent = await api('POST', '/api/v2/talks', { token: foreman.token, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const dueAt = new Date(Date.parse(body.startedAt) + 30 * 86_400_000).toISOString();
    const statusOn = async (daysAgo: number) => {
      // The talk held `daysAgo` days ago (plus the 20 minutes the body already says).
      await db
        .update(schema.talks)
        .set({ startedAt: new Date(Date.parse(body.startedAt) - daysAgo * 86_400_000).toISOString() })
        .where(eq(schema.talks.id, body.id));
      return (await myRequirements(ctx.token))[0]!;
    };
    expect((await myRequirements(ctx.token))[0]).toMatchObject({ status: 'compliant', validUntil: dueAt });
    for (const day of [1, 10, 22]) expect((await statusOn(day)).status, `day ${day}`).toBe('compliant');
    for (const day of [23.1, 29]) expect((await statusOn(day)).status, `day ${day}`).toBe('due-soon');
    expect((await statusOn(30.1)).status).toBe('overdue');
    const matrix = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}`, { token: adminToken });
    expect(matrix.body.rows[0].cells[0].status).toBe('overdue');
  });
});

describe('bad session input', () => {
  const trainerBody = async () => {
    const trainer = await createUser();
    return (overrides: Record<string, unknown>) => ({
      title: `Bad input ${crypto.randomUUID().slice(0, 8)}`,
      trainerIds: [trainer.id],
      location: 'Training room 2',
      startsAt: inMinutes(60),
      endsAt: inMinutes(120),
      capacity: 10,
      outline: 'Exposure control plan',
      ...overrides,
    });
  };

  it('answers a past start, capacity 0, an end before the start and their neighbours with a clear message, writing nothing', async () => {
    const body = await trainerBody();
    const counts = async () => ({
      sessions: (await db.select().from(schema.classroomSessions)).length,
      trainers: (await db.select().from(schema.sessionTrainers)).length,
      audit: (
        await db
          .select()
          .from(schema.auditLog)
          .where(inArray(schema.auditLog.action, ['SESSION_CREATED']))
      ).length,
    });
    const before = await counts();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { startsAt: inMinutes(-60), endsAt: inMinutes(-10) },
        400,
        'A session cannot be scheduled in the past',
        'startsAt',
      ],
      [
        { startsAt: inMinutes(-5), endsAt: inMinutes(55) },
        400,
        'A session cannot be scheduled in the past',
        'startsAt',
      ],
      [{ capacity: 0 }, 400, 'Capacity must be a whole number from 1 to 500', 'capacity'],
      [{ capacity: -3 }, 400, 'Capacity must be a whole number from 1 to 500', 'capacity'],
      [{ capacity: 2.5 }, 400, 'Capacity must be a whole number from 1 to 500', 'capacity'],
      [{ capacity: '10' }, 400, 'Capacity must be a whole number from 1 to 500', 'capacity'],
      [{ capacity: 501 }, 400, 'Capacity must be a whole number from 1 to 500', 'capacity'],
      [{ endsAt: inMinutes(30) }, 400, 'A session must end after it starts', 'endsAt'],
      [{ endsAt: inMinutes(60) }, 400, 'A session must end after it starts', 'endsAt'],
      [{ endsAt: inMinutes(60 + 25 * 60) }, 400, 'A session can last at most 24 hours', 'endsAt'],
      [{ startsAt: 'next Tuesday' }, 400, 'The start must be an ISO date and time', 'startsAt'],
      [{ endsAt: '2026-13-45T99:00:00Z' }, 400, 'The end must be an ISO date and time', 'endsAt'],
    ];
    for (const [overrides, status, message, field] of cases) {
      const res = await api('POST', '/api/v2/admin/sessions', { token: adminToken, body: body(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(res.body.message, JSON.stringify(overrides)).toBe(message);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });
});
