import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { classroomSessionMachine, type ClassroomSessionInput } from './classroom-session.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';

// A session from 10:00 to 12:00; check-in opens at 09:30.
const input = (now: string): ClassroomSessionInput => ({
  startsAt: '2026-12-01T10:00:00.000Z',
  endsAt: '2026-12-01T12:00:00.000Z',
  now,
});

const start = (now = '2026-12-01T08:00:00.000Z') => createActor(classroomSessionMachine, { input: input(now) }).start();

describe('classroom session lifecycle machine', () => {
  it('opens check-in 30 minutes before the start and closes it at the end', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'attendee.checkIn', userId: 'ana' });
    expect(actor.getSnapshot().context.refusal).toBe('session.checkInClosed');
    actor.send({ type: 'time.pass', minutes: 89 });
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'time.pass', minutes: 1 });
    expect(actor.getSnapshot().value).toBe('openForCheckIn');
    expect(actor.getSnapshot().hasTag('checkInOpen')).toBe(true);
    actor.send({ type: 'attendee.checkIn', userId: 'ana' });
    expect(actor.getSnapshot().context).toMatchObject({ attendance: { ana: true }, refusal: null });
    // The end itself still counts; a minute later it is over.
    actor.send({ type: 'time.pass', minutes: 150 });
    expect(actor.getSnapshot().value).toBe('openForCheckIn');
    actor.send({ type: 'time.pass', minutes: 1 });
    expect(actor.getSnapshot().value).toBe('ended');
    actor.send({ type: 'attendee.checkIn', userId: 'ben' });
    expect(actor.getSnapshot().context.refusal).toBe('session.checkInClosed');
    expect(actor.getSnapshot().context.attendance).toEqual({ ana: true });
  });

  it('starts where the clock places it, and never runs the clock backwards', () => {
    expect(start('2026-12-01T09:45:00.000Z').getSnapshot().value).toBe('openForCheckIn');
    const ended = start('2026-12-01T13:00:00.000Z');
    expect(ended.getSnapshot().value).toBe('ended');
    ended.send({ type: 'time.pass', minutes: -600 });
    expect(ended.getSnapshot().context.now).toBe('2026-12-01T13:00:00.000Z');
  });

  it('takes roster marks before the sign-off, signs off only once started and with the right password', () => {
    const actor = start();
    actor.send({ type: 'attendance.mark', userId: 'cy', present: true });
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    expect(actor.getSnapshot().context.refusal).toBe('session.notStarted');
    actor.send({ type: 'time.pass', minutes: 100 });
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    expect(actor.getSnapshot().context.refusal).toBe('session.notStarted');
    actor.send({ type: 'time.pass', minutes: 20 });
    actor.send({ type: 'attendance.mark', userId: 'dee', present: false });
    actor.send({ type: 'session.signOff', passwordCorrect: false });
    expect(actor.getSnapshot().context.refusal).toBe('session.passwordWrong');
    expect(actor.getSnapshot().value).toBe('openForCheckIn');
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    const s = actor.getSnapshot();
    expect(s.value).toBe('signedOff');
    expect(s.hasTag('locked')).toBe(true);
    // Only the people present complete their classroom component.
    expect(s.context.completed).toEqual(['cy']);
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    expect(actor.getSnapshot().context.refusal).toBe('session.alreadySignedOff');
  });

  it('signs off after the end too, and refuses a scan once signed off', () => {
    const actor = start('2026-12-01T12:30:00.000Z');
    actor.send({ type: 'attendance.mark', userId: 'ana', present: true });
    actor.send({ type: 'session.signOff', passwordCorrect: false });
    expect(actor.getSnapshot().context.refusal).toBe('session.passwordWrong');
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    actor.send({ type: 'attendee.checkIn', userId: 'ben' });
    expect(actor.getSnapshot().context.refusal).toBe('session.signedOffCheckIn');
  });

  it('after the sign-off takes only amendments with a reason that change something; absent keeps a completion earned', () => {
    const actor = start('2026-12-01T12:30:00.000Z');
    actor.send({ type: 'attendance.mark', userId: 'ana', present: true });
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    actor.send({ type: 'attendance.mark', userId: 'ana', present: false, reason: '  ' });
    expect(actor.getSnapshot().context.refusal).toBe('session.amendReasonRequired');
    actor.send({ type: 'attendance.mark', userId: 'ana', present: true, reason: 'Checking' });
    expect(actor.getSnapshot().context.refusal).toBe('session.amendUnchanged');
    expect(actor.getSnapshot().value).toBe('signedOff');
    actor.send({ type: 'attendance.mark', userId: 'ana', present: false, reason: 'Left after ten minutes' });
    expect(actor.getSnapshot().value).toBe('amended');
    expect(actor.getSnapshot().context.completed).toEqual(['ana']);
    actor.send({ type: 'attendance.mark', userId: 'ben', present: true, reason: 'Signed the paper sheet' });
    actor.send({ type: 'attendance.mark', userId: 'ben', present: true, reason: 'Again' });
    expect(actor.getSnapshot().context.refusal).toBe('session.amendUnchanged');
    actor.send({ type: 'attendance.mark', userId: 'cy', present: true });
    expect(actor.getSnapshot().context.refusal).toBe('session.amendReasonRequired');
    actor.send({ type: 'attendee.checkIn', userId: 'cy' });
    expect(actor.getSnapshot().context.refusal).toBe('session.signedOffCheckIn');
    actor.send({ type: 'session.signOff', passwordCorrect: true });
    expect(actor.getSnapshot().context.refusal).toBe('session.alreadySignedOff');
    const { context } = actor.getSnapshot();
    expect(context.completed).toEqual(['ana', 'ben']);
    expect(context.attendance).toEqual({ ana: false, ben: true });
    expect(context.amendments).toEqual([
      { userId: 'ana', present: false, reason: 'Left after ten minutes' },
      { userId: 'ben', present: true, reason: 'Signed the paper sheet' },
    ]);
  });
});

describe('classroom session lifecycle machine: every state and transition (xstate/graph)', () => {
  const walk = walkGraph({
    machine: classroomSessionMachine,
    inputs: [input('2026-12-01T09:00:00.000Z')],
    events: [
      { type: 'time.pass', minutes: 45 },
      { type: 'time.pass', minutes: 240 },
      { type: 'attendee.checkIn', userId: 'ana' },
      { type: 'attendance.mark', userId: 'ana', present: false },
      { type: 'attendance.mark', userId: 'ana', present: true, reason: 'Was there' },
      { type: 'attendance.mark', userId: 'ben', present: true, reason: 'Signed the paper sheet' },
      { type: 'session.signOff', passwordCorrect: false },
      { type: 'session.signOff', passwordCorrect: true },
    ],
    // The clock only moves on; three hours in, every state has been reached.
    serializeState: (s) =>
      JSON.stringify([s.value, { ...s.context, now: s.context.now > '2026-12-01T13' ? 'late' : s.context.now }]),
    check: ({ before, after }) => {
      // Once locked, always locked; a completion is never withdrawn.
      if (before.hasTag('locked')) expect(after.hasTag('locked')).toBe(true);
      for (const id of before.context.completed) expect(after.context.completed).toContain(id);
      // A refused event changes nothing but the refusal.
      if (after.context.refusal) {
        expect(after.context.attendance).toEqual(before.context.attendance);
        expect(after.context.amendments).toEqual(before.context.amendments);
      }
    },
  });

  it('reaches every state node and takes every transition', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(30);
  });
});
