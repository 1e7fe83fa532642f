import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInCode, codeWindowOf } from '../../worker/services/session-code';
import { checkIn } from '../../worker/services/session-attendance';
import { findSession } from '../../worker/services/sessions';
import { completeMaterial, createCourse, enroll, learnerFor } from './fixtures';
import { api, createAdmin, createUser, db, env, login, schema, type TestUser } from './helpers';
import { adminToken, certify, setup, signInAdmin } from './compliance-helpers';
import {
  inMinutes,
  inviteToSession,
  scheduleSession,
  sessionBody,
  sessionCount,
  sessionPerson,
} from './session-helpers';

/**
 * Classroom sessions (issue 29): scheduling refusals, capacity and the waitlist, the rotating
 * check-in code (fresh, expired, another session's, replayed), roster marks, sign-off and
 * amendments, permissions. Time-dependent check-in cases call the service with a chosen clock.
 */

beforeAll(signInAdmin);

/** This file's sessions have two places, so a third answer waits. */
const twoPlaces = (trainer: TestUser, overrides: Record<string, unknown> = {}) =>
  sessionBody(trainer.id, { capacity: 2, ...overrides });
const schedule = async (trainer: TestUser, overrides: Record<string, unknown> = {}) =>
  (await scheduleSession(trainer.id, { capacity: 2, ...overrides })).id;

const roster = async (sessionId: string) =>
  (await api('GET', `/api/v2/admin/sessions/${sessionId}`, { token: adminToken })).body.session;

/** The session's start moved into the past: the time that passes before a trainer signs off. */
const startedAlready = (id: string) =>
  db
    .update(schema.classroomSessions)
    .set({ startsAt: inMinutes(-50) })
    .where(eq(schema.classroomSessions.id, id));

describe('scheduling', () => {
  it('refuses a session in the past, capacity 0 and an end before the start, writing nothing', async () => {
    const { user: trainer } = await sessionPerson();
    const before = await sessionCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startsAt: inMinutes(-60), endsAt: inMinutes(-10) }, 'A session cannot be scheduled in the past', 'startsAt'],
      [{ capacity: 0 }, 'Capacity must be a whole number from 1 to 500', 'capacity'],
      [{ endsAt: inMinutes(5) }, 'A session must end after it starts', 'endsAt'],
      [{ trainerIds: [] }, 'A session needs from 1 to 10 trainers', 'trainerIds'],
      [{ outline: '' }, 'Give the session an outline: text, a material or both', 'outline'],
      [{ trainerIds: [crypto.randomUUID()] }, 'A trainer was not found or has left', ''],
    ];
    for (const [overrides, message, field] of cases) {
      const res = await api('POST', '/api/v2/admin/sessions', {
        token: adminToken,
        body: twoPlaces(trainer, overrides),
      });
      expect(res.status, message).toBeGreaterThanOrEqual(400);
      expect(res.body.message).toBe(message);
      if (field) expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('keeps the trainers, the outline and an audit row', async () => {
    const { user: trainer } = await sessionPerson();
    const id = await schedule(trainer);
    const session = await roster(id);
    expect(session.trainers.map((t: { id: string }) => t.id)).toEqual([trainer.id]);
    expect(session.status).toBe('SCHEDULED');
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(audit.map((row) => row.action)).toEqual(['SESSION_CREATED']);
  });
});

