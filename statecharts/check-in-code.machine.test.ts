import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CHECK_IN_CODE_MESSAGES,
  checkInCodeMachine,
  MIN_REFRESH_MS,
  REFRESH_LEAD_MS,
  REFRESH_TIMEOUT_MS,
  refreshDelay,
  retryDelay,
  TURN_MARGIN_MS,
  type FetchedCode,
} from './check-in-code.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert } from './testing/fixtures';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9, 0, 5) }));
afterEach(() => vi.useRealTimers());

const WINDOW_MS = 30_000;

/** The server's rule on the fake clock: the code of the current 30-second window and its end. */
const serverAnswer = (): FetchedCode => {
  const window = Math.floor(Date.now() / WINDOW_MS);
  return {
    code: `s1.${window}.sig`,
    expiresAt: new Date((window + 1) * WINDOW_MS).toISOString(),
    receivedAt: new Date().toISOString(),
  };
};

const offline = () => ({ refused: false, message: 'Failed to fetch' });

function run(options: { fetch?: () => Promise<FetchedCode>; visible?: boolean; online?: boolean } = {}) {
  const fetch = vi.fn(options.fetch ?? (async () => serverAnswer()));
  const machine = checkInCodeMachine.provide({ actors: { fetchCode: fromPromise(() => fetch()) } });
  const actor = createActor(machine, {
    input: { sessionId: 's1', visible: options.visible ?? true, online: options.online ?? true },
  }).start();
  /** Every code on screen, sampled each 100 ms, with the time it was shown. */
  const shown: { at: number; code: string; expiresAt: string }[] = [];
  const sample = () => {
    const s = actor.getSnapshot();
    if (s.hasTag('code') && s.context.code && s.context.expiresAt)
      shown.push({ at: Date.now(), code: s.context.code, expiresAt: s.context.expiresAt });
  };
  return { actor, fetch, shown, sample };
}

describe('check-in code machine', () => {
  it('fetches a code at once when the page is in view and online, and shows it', async () => {
    const { actor, fetch } = run();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.code).toBe(serverAnswer().code);
  });

  it('keeps a code the server accepts on screen for ten minutes, asking about twice per window', async () => {
    const { fetch, shown, sample } = run();
    for (let t = 0; t < 600_000; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      sample();
    }
    // The server accepts a code until 10 s after its expiry; on screen it never gets near that.
    for (const s of shown) expect(s.at).toBeLessThanOrEqual(Date.parse(s.expiresAt) + TURN_MARGIN_MS + 100);
    // Every window's code was shown, and the asking stays modest (a first ask early, a second after the turn).
    expect(new Set(shown.map((s) => s.code)).size).toBeGreaterThanOrEqual(20);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(2 * 21);
  });

  it('asks for the next code a second before expiry, and once more just after the turn when it got the same one', () => {
    expect(refreshDelay(25_000, false)).toBe(25_000 - REFRESH_LEAD_MS);
    expect(refreshDelay(1_000, true)).toBe(1_000 + TURN_MARGIN_MS);
    // A device clock far off never makes it ask more than once a second.
    expect(refreshDelay(-20_000, true)).toBe(MIN_REFRESH_MS);
    expect(refreshDelay(500, false)).toBe(MIN_REFRESH_MS);
  });

  it('pauses while hidden or offline (nothing shown, nothing asked) and fetches a fresh code on return', async () => {
    const { actor, fetch } = run();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.hidden' });
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(actor.getSnapshot().context.code).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    actor.send({ type: 'connection.offline' });
    actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(fetch).toHaveBeenCalledTimes(1);
    actor.send({ type: 'connection.online' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('starts paused when opened in a background tab or offline', async () => {
    const { actor, fetch } = run({ visible: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(fetch).not.toHaveBeenCalled();
    actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows an error with a retry when a fetch fails, and retries by itself with a growing delay', async () => {
    let answer: () => Promise<FetchedCode> = () => Promise.reject(offline());
    const { actor, fetch } = run({ fetch: () => answer() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelay(2) - 1);
    expect(fetch).toHaveBeenCalledTimes(2);
    // The retry button does not wait.
    answer = async () => serverAnswer();
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('hides the shown code when its refresh fails, and when the refresh hangs', async () => {
    let answer: () => Promise<FetchedCode> = async () => serverAnswer();
    const { actor } = run({ fetch: () => answer() });
    await vi.advanceTimersByTimeAsync(0);
    answer = () => Promise.reject(new Error('Service unavailable'));
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.code).toBeNull();
    expect(actor.getSnapshot().context.error).toBe('Service unavailable');

    answer = async () => serverAnswer();
    actor.send({ type: 'retry' });
    await vi.advanceTimersByTimeAsync(0);
    answer = () => new Promise<FetchedCode>(() => {});
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(actor.getSnapshot().value).toBe('refreshing');
    await vi.advanceTimersByTimeAsync(REFRESH_TIMEOUT_MS);
    expect(actor.getSnapshot().hasTag('code')).toBe(false);
    expect(actor.getSnapshot().context.code).toBeNull();
  });

  it('waits for the retry button after a refusal (not a trainer, no such session)', async () => {
    let answer: () => Promise<FetchedCode> = () =>
      Promise.reject({ refused: true, message: 'Only a trainer of this session can do this' });
    const { actor, fetch } = run({ fetch: () => answer() });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().value).toBe('refused');
    expect(fetch).toHaveBeenCalledTimes(1);
    answer = async () => serverAnswer();
    actor.send({ type: 'retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('gives a plain message for an error without one', async () => {
    const { actor } = run({ fetch: () => Promise.reject('boom') });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe(CHECK_IN_CODE_MESSAGES.failed);
  });

  it('backs off from 2 s doubling to at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('check-in code machine: every state and transition (xstate/graph)', () => {
  const machine = inert(checkInCodeMachine);
  const first: FetchedCode = {
    code: 'c1',
    expiresAt: '2026-11-28T09:00:30.000Z',
    receivedAt: '2026-11-28T09:00:05.000Z',
  };
  const walk = walkGraph({
    machine,
    inputs: [
      { sessionId: 's1', visible: true, online: true },
      { sessionId: 's1', visible: false, online: false },
    ],
    events: [
      { type: 'page.visible' },
      { type: 'page.hidden' },
      { type: 'connection.online' },
      { type: 'connection.offline' },
      { type: 'retry' },
      done(machine, 'fetchCode', first, 'loading'),
      done(machine, 'fetchCode', first, 'refreshing'),
      fail(machine, 'fetchCode', 'Failed to fetch', 'loading'),
      fail(machine, 'fetchCode', 'Failed to fetch', 'refreshing'),
      {
        ...fail(machine, 'fetchCode', '', 'loading'),
        error: { refused: true, message: 'Session not found' },
      },
      {
        ...fail(machine, 'fetchCode', '', 'refreshing'),
        error: { refused: true, message: 'Session not found' },
      },
    ],
    // Failures count up without end; two are as good as more for the graph (the backoff has its own test).
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, { ...snapshot.context, attempts: Math.min(2, snapshot.context.attempts) }]),
    check: ({ after }) => {
      // A code is on screen only while showing or refreshing, and only when in view and online.
      expect(after.hasTag('code')).toBe(after.context.code !== null && after.context.visible && after.context.online);
      // An error state always has its message; a shown code never sits beside an old error.
      if (after.hasTag('error')) expect(after.context.error).not.toBeNull();
      if (after.hasTag('code')) expect(after.context.error).toBeNull();
    },
  });

  it('reaches every state node and takes every transition', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(20);
  });
});
