import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  expiredLinkError,
  FORGOT_PASSWORD_REDIRECT_MS,
  LOGIN_REDIRECT_MS,
  RESET_PASSWORD_MESSAGES,
  resetPasswordMachine,
} from './reset-password.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert, never } from './testing/fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function open(
  token: string,
  server: { valid?: () => Promise<boolean>; reset?: (password: string) => Promise<string | null> } = {},
) {
  const calls = { validate: [] as string[], reset: [] as { token: string; password: string }[] };
  const machine = resetPasswordMachine.provide({
    actors: {
      validateToken: fromPromise(async ({ input }) => {
        calls.validate.push(input.token);
        return server.valid ? server.valid() : true;
      }),
      resetPassword: fromPromise(async ({ input }) => {
        calls.reset.push(input);
        return server.reset ? server.reset(input.password) : 'Password has been reset successfully';
      }),
    },
  });
  const actor = createActor(machine, { input: { token } });
  const redirects: string[] = [];
  actor.on('page.redirect', (event) => void redirects.push(event.to));
  actor.start();
  return { actor, calls, redirects };
}

describe('reset password machine', () => {
  it('shows the invalid-link message without asking the server when the link has no token', () => {
    const { actor, calls } = open('');
    expect(actor.getSnapshot().matches('invalid')).toBe(true);
    expect(calls.validate).toEqual([]);
  });

  it('checks the token on arrival and shows the form only when the server accepts it', async () => {
    const { actor, calls } = open('tok-1');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.validate).toEqual(['tok-1']);
    expect(actor.getSnapshot().matches('form')).toBe(true);
  });

  it('treats a refused token and a failed check alike: invalid link, no form', async () => {
    const refused = open('used', { valid: async () => false });
    const failing = open('broken', { valid: () => Promise.reject(new Error('Invalid or expired token')) });
    await vi.advanceTimersByTimeAsync(0);
    expect(refused.actor.getSnapshot().matches('invalid')).toBe(true);
    expect(failing.actor.getSnapshot().matches('invalid')).toBe(true);
  });

  it('sends the new password with the token, shows the success message and goes to the login 3 s later', async () => {
    const { actor, calls, redirects } = open('tok-1', { reset: async () => null });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'password.submit', password: 'Lockout#Tagout9' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reset).toEqual([{ token: 'tok-1', password: 'Lockout#Tagout9' }]);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe(RESET_PASSWORD_MESSAGES.success);
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS - 1);
    expect(redirects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(redirects).toEqual(['/login']);
  });

  it("shows the server's success message when it sends one", async () => {
    const { actor } = open('tok-1', { reset: async () => '  Password reset.  ' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'password.submit', password: 'Lockout#Tagout9' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.message).toBe('Password reset.');
  });

  it('shows the expired message and goes to "forgot password" 2 s after the server refuses the link', async () => {
    const { actor, redirects } = open('tok-1', { reset: () => Promise.reject(expiredLinkError()) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'password.submit', password: 'Lockout#Tagout9' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    await vi.advanceTimersByTimeAsync(FORGOT_PASSWORD_REDIRECT_MS);
    expect(redirects).toEqual(['/forgot-password']);
  });

  it("keeps the form with the server's message (else the default) on other failures, and clears it on the next try", async () => {
    let failure: Error = new Error('Password cannot contain common safety terms');
    const { actor } = open('tok-1', { reset: () => Promise.reject(failure) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'password.submit', password: 'Safety#2026x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Password cannot contain common safety terms');
    failure = new Error('');
    actor.send({ type: 'password.submit', password: 'Lockout#Tagout9' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe(RESET_PASSWORD_MESSAGES.failed);
  });

  it('ignores a second submit while the first is in flight', async () => {
    const { actor, calls } = open('tok-1', { reset: () => never<string | null>() });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'password.submit', password: 'Lockout#Tagout9' });
    actor.send({ type: 'password.submit', password: 'Lockout#Tagout9' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reset).toHaveLength(1);
  });
});

describe('reset password machine: every state and transition (xstate/graph)', () => {
  const machine = inert(resetPasswordMachine);
  const walk = walkGraph<{ redirects: string[] }>({
    machine,
    inputs: [{ token: '' }, { token: 'tok-1' }],
    events: [
      { type: 'password.submit', password: 'Lockout#Tagout9' },
      done(machine, 'validateToken', true),
      done(machine, 'validateToken', false),
      fail(machine, 'validateToken', 'Invalid or expired token'),
      done(machine, 'resetPassword', 'Password has been reset successfully'),
      { type: 'xstate.error.actor.resetPassword', error: expiredLinkError() },
      fail(machine, 'resetPassword', 'Invalid request. Please check your password and try again.'),
    ],
    start: (input, inspect) => {
      const actor = createActor(machine, { input: input as never, inspect });
      const effects = { redirects: [] as string[] };
      actor.on('page.redirect', (event) => void effects.redirects.push(event.to));
      return { actor, effects };
    },
    check: ({ before, after, effects }) => {
      // The form is never shown for a link the server has not accepted.
      if (after.matches('form'))
        expect(before.matches('validating') || before.matches('form') || before.matches('submitting')).toBe(true);
      // Leaving happens only from the two end states, to the page each one names.
      if (effects.redirects.length > 0)
        expect(effects.redirects).toEqual([after.matches('done') ? '/login' : '/forgot-password']);
    },
  });

  it('reaches every state node and takes every transition, redirecting only from done and expired', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(10);
  });
});