describe('capacity and the waitlist', () => {
  it('gives places in answer order, waitlists the rest in order, and a freed place goes to the first waiting', async () => {
    const { user: trainer } = await sessionPerson();
    const id = await schedule(trainer, { capacity: 2 });
    const people = [await sessionPerson(), await sessionPerson(), await sessionPerson(), await sessionPerson()];
    await inviteToSession(
      id,
      people.map((p) => p.user.id),
    );
    const answers = [];
    for (const p of people)
      answers.push((await api('POST', `/api/v2/user/sessions/${id}/accept`, { token: p.token })).body);
    expect(answers).toEqual([
      { invitation: 'ACCEPTED', waitlistPosition: null },
      { invitation: 'ACCEPTED', waitlistPosition: null },
      { invitation: 'WAITLISTED', waitlistPosition: 1 },
      { invitation: 'WAITLISTED', waitlistPosition: 2 },
    ]);
    const declined = await api('POST', `/api/v2/user/sessions/${id}/decline`, { token: people[0].token });
    expect(declined.body).toEqual({ invitation: 'DECLINED', waitlistPosition: null });
    const mine = await api('GET', '/api/v2/user/sessions', { token: people[2].token });
    expect(mine.body.sessions).toMatchObject([{ id, invitation: 'ACCEPTED', accepted: 2, waitlisted: 1 }]);
    const fourth = await api('GET', '/api/v2/user/sessions', { token: people[3].token });
    // The learner's place is counted among those still waiting: the third moved up, so the fourth is next.
    expect(fourth.body.sessions[0]).toMatchObject({ invitation: 'WAITLISTED', waitlistPosition: 1 });
    // The invitation e-mail carries the calendar event.
    const mail = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.userId, people[0].user.id));
    expect(mail[0].bodyText).toContain('BEGIN:VEVENT');
    expect(mail[0].bodyText).toContain(`UID:${id}@classroom-sessions`);
    const start = (await roster(id)).startsAt as string;
    expect(mail[0].bodyText).toContain(`DTSTART:${start.slice(0, 19).replace(/[-:]/g, '')}Z`);
  });

  it('refuses an answer from someone not invited', async () => {
    const { user: trainer } = await sessionPerson();
    const id = await schedule(trainer);
    const stranger = await sessionPerson();
    const res = await api('POST', `/api/v2/user/sessions/${id}/accept`, { token: stranger.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You are not invited to this session');
  });

  it('invites everyone a requirement covers who is not compliant', async () => {
    const department = `Clinic ${crypto.randomUUID().slice(0, 8)}`;
    const { learner, bookId, course, requirementId } = await setup({ department });
    const compliant = await createUser({ domainIds: [bookId], department, jobTitle: 'Forklift operator' });
    await certify(await login(compliant), course);
    const { user: trainer } = await sessionPerson();
    const id = await schedule(trainer, { capacity: 10 });
    const res = await api('POST', `/api/v2/admin/sessions/${id}/invite`, {
      token: adminToken,
      body: { requirementId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const invited = res.body.session.roster.map((entry: { id: string }) => entry.id);
    expect(invited).toContain(learner.id);
    expect(invited).not.toContain(compliant.id);
    const both = await api('POST', `/api/v2/admin/sessions/${id}/invite`, {
      token: adminToken,
      body: { requirementId, userIds: [learner.id] },
    });
    expect(both.status).toBe(400);
  });
});

describe('the rotating check-in code', () => {
  it('is accepted while fresh, and refused for another session, when forged and when expired', async () => {
    const { user: trainer, token: trainerToken } = await sessionPerson();
    const id = await schedule(trainer);
    const other = await schedule(trainer);
    const shown = await api('GET', `/api/v2/sessions/${id}/check-in-code`, { token: trainerToken });
    expect(shown.status).toBe(200);
    expect(Date.parse(shown.body.expiresAt)).toBeGreaterThan(Date.now());
    const otherCode = (await api('GET', `/api/v2/sessions/${other}/check-in-code`, { token: trainerToken })).body.code;
    const [a, b, c] = [await sessionPerson(), await sessionPerson(), await sessionPerson()];
    // Two people in the room scan the same screen: both count.
    for (const p of [a, b]) {
      const res = await api('POST', `/api/v2/user/sessions/${id}/check-in`, {
        token: p.token,
        body: { code: shown.body.code },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const again = await api('POST', `/api/v2/user/sessions/${id}/check-in`, {
      token: a.token,
      body: { code: shown.body.code },
    });
    expect(again.status).toBe(200);
    const wrong = await api('POST', `/api/v2/user/sessions/${id}/check-in`, {
      token: c.token,
      body: { code: otherCode },
    });
    expect(wrong.body.message).toBe('This code is for another session');
    const forged = await api('POST', `/api/v2/user/sessions/${id}/check-in`, {
      token: c.token,
      body: { code: `${id}.${codeWindowOf(new Date()) + 5}.AAAAAAAAAAAAAAAAAAAAAA` },
    });
    expect(forged.body.message).toBe('This is not a valid check-in code');
    const old = await checkInCode(env.JWT_SECRET, id, codeWindowOf(new Date()) - 3);
    const expired = await api('POST', `/api/v2/user/sessions/${id}/check-in`, { token: c.token, body: { code: old } });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This code has expired. Scan the code on the screen in the room again');
    const marks = await db.select().from(schema.sessionAttendance).where(eq(schema.sessionAttendance.sessionId, id));
    expect(marks.map((m) => m.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(marks.every((m) => m.method === 'QR')).toBe(true);
  });

  it('refuses a code replayed by another account after its life (the group-chat photo)', async () => {
    const { user: trainer } = await sessionPerson();
    const id = await schedule(trainer);
    const session = await findSession(db, id);
    const [inRoom, inChat] = [await createUser(), await createUser()];
    const shownAt = new Date(Date.now() + 60_000);
    const code = await checkInCode(env.JWT_SECRET, id, codeWindowOf(shownAt));
    const asUser = (u: TestUser) => ({
      ...u,
      role: 'USER' as const,
      firstName: null,
      lastName: null,
      mustChangePassword: false,
      tokenVersion: 0,
      permissions: null,
    });
    expect(await checkIn(db, env.JWT_SECRET, asUser(inRoom), session, code, shownAt)).toEqual({ kind: 'stored' });
    const later = new Date(shownAt.getTime() + 45_000);
    await expect(checkIn(db, env.JWT_SECRET, asUser(inChat), session, code, later)).rejects.toThrow(
      'This code was already used by someone else and is no longer valid. Scan the code on the screen in the room',
    );
    const stored = await db
      .select()
      .from(schema.sessionAttendance)
      .where(and(eq(schema.sessionAttendance.sessionId, id), eq(schema.sessionAttendance.userId, inChat.id)));
    expect(stored).toEqual([]);
  });
});

describe('roster, sign-off and amendments', () => {
  it('signs off with the password, locks the roster, and amends only with a reason (one audit row each)', async () => {
    const { user: trainer, token: trainerToken } = await sessionPerson();
    const id = await schedule(trainer);
    const [a, walkIn] = [await sessionPerson(), await sessionPerson()];
    await inviteToSession(id, [a.user.id]);
    await startedAlready(id);
    const mark = await api('PUT', `/api/v2/sessions/${id}/attendance/${a.user.id}`, {
      token: trainerToken,
      body: { present: true },
    });
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    const wrongPassword = await api('POST', `/api/v2/sessions/${id}/sign-off`, {
      token: trainerToken,
      body: { password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect((await roster(id)).status).toBe('SCHEDULED');
    const signed = await api('POST', `/api/v2/sessions/${id}/sign-off`, {
      token: trainerToken,
      body: { password: trainer.password },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.session.signedOff).toMatchObject({
      by: trainer.id,
      meaning: 'I conducted this session and these people attended',
    });
    const twice = await api('POST', `/api/v2/sessions/${id}/sign-off`, {
      token: trainerToken,
      body: { password: trainer.password },
    });
    expect(twice.body.message).toBe('This session has already been signed off');
    // Locked: a scan is refused, a change without a reason is refused and writes nothing.
    const code = (await api('GET', `/api/v2/sessions/${id}/check-in-code`, { token: trainerToken })).body.code;
    const scan = await api('POST', `/api/v2/user/sessions/${id}/check-in`, { token: walkIn.token, body: { code } });
    expect(scan.status).toBe(409);
    const auditCount = async () =>
      (
        await db
          .select()
          .from(schema.auditLog)
          .where(and(eq(schema.auditLog.entityId, id), eq(schema.auditLog.action, 'SESSION_ATTENDANCE_AMENDED')))
      ).length;
    const noReason = await api('PUT', `/api/v2/sessions/${id}/attendance/${walkIn.user.id}`, {
      token: trainerToken,
      body: { present: true },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('This session has been signed off: give a reason for the change');
    expect(await auditCount()).toBe(0);
    for (const [userId, present, reason] of [
      [walkIn.user.id, true, 'Signed the paper sheet; phone was flat'],
      [a.user.id, false, 'Left after ten minutes'],
    ] as const) {
      const res = await api('PUT', `/api/v2/sessions/${id}/attendance/${userId}`, {
        token: trainerToken,
        body: { present, reason },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await auditCount()).toBe(2);
    const after = await roster(id);
    expect(after.amendments).toHaveLength(2);
    expect(after.amendments[1]).toMatchObject({
      userId: a.user.id,
      before: { present: true, method: 'ROSTER' },
      after: { present: false, method: 'ROSTER' },
      reason: 'Left after ten minutes',
    });
  });

  it('prints the attendance sheet', async () => {
    const { user: trainer, token: trainerToken } = await sessionPerson({ firstName: 'Tess', lastName: 'Trainer' });
    const id = await schedule(trainer);
    const a = await sessionPerson({ firstName: 'Omar', lastName: 'Attendee' });
    await startedAlready(id);
    await api('PUT', `/api/v2/sessions/${id}/attendance/${a.user.id}`, {
      token: trainerToken,
      body: { present: true },
    });
    const res = await api('GET', `/api/v2/sessions/${id}/attendance-sheet.pdf`, { token: trainerToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // Its text is checked with pdftotext and looked at as an image (docs/decisions/2026-11-28-session-check-in.md).
    expect(String(res.body).startsWith('%PDF-')).toBe(true);
  });
});

describe('sign-off completes the classroom component', () => {
  it('unlocks the post-assessment of a blended course, and issues the certificate when the session ends the course', async () => {
    const blended = await createCourse({ components: ['MATERIAL', 'CLASSROOM', 'POST_ASSESSMENT'] });
    const last = await createCourse({ components: ['CLASSROOM'] });
    const { user: trainer, token: trainerToken } = await sessionPerson();
    const { user, token } = await learnerFor(blended.domainId);
    await enroll(token, blended.courseId);
    await completeMaterial(token, blended.material!.componentId);
    const postId = blended.post!.componentId;
    expect((await api('GET', `/api/v2/user/progress/components/${postId}/access`, { token })).body.canAccess).toBe(
      false,
    );
    const notClassroom = await api('POST', '/api/v2/admin/sessions', {
      token: adminToken,
      body: twoPlaces(trainer, { componentId: postId }),
    });
    expect(notClassroom.body.message).toBe('A session can only be of a classroom session component');
    const first = await schedule(trainer, { componentId: blended.classroom!.componentId });
    const second = await schedule(trainer, { componentId: last.classroom!.componentId });
    const absent = await createUser({ domainIds: [blended.domainId] });
    for (const id of [first, second]) {
      await startedAlready(id);
      const marked = await api('PUT', `/api/v2/sessions/${id}/attendance/${user.id}`, {
        token: trainerToken,
        body: { present: true },
      });
      expect(marked.status).toBe(200);
      await api('PUT', `/api/v2/sessions/${id}/attendance/${absent.id}`, {
        token: trainerToken,
        body: { present: false },
      });
      const signed = await api('POST', `/api/v2/sessions/${id}/sign-off`, {
        token: trainerToken,
        body: { password: trainer.password },
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    }
    expect((await api('GET', `/api/v2/user/progress/components/${postId}/access`, { token })).body.canAccess).toBe(
      true,
    );
    const progressOf = (userId: string, componentId: string) =>
      db
        .select()
        .from(schema.componentProgress)
        .where(and(eq(schema.componentProgress.userId, userId), eq(schema.componentProgress.componentId, componentId)))
        .get();
    expect(await progressOf(user.id, blended.classroom!.componentId)).toMatchObject({ status: 'COMPLETED' });
    expect(await progressOf(absent.id, blended.classroom!.componentId)).toBeUndefined();
    const certificates = await db
      .select()
      .from(schema.certificates)
      .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, last.courseId)));
    expect(certificates).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('lets only the session trainers or administrators with Module Management run a session', async () => {
    const { user: trainer } = await sessionPerson();
    const id = await schedule(trainer);
    const stranger = await sessionPerson();
    for (const [method, path] of [
      ['GET', `/api/v2/sessions/${id}/check-in-code`],
      ['GET', `/api/v2/sessions/${id}`],
      ['POST', `/api/v2/sessions/${id}/sign-off`],
      ['GET', `/api/v2/sessions/${id}/attendance-sheet.pdf`],
    ]) {
      const res = await api(method, path, {
        token: stranger.token,
        body: method === 'POST' ? { password: 'x' } : undefined,
      });
      expect(res.status, path).toBe(403);
    }
    const noFlag = await login(await createAdmin({ permissions: { moduleManagement: false } }));
    expect((await api('GET', '/api/v2/admin/sessions', { token: noFlag })).status).toBe(403);
    expect((await api('GET', `/api/v2/sessions/${id}/check-in-code`, { token: noFlag })).status).toBe(403);
    expect((await api('GET', '/api/v2/admin/sessions', { token: stranger.token })).status).toBe(403);
    const learnerCreates = await api('POST', '/api/v2/admin/sessions', {
      token: stranger.token,
      body: twoPlaces(trainer),
    });
    expect(learnerCreates.status).toBe(403);
  });
});
