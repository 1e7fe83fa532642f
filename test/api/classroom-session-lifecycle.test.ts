import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { classroomSessionMachine, type ClassroomSessionEvent } from '../../statecharts/classroom-session.machine';
import { describeMachine, transitionIdOf } from '../../statecharts/tooling/inspect';
import { REFUSALS } from '../../worker/contract/errors';
import { createCourse } from './fixtures';
import { adminToken, signInAdmin } from './compliance-helpers';
import { api, createUser, db, login, schema, type TestUser } from './helpers';

/**
 * The classroom-session statechart (statecharts/classroom-session.machine.ts) walked against the
 * real server: each script drives the machine and a real session side by side, and after every
 * step the server must agree with the machine: the same refusal (by its message), the same lock,
 * the same roster marks, the same amendments and the same completed classroom components.
 * Together the scripts take every transition of the machine.
 * Time passing is the session moved back in the database (the server reads the real clock).
 */

beforeAll(signInAdmin);

const MIN = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

type Step = ClassroomSessionEvent;
const pass = (minutes: number): Step => ({ type: 'time.pass', minutes });
const scan = (userId: string): Step => ({ type: 'attendee.checkIn', userId });
const mark = (userId: string, present: boolean, reason?: string): Step => ({
  type: 'attendance.mark',
  userId,
  present,
  ...(reason === undefined ? {} : { reason }),
});
const signOff = (passwordCorrect: boolean): Step => ({ type: 'session.signOff', passwordCorrect });

/** The session starts in two hours and lasts two (check-in opens 90 minutes from now). */
const SCRIPTS: Record<string, Step[]> = {
  'scheduled, opened early, signed off once started, then amended': [
    scan('ana'),
    signOff(true),
    mark('ana', true),
    pass(100),
    scan('ben'),
    signOff(true),
    pass(30),
    signOff(false),
    mark('cy', false),
    signOff(true),
    scan('cy'),
    signOff(true),
    mark('cy', true),
    mark('ana', true, 'Checking'),
    mark('ana', false, 'Left after ten minutes'),
    mark('cy', true, 'Signed the paper sheet'),
    mark('cy', true, 'Again'),
    mark('ben', false),
    scan('ben'),
    signOff(true),
  ],
  'ended without a scan, then signed off from the roster': [
    pass(300),
    scan('ana'),
    mark('ana', true),
    signOff(false),
    signOff(true),
  ],
  'open until the end, then closed to scans': [
    pass(100),
    scan('ana'),
    pass(200),
    scan('ben'),
    mark('ben', true),
    signOff(true),
  ],
};

async function walk(steps: Step[]) {
  const trainer = await createUser({ jobTitle: 'Infection control nurse' });
  const trainerToken = await login(trainer);
  const course = await createCourse({ components: ['CLASSROOM'] });
  const componentId = course.classroom!.componentId;
  const people: Record<string, { user: TestUser; token: string }> = {};
  for (const name of ['ana', 'ben', 'cy']) {
    const user = await createUser({ jobTitle: 'Phlebotomist' });
    people[name] = { user, token: await login(user) };
  }
  const nameOf = (userId: string) => Object.keys(people).find((name) => people[name].user.id === userId)!;

  const created = await api('POST', '/api/v2/admin/sessions', {
    token: adminToken,
    body: {
      title: `Lifecycle walk ${crypto.randomUUID().slice(0, 8)}`,
      componentId,
      trainerIds: [trainer.id],
      location: 'Training room 1',
      startsAt: inMinutes(120),
      endsAt: inMinutes(240),
      capacity: 10,
      outline: 'Exposure control plan',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.session.id as string;

  const taken = new Set<string>();
  const actor = createActor(classroomSessionMachine, {
    input: {
      startsAt: created.body.session.startsAt,
      endsAt: created.body.session.endsAt,
      now: new Date().toISOString(),
    },
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') for (const t of event._transitions) taken.add(transitionIdOf(t));
    },
  }).start();

  for (const [i, step] of steps.entries()) {
    const label = `step ${i + 1} ${JSON.stringify(step)}`;
    actor.send(step);
    const res = await perform(step);
    const expected = actor.getSnapshot();
    if (step.type !== 'time.pass') {
      const refusal = expected.context.refusal;
      if (refusal) {
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.body.message, label).toBe(REFUSALS[refusal]);
      } else expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    const session = (await api('GET', `/api/v2/sessions/${id}`, { token: trainerToken })).body.session;
    expect(session.status, label).toBe(expected.hasTag('locked') ? 'SIGNED_OFF' : 'SCHEDULED');
    const marks = Object.fromEntries(
      session.roster
        .filter((entry: { attendance: unknown }) => entry.attendance)
        .map((entry: { id: string; attendance: { present: boolean } }) => [nameOf(entry.id), entry.attendance.present]),
    );
    expect(marks, label).toEqual(expected.context.attendance);
    expect(
      session.amendments.map((a: { userId: string; after: { present: boolean }; reason: string }) => ({
        userId: nameOf(a.userId),
        present: a.after.present,
        reason: a.reason,
      })),
      label,
    ).toEqual(expected.context.amendments);
    const completed = await db
      .select({ userId: schema.componentProgress.userId })
      .from(schema.componentProgress)
      .where(
        and(
          eq(schema.componentProgress.componentId, componentId),
          eq(schema.componentProgress.status, 'COMPLETED'),
          inArray(
            schema.componentProgress.userId,
            Object.values(people).map((p) => p.user.id),
          ),
        ),
      );
    expect(completed.map((row) => nameOf(row.userId)).sort(), label).toEqual([...expected.context.completed].sort());
  }
  actor.stop();
  return taken;

  async function perform(step: Step): Promise<{ status: number; body: { message?: string } }> {
    switch (step.type) {
      case 'time.pass':
        // The clock moving on is the session moving back.
        await db
          .update(schema.classroomSessions)
          .set({
            startsAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${schema.classroomSessions.startsAt}, ${`-${step.minutes} minutes`})`,
            endsAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${schema.classroomSessions.endsAt}, ${`-${step.minutes} minutes`})`,
          })
          .where(eq(schema.classroomSessions.id, id));
        return { status: 200, body: {} };
      case 'attendee.checkIn': {
        const shown = await api('GET', `/api/v2/sessions/${id}/check-in-code`, { token: trainerToken });
        expect(shown.status).toBe(200);
        return api('POST', `/api/v2/user/sessions/${id}/check-in`, {
          token: people[step.userId].token,
          body: { code: shown.body.code },
        });
      }
      case 'attendance.mark':
        return api('PUT', `/api/v2/sessions/${id}/attendance/${people[step.userId].user.id}`, {
          token: trainerToken,
          body: { present: step.present, ...(step.reason === undefined ? {} : { reason: step.reason }) },
        });
      case 'session.signOff':
        return api('POST', `/api/v2/sessions/${id}/sign-off`, {
          token: trainerToken,
          body: { password: step.passwordCorrect ? trainer.password : 'not-my-password' },
        });
    }
  }
}

describe('the classroom-session statechart against the server', () => {
  const taken = new Set<string>();

  it.each(Object.entries(SCRIPTS))('%s', async (_name, steps) => {
    for (const id of await walk(steps)) taken.add(id);
  });

  it('took every transition of the machine across the scripts', () => {
    const all = describeMachine(classroomSessionMachine).transitions;
    expect(all.filter((t) => !taken.has(t.id)).map((t) => `${t.id} ${t.label}`)).toEqual([]);
  });
});
