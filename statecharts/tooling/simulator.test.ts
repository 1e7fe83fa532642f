import { describe, expect, it } from 'vitest';
import { findMachine, MACHINES, SIMULATION_EPOCH } from './registry';
import { Simulation } from './simulator';

const entry = (key: string) => findMachine(key)!;

/** Presses Start when the machine has an intro before the attempt (the server clock starts only then). */
function startIfAsked(sim: Simulation) {
  const start = sim.enabledEvents().find((e) => e.label === 'attempt.start');
  if (start) sim.send(start.event);
}

function pick(sim: Simulation, label: string, variant?: string) {
  const found = sim.enabledEvents().find((e) => e.label === label && (variant === undefined || e.variant === variant));
  if (!found)
    throw new Error(
      `"${label}" ${variant ?? ''} is not enabled; enabled: ${sim
        .enabledEvents()
        .map((e) => `${e.label} ${e.variant ?? ''}`)
        .join(', ')}`,
    );
  return found.event;
}

describe('the simulator runs the real machine with placeholder actors and a simulated clock', () => {
  it('assessment: an attempt started by the auditor is auto-submitted once the simulated clock passes the deadline', () => {
    const sim = new Simulation(entry('assessment'));
    expect(sim.activeStateIds()).toContain('assessment.loading');
    // Placeholders never settle: the machine waits for the auditor to play the server.
    expect(new Set(sim.enabledEvents().map((e) => e.label))).toEqual(
      new Set(['done: loadAssessment', 'error: loadAssessment']),
    );

    sim.send(pick(sim, 'done: loadAssessment', 'not yet passed'));
    startIfAsked(sim);
    sim.send(pick(sim, 'done: startAttempt'));
    expect(sim.activeStateIds()).toEqual(
      expect.arrayContaining([
        'assessment.answering',
        'assessment.answering.clock.plenty',
        'assessment.answering.autosave.idle',
      ]),
    );
    expect(sim.snapshot().context.attempt.deadline).toBe(new Date(SIMULATION_EPOCH + 10 * 60_000).toISOString());
    // Submitting by hand needs every question answered.
    expect(sim.enabledEvents().map((e) => e.label)).not.toContain('attempt.submit');

    sim.advance(6 * 60_000);
    sim.send(pick(sim, 'timer.tick'));
    expect(sim.activeStateIds()).toContain('assessment.answering.clock.low');
    expect(sim.snapshot().context.remainingSeconds).toBe(240);

    sim.advance(4 * 60_000);
    sim.send(pick(sim, 'timer.tick'));
    expect(sim.activeStateIds()).toContain('assessment.submitting');
    expect(sim.snapshot().context.submitReason).toBe('timeout');
    sim.stop();
  });

  it('assessment: a failed automatic submit is retried when the auditor fires the 3 s timer', () => {
    const sim = new Simulation(entry('assessment'));
    sim.send(pick(sim, 'done: loadAssessment', 'not yet passed'));
    startIfAsked(sim);
    sim.send(pick(sim, 'done: startAttempt'));
    sim.advance(10 * 60_000);
    sim.send(pick(sim, 'timer.tick'));
    sim.send(pick(sim, 'error: submitAttempt'));
    expect(sim.activeStateIds()).toContain('assessment.submitFailed');
    expect(sim.clock.nextDue()).toBe(sim.clock.elapsed() + 3000);
    expect(sim.fireNextTimer()).toBe(3000);
    expect(sim.activeStateIds()).toContain('assessment.submitting');
    sim.stop();
  });

  it('enrollment: the 1 s wait and the 3 s banner pass only when the clock is moved', () => {
    const sim = new Simulation(entry('enrollment'));
    sim.send(pick(sim, 'course.enroll'));
    sim.send(pick(sim, 'done: enroll'));
    expect(sim.activeStateIds()).toContain('enrollment.waiting');
    sim.advance(999);
    expect(sim.activeStateIds()).toContain('enrollment.waiting');
    sim.advance(1);
    expect(sim.activeStateIds()).toContain('enrollment.banner');
    expect(sim.fireNextTimer()).toBe(3000);
    expect(sim.activeStateIds()).toContain('enrollment.enrolled');
    expect(sim.fireNextTimer()).toBeNull();
    sim.stop();
  });

  it('session: guarded events are offered only when their guard passes', () => {
    const sim = new Simulation(entry('session'), 1); // nothing stored: the server is still asked
    expect(sim.activeStateIds()).toContain('session.checking');
    sim.send(pick(sim, 'error: fetchCurrentUser'));
    expect(sim.activeStateIds()).toContain('session.signedOut');
    const labels = sim.enabledEvents().map((e) => e.label);
    expect(labels).toContain('session.login');
    expect(labels).not.toContain('session.logout');
    sim.send(pick(sim, 'session.login'));
    sim.send(pick(sim, 'error: login'));
    expect(sim.snapshot().context.error).toBe('Invalid username or password');
    sim.stop();
  });

  it('every registered machine starts in the simulator with each of its sample inputs', () => {
    for (const e of MACHINES) {
      for (let i = 0; i < (e.inputs?.length ?? 1); i++) {
        const sim = new Simulation(e, i);
        expect(sim.snapshot().status, `${e.key} with input ${i}`).not.toBe('error');
        expect(sim.activeStateIds()[0]).toBe(e.machine.root.id);
        expect(sim.activeStateIds().length).toBeGreaterThan(1);
        sim.stop();
      }
    }
  });
});

describe('a long-running machine is simulated in days', () => {
  it('certification: the clock is the machine’s own date, moved by days; time.pass is not offered as an event', () => {
    const sim = new Simulation(entry('certification'));
    const start = new Date(SIMULATION_EPOCH).toISOString();
    expect(sim.calendarDate()).toBe(start);
    expect(sim.daysPassed()).toBe(0);
    expect(sim.activeStateIds()).toContain('certification.pending');
    expect(sim.enabledEvents().map((e) => e.label)).not.toContain('time.pass');

    sim.passDays(30);
    sim.passDays(1);
    // The requirement's 30-day due period is over: the person is overdue, 31 days on.
    expect(sim.daysPassed()).toBe(31);
    expect(sim.calendarDate()?.slice(0, 10)).toBe('2026-02-15');
    expect(sim.activeStateIds()).toContain('certification.overdue');
    expect(sim.log).toEqual(['+30 d', '+1 d']);

    sim.passDays(365);
    expect(sim.calendarDate()?.slice(0, 10)).toBe('2027-02-15');
    // The simulated clock moved with it, so samples built from "now" read the same day.
    expect(new Date(sim.now()).toISOString().slice(0, 10)).toBe('2027-02-15');
    sim.stop();
  });

  it('a machine on the clock has no calendar: its simulator keeps seconds and minutes', () => {
    const sim = new Simulation(entry('assessment'));
    expect(sim.calendarDate()).toBeNull();
    sim.passDays(1);
    expect(sim.clock.elapsed()).toBe(0);
    sim.stop();
  });
});
