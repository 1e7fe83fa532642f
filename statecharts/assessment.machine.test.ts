import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateNode } from 'xstate';
import {
  ASSESSMENT_MESSAGES,
  SUBMIT_RETRIES,
  SUBMIT_RETRY_MS,
  TIME_ANNOUNCEMENTS,
  allAnswered,
  assessmentMachine,
} from './assessment.machine';
import {
  NOW,
  questions,
  attempt,
  result,
  fresh,
  failedOnce,
  loaded,
  resuming,
  fakeServer,
  startFromIntro,
  answerAndSubmit,
  installAssessmentClock,
} from './testing/assessment-fixtures';
import { walkGraph } from './testing/graph-coverage';
import { inert } from './testing/fixtures';

installAssessmentClock();

describe('assessment machine', () => {
  it('resumes an open attempt at once and counts down from the server deadline, not from the time limit', async () => {
    const { machine, calls } = fakeServer({ load: async () => resuming, start: async () => attempt(4) }); // 4 of 10 minutes left
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(calls.start).toBe(1);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(240);
    expect(actor.getSnapshot().hasTag('timeLow')).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(230);
  });

  it('turns the timer low only below 300 seconds', async () => {
    const { machine } = fakeServer({ start: async () => attempt(6) });
    const actor = await startFromIntro(machine);
    expect(actor.getSnapshot().hasTag('timeLow')).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(300);
    expect(actor.getSnapshot().hasTag('timeLow')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().hasTag('timeLow')).toBe(true);
  });

  it('announces the time once below 5 minutes, once below 1 minute and once at auto-submit, never on other ticks', async () => {
    const { machine } = fakeServer({ start: async () => attempt(6), submit: async () => result(false) });
    const actor = await startFromIntro(machine);
    const heard: { threshold: string; message: string; remaining: number | null }[] = [];
    actor.on('timer.announce', (event) =>
      heard.push({
        threshold: event.threshold,
        message: event.message,
        remaining: actor.getSnapshot().context.remainingSeconds,
      }),
    );
    // 6:00 to 5:00: every tick passes in silence.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(TIME_ANNOUNCEMENTS.fiveMinutes.belowSeconds);
    expect(heard).toEqual([]);
    // 4:59: the clock turns red and says so, once.
    await vi.advanceTimersByTimeAsync(1000);
    expect(heard).toEqual([{ threshold: 'fiveMinutes', message: 'Less than 5 minutes left.', remaining: 299 }]);
    // Down to 1:00: still nothing new.
    await vi.advanceTimersByTimeAsync(239_000);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(TIME_ANNOUNCEMENTS.oneMinute.belowSeconds);
    expect(heard).toHaveLength(1);
    // 0:59: the last minute, once.
    await vi.advanceTimersByTimeAsync(1000);
    expect(heard.map((h) => h.threshold)).toEqual(['fiveMinutes', 'oneMinute']);
    expect(heard[1]).toMatchObject({ message: 'Less than 1 minute left.', remaining: 59 });
    expect(actor.getSnapshot().hasTag('timeLow')).toBe(true);
    // 0:00: time is up, the answers go in automatically and that is said too.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(heard.map((h) => h.threshold)).toEqual(['fiveMinutes', 'oneMinute', 'timeUp']);
    expect(heard[2]!.message).toBe('Time is up. Your answers are being submitted.');
    expect(actor.getSnapshot().matches('result')).toBe(true);
  });

  it('announces only the band a resumed attempt is in (no 5-minute notice inside the last minute)', async () => {
    const { machine } = fakeServer({ load: async () => resuming, start: async () => attempt(0.5) });
    const actor = createActor(machine, { input: { componentId: 'c1' } });
    const heard: string[] = [];
    actor.on('timer.announce', (event) => heard.push(event.threshold));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(30);
    expect(heard).toEqual(['oneMinute']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(heard).toEqual(['oneMinute']);
  });

  it('auto-submits the answers given so far when the timer reaches zero', async () => {
    const { machine, calls } = fakeServer({ start: async () => attempt(1), submit: async () => result(false) });
    const actor = await startFromIntro(machine);
    actor.send({ type: 'answer.select', questionId: 'q1', answer: 'Pull' });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls.submits).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.submits).toEqual([{ answers: { q1: 'Pull' }, reason: 'timeout' }]);
    expect(actor.getSnapshot().matches('result')).toBe(true);
    expect(actor.getSnapshot().context.result?.passed).toBe(false);
  });

  it('submits at once when a resumed attempt is already past its deadline', async () => {
    const { machine, calls } = fakeServer({
      load: async () => resuming,
      start: async () => attempt(-1, { q2: 'true' }),
    });
    createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.submits).toEqual([{ answers: { q2: 'true' }, reason: 'timeout' }]);
  });

  it('enables submit only when every answerable question is answered (an MCQ without options is exempt)', async () => {
    expect(allAnswered(questions, { q1: 'Pull' })).toBe(false);
    expect(allAnswered(questions, { q1: 'Pull', q2: 'false' })).toBe(true);
    const { machine, calls } = fakeServer();
    const actor = await startFromIntro(machine);
    actor.send({ type: 'answer.select', questionId: 'q1', answer: 'Pull' });
    expect(actor.getSnapshot().can({ type: 'attempt.submit' })).toBe(false);
    actor.send({ type: 'attempt.submit' });
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    actor.send({ type: 'answer.select', questionId: 'q2', answer: 'false' });
    expect(actor.getSnapshot().can({ type: 'attempt.submit' })).toBe(true);
    actor.send({ type: 'attempt.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.submits).toEqual([{ answers: { q1: 'Pull', q2: 'false' }, reason: 'manual' }]);
    expect(actor.getSnapshot().matches('result')).toBe(true);
  });

  it('autosaves each answer as it is given and retries a failed save with the newest answers', async () => {
    let failNext = true;
    const { machine, calls } = fakeServer({
      save: async () => {
        if (failNext) {
          failNext = false;
          throw new Error('network');
        }
      },
    });
    const actor = await startFromIntro(machine);
    actor.send({ type: 'answer.select', questionId: 'q1', answer: 'Push' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.saves).toEqual([{ q1: 'Push' }]);
    // The failure does not block answering.
    actor.send({ type: 'answer.select', questionId: 'q1', answer: 'Pull' });
    actor.send({ type: 'answer.select', questionId: 'q2', answer: 'true' });
    expect(actor.getSnapshot().context.answers).toEqual({ q1: 'Pull', q2: 'true' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.saves[1]).toEqual({ q1: 'Pull', q2: 'true' });
    expect(actor.getSnapshot().context.unsaved).toEqual({});
  });

  it('keeps a failed submit on screen with the message and succeeds when retried', async () => {
    let fail = true;
    const { machine, calls } = fakeServer({
      submit: async () => {
        if (fail) {
          fail = false;
          throw new Error('offline');
        }
        return result(true);
      },
    });
    const actor = await startFromIntro(machine);
    await answerAndSubmit(actor);
    expect(actor.getSnapshot().matches('submitFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ASSESSMENT_MESSAGES.submitFailed);
    // A manual submit waits for the learner: no retry on its own.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.submits).toHaveLength(1);
    actor.send({ type: 'attempt.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.submits).toHaveLength(2);
    expect(actor.getSnapshot().matches('result')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('resends a submit whose answer was lost (a 5xx or no response) by itself, then asks the learner', async () => {
    // The client's errors carry the HTTP status (0: no response); the server answers a resent submit
    // of the same answers with the stored result (issue 31).
    const lost = (status: number) => Object.assign(new Error('lost'), { status });
    /** Answers both questions and submits by hand; each submit call takes the next of `outcomes`. */
    const submitAgainst = async (outcomes: (Error | null)[]) => {
      const { machine, calls } = fakeServer({
        submit: async () => {
          const failure = outcomes.length > 1 ? outcomes.shift() : outcomes[0];
          if (failure) throw failure;
          return result(true);
        },
      });
      const actor = await startFromIntro(machine);
      await answerAndSubmit(actor);
      return { actor, calls };
    };
    const recovered = await submitAgainst([lost(503), lost(0), null]);
    expect(recovered.actor.getSnapshot().matches('resubmitWait')).toBe(true);
    expect(recovered.actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS * 2);
    expect(recovered.calls.submits).toEqual(Array(3).fill({ answers: { q1: 'Pull', q2: 'false' }, reason: 'manual' }));
    expect(recovered.actor.getSnapshot().matches('result')).toBe(true);

    // Never more than SUBMIT_RETRIES resends on its own; a refusal (4xx) is not resent at all.
    const down = await submitAgainst([lost(500)]);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS * (SUBMIT_RETRIES + 2));
    expect(down.calls.submits).toHaveLength(1 + SUBMIT_RETRIES);
    expect(down.actor.getSnapshot().matches('submitFailed')).toBe(true);
    const refused = await submitAgainst([lost(409)]);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS * 3);
    expect(refused.calls.submits).toHaveLength(1);
    expect(refused.actor.getSnapshot().matches('submitFailed')).toBe(true);
  });

  it('retries a failed automatic submit by itself', async () => {
    let failures = 2;
    const { machine, calls } = fakeServer({
      start: async () => attempt(0.5),
      submit: async () => {
        if (failures-- > 0) throw new Error('offline');
        return result(false);
      },
    });
    const actor = await startFromIntro(machine);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().matches('submitFailed')).toBe(true);
    await vi.advanceTimersByTimeAsync(6000);
    expect(calls.submits).toHaveLength(3);
    expect(actor.getSnapshot().matches('result')).toBe(true);
  });

  it('shows the wait message on a duplicate-key start and retries after 1 second', async () => {
    let first = true;
    const { machine, calls } = fakeServer({
      start: async () => {
        if (first) {
          first = false;
          throw new Error('D1_ERROR: UNIQUE constraint failed (duplicate key)');
        }
        return attempt();
      },
    });
    const actor = await startFromIntro(machine);
    expect(actor.getSnapshot().hasTag('duplicateWait')).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.start).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.start).toBe(2);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
  });

  it('shows the server message when the start is refused (fourth attempt)', async () => {
    const { machine } = fakeServer({ start: async () => Promise.reject(new Error('Maximum attempts reached')) });
    const actor = await startFromIntro(machine);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Maximum attempts reached');
  });

  it('opens a passed assessment in review instead of starting an attempt', async () => {
    const { machine, calls } = fakeServer({
      load: async () =>
        loaded({
          passedAttemptId: 'att-0',
          history: {
            ...fresh,
            usedAttempts: 1,
            lastAttempt: { attemptId: 'att-0', attemptNumber: 1, score: 100, passed: true },
          },
        }),
    });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(calls.start).toBe(0);
    expect(calls.reviews).toEqual(['att-0']);
    expect(actor.getSnapshot().can({ type: 'attempt.retake' })).toBe(false);
  });

  it('restores the saved answers of a resumed attempt', async () => {
    const { machine } = fakeServer({ load: async () => resuming, start: async () => attempt(5, { q1: 'Pull' }) });
    const actor = createActor(machine, { input: { componentId: 'c1' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.answers).toEqual({ q1: 'Pull' });
    expect(actor.getSnapshot().context.unsaved).toEqual({});
  });

  it('offers a retake only after a failed attempt with attempts left, through the intro', async () => {
    let n = 0;
    const { machine, calls } = fakeServer({ submit: async () => (n++ === 0 ? result(false, 1) : result(false, 0)) });
    const actor = await startFromIntro(machine);
    const answerAll = () => {
      actor.send({ type: 'answer.select', questionId: 'q1', answer: 'Push' });
      actor.send({ type: 'answer.select', questionId: 'q2', answer: 'true' });
      actor.send({ type: 'attempt.submit' });
    };
    answerAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'attempt.retake' })).toBe(true);
    actor.send({ type: 'attempt.retake' });
    await vi.advanceTimersByTimeAsync(0);
    // The retake only leads back to the intro, which now shows the failed attempt.
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(calls.start).toBe(1);
    expect(actor.getSnapshot().context.history).toEqual({
      usedAttempts: 1,
      remainingAttempts: 1,
      lastAttempt: { attemptId: 'att-1', attemptNumber: 1, score: 0, passed: false },
    });
    actor.send({ type: 'attempt.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.start).toBe(2);
    answerAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'attempt.retake' })).toBe(false);
    expect(actor.getSnapshot().context.history.remainingAttempts).toBe(0);
  });
});

describe('assessment machine: every state and transition (xstate/graph)', () => {
  const machine = inert(assessmentMachine);
  const deadline = NOW + 600_000;
  const events = [
    { type: 'xstate.done.actor.loadAssessment', output: loaded() },
    { type: 'xstate.done.actor.loadAssessment', output: loaded({ history: failedOnce }) },
    { type: 'xstate.done.actor.loadAssessment', output: resuming },
    { type: 'xstate.done.actor.loadAssessment', output: loaded({ passedAttemptId: 'att-0' }) },
    { type: 'attempt.start' },
    { type: 'attempt.review' },
    { type: 'xstate.error.actor.loadAssessment', error: new Error('offline') },
    { type: 'xstate.done.actor.startAttempt', output: attempt() },
    { type: 'xstate.error.actor.startAttempt', error: new Error('duplicate key value') },
    { type: 'xstate.error.actor.startAttempt', error: new Error('Maximum attempts reached') },
    { type: 'answer.select', questionId: 'q1', answer: 'Pull' },
    { type: 'answer.select', questionId: 'q2', answer: 'true' },
    { type: 'timer.tick', now: deadline - 400_000 },
    { type: 'timer.tick', now: deadline - 100_000 },
    { type: 'timer.tick', now: deadline - 30_000 },
    { type: 'timer.tick', now: deadline },
    { type: 'xstate.done.actor.saveAnswers' },
    { type: 'xstate.error.actor.saveAnswers', error: new Error('offline') },
    { type: 'attempt.submit' },
    { type: 'xstate.done.actor.submitAttempt', output: result(false, 2) },
    { type: 'xstate.done.actor.submitAttempt', output: result(true) },
    { type: 'xstate.error.actor.submitAttempt', error: new Error('offline') },
    { type: 'xstate.error.actor.submitAttempt', error: Object.assign(new Error('lost'), { status: 503 }) },
    { type: 'attempt.retake' },
    { type: 'assessment.retry' },
    { type: 'xstate.done.actor.loadAttemptResult', output: result(true, 0) },
    { type: 'xstate.done.actor.loadAttemptResult', output: result(false, 2) },
    { type: 'xstate.error.actor.loadAttemptResult', error: new Error('offline') },
  ];
  const serializeState = (s: { value: unknown; context: unknown }) => {
    const c = s.context as ReturnType<typeof assessmentMachine.getInitialSnapshot>['context'];
    return JSON.stringify([
      s.value,
      Object.keys(c.answers).sort(),
      Object.keys(c.unsaved).length > 0,
      Object.keys(c.saving).length > 0,
      c.submitReason,
      c.result?.passed ?? null,
      c.reviewAttemptId !== null,
      // Not the count of attempts used: it grows with every retake and would make the graph infinite.
      c.history.remainingAttempts,
      c.history.lastAttempt?.passed ?? null,
      c.error,
      c.submitRetries,
    ]);
  };
  const walk = walkGraph({
    machine,
    inputs: [{ componentId: 'c1' }],
    events: events as never,
    serializeState: serializeState as never,
  });
  const paths = walk.paths;

  it('reaches every state node and takes every transition of the definition', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(walk.unvisitedStates).toEqual([]);
    expect(walk.untakenTransitions).toEqual([]);
  });

  it('behaves on a live actor exactly as the model says, on every path', () => {
    expect(walk.mismatches).toEqual([]);
  });

  it('includes timer expiry and a failed submit that is retried', () => {
    const types = (p: (typeof paths)[number]) =>
      p.events.map((e) =>
        e.type === 'timer.tick' ? `tick@${(e as unknown as { now: number }).now - deadline}` : e.type,
      );
    const expiry = paths.find(
      (p) =>
        types(p).at(-1) === 'tick@0' &&
        (p.states.at(-2) as unknown as { _nodes: AnyStateNode[] })._nodes.some((n) => n.id === 'assessment.answering'),
    );
    expect(expiry?.states.at(-1)!.value).toBe('submitting');
    expect((expiry?.states.at(-1)!.context as { submitReason: string }).submitReason).toBe('timeout');
    const retried = paths.find((p) => {
      const t = types(p);
      return t.at(-1) === 'attempt.submit' && t.at(-2) === 'xstate.error.actor.submitAttempt';
    });
    expect(retried?.states.at(-2)!.value).toBe('submitFailed');
    expect(retried?.states.at(-1)!.value).toBe('submitting');
  });
});
