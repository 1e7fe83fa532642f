import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enroll, learnerFor } from './fixtures';
import { api, createUser, db, login, schema } from './helpers';
import { adminToken, signInAdmin } from './compliance-helpers';
import { inMinutes, inviteToSession, scheduleSession } from './session-helpers';

/**
 * The learner's side of classroom sessions (issue 29, lane "checkin"): the course page names the
 * next session of a classroom step (`nextSession`), the dashboard's calendar file, and the
 * waitlist place a learner is shown. The rotating code itself is proven in sessions.test.ts.
 */

beforeAll(signInAdmin);

/** A session two hours ahead, its trainer a new person; `body` changes any of it. */
async function schedule(body: Record<string, unknown>) {
  const trainer = await createUser({ jobTitle: 'Nurse educator' });
  return scheduleSession(trainer.id, {
    startsAt: inMinutes(120),
    endsAt: inMinutes(180),
    outline: 'Exposure control plan; PPE.',
    ...body,
  });
}

async function classroomData(token: string, courseId: string, componentId: string) {
  const res = await api('GET', `/api/v2/user/courses/${courseId}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.components.find((c: { id: string }) => c.id === componentId).data;
}

describe('nextSession in the learner course data', () => {
  it('names the earliest session the learner is invited to or accepted, never a declined one', async () => {
    const course = await createCourse({ components: ['MATERIAL', 'CLASSROOM', 'POST_ASSESSMENT'] });
    const componentId = course.classroom!.componentId;
    const { user, token } = await learnerFor(course.domainId);
    const { user: other, token: otherToken } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    expect((await classroomData(token, course.courseId, componentId)).nextSession).toBeNull();

    const later = await schedule({ componentId, startsAt: inMinutes(48 * 60), endsAt: inMinutes(49 * 60) });
    const sooner = await schedule({ componentId, location: 'Yard B', startsAt: inMinutes(90), endsAt: inMinutes(150) });
    // A session of the same component the learner is not invited to is not theirs.
    const notMine = await schedule({ componentId, startsAt: inMinutes(40), endsAt: inMinutes(80) });
    await inviteToSession(later.id, [user.id]);
    await inviteToSession(notMine.id, [other.id]);
    expect((await classroomData(token, course.courseId, componentId)).nextSession).toEqual({
      startsAt: later.startsAt,
      endsAt: later.endsAt,
      location: 'Training room 2',
    });
    await inviteToSession(sooner.id, [user.id]);
    const accepted = await api('POST', `/api/v2/user/sessions/${sooner.id}/accept`, { token });
    expect(accepted.body).toEqual({ invitation: 'ACCEPTED', waitlistPosition: null });
    expect((await classroomData(token, course.courseId, componentId)).nextSession).toEqual({
      startsAt: sooner.startsAt,
      endsAt: sooner.endsAt,
      location: 'Yard B',
    });
    // Declining the sooner one leaves the later invitation as the next session.
    await api('POST', `/api/v2/user/sessions/${sooner.id}/decline`, { token });
    expect((await classroomData(token, course.courseId, componentId)).nextSession).toMatchObject({
      startsAt: later.startsAt,
    });
    // A signed-off session is over for planning: nothing left once the later one is signed off too.
    await db
      .update(schema.classroomSessions)
      .set({ status: 'SIGNED_OFF' })
      .where(eq(schema.classroomSessions.id, later.id));
    expect((await classroomData(token, course.courseId, componentId)).nextSession).toBeNull();
    expect((await classroomData(otherToken, course.courseId, componentId)).nextSession).toMatchObject({
      startsAt: notMine.startsAt,
    });
  });

  it('leaves a waitlisted place and an ended session out', async () => {
    const course = await createCourse({ components: ['CLASSROOM'] });
    const componentId = course.classroom!.componentId;
    const [a, b] = [await learnerFor(course.domainId), await learnerFor(course.domainId)];
    // Someone already waiting for another session: a place is counted within its own session only.
    const [c, d] = [await learnerFor(course.domainId), await learnerFor(course.domainId)];
    const other = await schedule({ componentId, capacity: 1 });
    await inviteToSession(other.id, [c.user.id, d.user.id]);
    await api('POST', `/api/v2/user/sessions/${other.id}/accept`, { token: c.token });
    await api('POST', `/api/v2/user/sessions/${other.id}/accept`, { token: d.token });
    const full = await schedule({ componentId, capacity: 1 });
    await inviteToSession(full.id, [a.user.id, b.user.id]);
    await api('POST', `/api/v2/user/sessions/${full.id}/accept`, { token: a.token });
    const waiting = await api('POST', `/api/v2/user/sessions/${full.id}/accept`, { token: b.token });
    expect(waiting.body).toEqual({ invitation: 'WAITLISTED', waitlistPosition: 1 });
    expect((await classroomData(b.token, course.courseId, componentId)).nextSession).toBeNull();
    expect((await classroomData(a.token, course.courseId, componentId)).nextSession).toMatchObject({
      startsAt: full.startsAt,
    });
    await db
      .update(schema.classroomSessions)
      .set({ startsAt: inMinutes(-120), endsAt: inMinutes(-60) })
      .where(eq(schema.classroomSessions.id, full.id));
    expect((await classroomData(a.token, course.courseId, componentId)).nextSession).toBeNull();
  });
});

describe('the calendar file', () => {
  it('gives an invited learner the session as an iCalendar event, and no one else', async () => {
    const session = await schedule({ location: 'Warehouse 3, bay 4' });
    const invited = await createUser();
    const stranger = await createUser();
    await inviteToSession(session.id, [invited.id]);
    const res = await api('GET', `/api/v2/user/sessions/${session.id}/calendar.ics`, { token: await login(invited) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.headers.get('content-disposition')).toContain('.ics');
    const text = res.body as string;
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`UID:${session.id}@classroom-sessions`);
    expect(text).toContain('LOCATION:Warehouse 3\\, bay 4');
    expect(text).toContain(`DTSTART:${session.startsAt.slice(0, 19).replace(/[-:]/g, '')}Z`);
    const refused = await api('GET', `/api/v2/user/sessions/${session.id}/calendar.ics`, {
      token: await login(stranger),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are not invited to this session');
    const missing = await api('GET', `/api/v2/user/sessions/${crypto.randomUUID()}/calendar.ics`, {
      token: await login(invited),
    });
    expect(missing.status).toBe(404);
  });
});

describe('the waitlist place', () => {
  it('counts only those still waiting, so the learner sees how many are ahead', async () => {
    const session = await schedule({ capacity: 1 });
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser()));
    const tokens = await Promise.all(people.map((p) => login(p)));
    await inviteToSession(
      session.id,
      people.map((p) => p.id),
    );
    for (const token of tokens) await api('POST', `/api/v2/user/sessions/${session.id}/accept`, { token });
    const place = async (token: string) =>
      (await api('GET', '/api/v2/user/sessions', { token })).body.sessions[0].waitlistPosition;
    expect([await place(tokens[1]), await place(tokens[2]), await place(tokens[3])]).toEqual([1, 2, 3]);
    // The second waiting person gives up their place: the one behind moves up.
    await api('POST', `/api/v2/user/sessions/${session.id}/decline`, { token: tokens[2] });
    expect([await place(tokens[1]), await place(tokens[3])]).toEqual([1, 2]);
    // The seat holder declines: the first waiting gets the seat, the last is now next.
    await api('POST', `/api/v2/user/sessions/${session.id}/decline`, { token: tokens[0] });
    expect(await place(tokens[1])).toBeNull();
    expect(await place(tokens[3])).toBe(1);
  });
});

describe("the trainer's check-in screen", () => {
  it('reads the roster and the code for an administrator with Module Management who does not train the session', async () => {
    const session = await schedule({});
    const roster = await api('GET', `/api/v2/sessions/${session.id}`, { token: adminToken });
    expect(roster.status).toBe(200);
    expect(roster.body.session).toMatchObject({ id: session.id, roster: [] });
    const code = await api('GET', `/api/v2/sessions/${session.id}/check-in-code`, { token: adminToken });
    expect(code.status).toBe(200);
    expect(code.body.code).toMatch(new RegExp(`^${session.id}\\.\\d+\\.[A-Za-z0-9_-]+$`));
  });
});
