import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { learner, loginResponse, never } from './testing/fixtures';
import { settled, start, startSignedOut, type Overrides } from './testing/session-fixtures';
import type { LoginResponse } from '../worker/contract/auth';
import { LOGIN_FAILED_MESSAGE, PASSWORD_CHANGE_FAILED_MESSAGE, selectIsAdmin, selectUser } from './session.machine';

// Signing in and out, the forced password change and profile updates (restoring the session on
// start and the graph walk: session.machine.test.ts).

describe('login', () => {
  it('keeps the user of the response, never its token, then signs in', async () => {
    const { actor, storage, calls } = await startSignedOut({ login: async () => loginResponse(learner, 'tok-9') });
    actor.send({ type: 'session.login', username: 'learner', password: 'Learner#2026demo' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    const snapshot = await settled(actor);
    expect(calls.login).toHaveBeenCalledWith({ username: 'learner', password: 'Learner#2026demo' });
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(snapshot.context.user).toEqual(learner);
    expect(JSON.parse(storage.get('user') ?? '{}')).toEqual(learner);
    expect([...storage.values()].join()).not.toContain('tok-9');
    expect(selectIsAdmin(snapshot)).toBe(false);
  });

  it('shows the server message on failure and stays signed out', async () => {
    const { actor, storage } = await startSignedOut({
      login: () => Promise.reject(new Error('Invalid username or password')),
    });
    actor.send({ type: 'session.login', username: 'learner', password: 'wrong' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(snapshot.context.error).toBe('Invalid username or password');
    expect(storage.size).toBe(0);
  });

  it('falls back to the default message when the failure has none, and clears it on retry', async () => {
    let attempt = 0;
    const { actor } = await startSignedOut({
      login: () => (++attempt === 1 ? Promise.reject({}) : never<LoginResponse>()),
    });
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    const failed = await settled(actor);
    expect(failed.context.error).toBe(LOGIN_FAILED_MESSAGE);
    actor.send({ type: 'session.login', username: 'learner', password: 'y' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a second login while one is in flight', async () => {
    const { actor, calls } = await startSignedOut({ login: () => never<LoginResponse>() });
    actor.send({ type: 'session.login', username: 'a', password: 'b' });
    expect(actor.getSnapshot().can({ type: 'session.login', username: 'a', password: 'b' })).toBe(false);
    actor.send({ type: 'session.login', username: 'a', password: 'b' });
    expect(calls.login).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  async function signedIn(logout: Overrides['logout']) {
    const session = start({ savedUser: null }, { fetchCurrentUser: async () => learner, logout });
    await settled(session.actor);
    expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
    return session;
  }

  it('clears local state at once and calls the server (which clears the cookie) in the background', async () => {
    let finish: () => void = () => {};
    const { actor, storage, calls } = await signedIn(() => new Promise<void>((r) => (finish = r)));
    actor.send({ type: 'session.logout' });
    const during = actor.getSnapshot();
    expect(during.matches('signingOut')).toBe(true);
    expect(during.hasTag('anonymous')).toBe(true);
    expect(selectUser(during)).toBeNull();
    expect(storage.has('user')).toBe(false);
    expect(calls.logout).toHaveBeenCalledTimes(1);
    finish();
    const after = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(after.context.user).toBeNull();
  });

  it('ignores a failing server call', async () => {
    const { actor } = await signedIn(() => Promise.reject(new Error('500')));
    actor.send({ type: 'session.logout' });
    const after = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(after.context.error).toBeNull();
    expect(after.context.user).toBeNull();
  });

  it('forgets the session when the server refuses it (session.expire)', async () => {
    const { actor, storage, calls } = await signedIn(async () => undefined);
    actor.send({ type: 'session.expire' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(storage.has('user')).toBe(false);
    expect(calls.logout).not.toHaveBeenCalled();
  });
});

describe('forced password change', () => {
  const mustChange = { ...learner, mustChangePassword: true };

  it('holds a user with mustChangePassword until the password is changed (the fresh cookie comes with the answer)', async () => {
    const { actor, storage, calls } = await startSignedOut({
      login: async () => loginResponse(mustChange, 'tok-old'),
      changePassword: async () => ({ message: 'Password changed' }),
    });
    actor.send({ type: 'session.login', username: 'learner', password: 'Generated#1' });
    const held = await settled(actor);
    expect(held.matches('passwordChangeRequired')).toBe(true);
    expect(held.hasTag('authenticated')).toBe(true);
    expect(held.can({ type: 'user.update', user: learner })).toBe(false);

    actor.send({ type: 'password.change', currentPassword: 'Generated#1', newPassword: 'N3w!Passphrase' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await settled(actor);
    expect(calls.changePassword).toHaveBeenCalledWith({
      currentPassword: 'Generated#1',
      newPassword: 'N3w!Passphrase',
    });
    expect(done.matches('signedIn')).toBe(true);
    expect(JSON.parse(storage.get('user') ?? '{}')).toMatchObject({ mustChangePassword: false });
    expect(storage.get('user')).not.toContain('tok-old');
  });

  it('stays on the change form with the server message when the change fails', async () => {
    const { actor } = await startSignedOut({
      login: async () => loginResponse(mustChange),
      changePassword: () => Promise.reject(new Error('Current password is incorrect')),
    });
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    await settled(actor);
    actor.send({ type: 'password.change', currentPassword: 'bad', newPassword: 'N3w!Passphrase' });
    const failed = await settled(actor);
    expect(failed.matches({ passwordChangeRequired: 'editing' })).toBe(true);
    expect(failed.context.error).toBe('Current password is incorrect');
  });

  it('uses the default message when the failure carries none', async () => {
    const { actor } = await startSignedOut({
      login: async () => loginResponse(mustChange),
      changePassword: () => Promise.reject(new Error('')),
    });
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    await settled(actor);
    actor.send({ type: 'password.change', currentPassword: 'a', newPassword: 'b' });
    expect((await settled(actor)).context.error).toBe(PASSWORD_CHANGE_FAILED_MESSAGE);
  });

  it('lets the user log out instead', async () => {
    const { actor, storage } = await startSignedOut({
      login: async () => loginResponse(mustChange),
      logout: async () => undefined,
    });
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    await settled(actor);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(storage.size).toBe(0);
  });
});

describe('profile updates', () => {
  it('replaces the session user and the stored copy', async () => {
    const { actor, storage } = start({ savedUser: null }, { fetchCurrentUser: async () => learner });
    await settled(actor);
    actor.send({ type: 'user.update', user: { ...learner, firstName: 'Renamed' } });
    expect(selectUser(actor.getSnapshot())?.firstName).toBe('Renamed');
    expect(JSON.parse(storage.get('user') ?? '{}')).toMatchObject({ firstName: 'Renamed' });
  });
});
