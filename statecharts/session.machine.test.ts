import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { admin, done, fail, inert, learner, loginResponse, mustChange as newbie } from './testing/fixtures';
import { settled, start } from './testing/session-fixtures';
import type { SessionUser } from '../worker/contract/auth';
import { parseSavedUser, selectIsAdmin, selectUser, sessionMachine, type SessionInput } from './session.machine';

// Restoring the session on start, reading the saved user, and the graph walk over the whole machine
// (signing in and out, the forced password change and profile updates: session-sign-in.machine.test.ts).

describe('session restore on start', () => {
  it('signs out at once when no token is stored, without calling the server', async () => {
    const { actor, calls } = start({ token: null, savedUser: null });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(calls.fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('waits in checking while the current user is fetched, then signs in with the fresh user', async () => {
    let resolve: (user: SessionUser) => void = () => {};
    const { actor, calls, storage } = start(
      { token: 'tok-1', savedUser: JSON.stringify(loginResponse(learner, 'tok-1')) },
      { fetchCurrentUser: () => new Promise((r) => (resolve = r)) },
    );
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(calls.fetchCurrentUser).toHaveBeenCalledWith({ token: 'tok-1' });
    resolve({ ...learner, firstName: 'Fresh' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(selectUser(snapshot)?.firstName).toBe('Fresh');
    expect(JSON.parse(storage.get('user') ?? '{}')).toMatchObject({ firstName: 'Fresh', token: 'tok-1' });
    expect(storage.get('token')).toBe('tok-1');
  });

  it('falls back to the locally saved user when the fetch fails', async () => {
    const saved = JSON.stringify(loginResponse(admin, 'tok-1'));
    const { actor, storage } = start(
      { token: 'tok-1', savedUser: saved },
      { fetchCurrentUser: () => Promise.reject(new Error('offline')) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(selectUser(snapshot)?.username).toBe('admin');
    expect(selectIsAdmin(snapshot)).toBe(true);
    expect(storage.get('token')).toBe('tok-1');
    expect(storage.get('user')).toBe(saved);
  });

  it('removes both stored items when the fetch fails and the saved user cannot be parsed', async () => {
    const { actor, storage } = start(
      { token: 'tok-1', savedUser: '{not json' },
      { fetchCurrentUser: () => Promise.reject(new Error('offline')) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(storage.has('token')).toBe(false);
    expect(storage.has('user')).toBe(false);
  });

  it('removes only the token when the fetch fails and no user was saved', async () => {
    const { actor, storage } = start(
      { token: 'tok-1', savedUser: null },
      { fetchCurrentUser: () => Promise.reject(new Error('401')) },
    );
    storage.set('unrelated', 'kept');
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(storage.has('token')).toBe(false);
    expect(storage.get('unrelated')).toBe('kept');
    expect(snapshot.context.token).toBeNull();
  });

  it('sends a restored user who must change the password to the forced change', async () => {
    const { actor } = start(
      { token: 'tok-1', savedUser: null },
      { fetchCurrentUser: async () => ({ ...learner, mustChangePassword: true }) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.matches('passwordChangeRequired')).toBe(true);
  });
});

describe('parseSavedUser', () => {
  it('tells none, unparseable and a user apart', () => {
    expect(parseSavedUser(null).kind).toBe('none');
    expect(parseSavedUser('').kind).toBe('none');
    expect(parseSavedUser('{oops').kind).toBe('unparseable');
    expect(parseSavedUser('42').kind).toBe('unparseable');
    expect(parseSavedUser('null').kind).toBe('unparseable');
    expect(parseSavedUser(JSON.stringify(learner))).toEqual({ kind: 'user', user: learner });
  });
});

describe('session machine: every state and transition (xstate/graph)', () => {
  interface Storage {
    token?: string;
    user?: string;
  }
  const machine = inert(sessionMachine);
  // The restore branches depend on what storage held, so the graph is walked from each start.
  const inputs: SessionInput[] = [
    { token: null, savedUser: null },
    { token: 'tok-stored', savedUser: null },
    { token: 'tok-stored', savedUser: JSON.stringify(loginResponse(learner, 'tok-stored')) },
    { token: 'tok-stored', savedUser: '{not json' },
  ];
  const walk = walkGraph<Storage>({
    machine,
    inputs,
    events: [
      { type: 'session.login', username: 'learner', password: 'Learner#2026demo' } as EventObject,
      { type: 'session.logout' },
      { type: 'session.expire' },
      { type: 'session.dismissError' },
      { type: 'password.change', currentPassword: 'old', newPassword: 'New#2027pass' } as EventObject,
      { type: 'user.update', user: { ...learner, firstName: 'Renamed' } } as EventObject,
      done(machine, 'fetchCurrentUser', learner),
      done(machine, 'fetchCurrentUser', newbie),
      fail(machine, 'fetchCurrentUser', 'offline'),
      done(machine, 'login', loginResponse(learner, 'tok-login')),
      done(machine, 'login', loginResponse(newbie, 'tok-first')),
      fail(machine, 'login', 'Invalid username or password'),
      done(machine, 'changePassword', { message: 'changed', token: 'tok-changed' }),
      fail(machine, 'changePassword', 'Current password is incorrect'),
      done(machine, 'logout', { message: 'bye' }),
      fail(machine, 'logout', 'offline'),
    ],
    // Storage writes are recorded, so every step can be checked against what a reload would find.
    start: (input, inspect) => {
      const i = input as SessionInput;
      const storage: Storage = {};
      if (i.token !== null) storage.token = i.token;
      if (i.savedUser !== null) storage.user = i.savedUser;
      const recording = inert(sessionMachine, {
        storeToken: (_: unknown, p: { token: string }) => void (storage.token = p.token),
        storeUser: (_: unknown, p: { user: unknown }) => void (storage.user = JSON.stringify(p.user)),
        removeToken: () => void delete storage.token,
        removeUser: () => void delete storage.user,
      });
      return { actor: createActor(recording, { input: i, inspect }), effects: storage };
    },
    check: ({ event, before, after, effects: storage, input }) => {
      const ctx = after.context as {
        token: string | null;
        user: (SessionUser & { token?: string }) | null;
        error: string | null;
      };
      // Invariants at every step.
      if (after.hasTag('authenticated')) {
        expect(ctx.user).not.toBeNull();
        expect(ctx.token).not.toBeNull();
        // What a reload would find in storage is this same session.
        expect(storage.token).toBe(ctx.token);
        expect(JSON.parse(storage.user!).id).toBe(ctx.user!.id);
      }
      if (after.matches('passwordChangeRequired')) expect(ctx.user!.mustChangePassword).toBe(true);
      if (after.matches('signedIn')) expect(ctx.user!.mustChangePassword).not.toBe(true);
      if (after.matches('signedOut') || after.matches('signingOut')) expect(ctx.user).toBeNull();
      expect(after.hasTag('pending')).toBe(after.matches('checking'));

      // What each event must do.
      const t = event.type;
      const e = event as EventObject & { output?: { token?: string }; error?: Error; user?: SessionUser };
      if (t === 'session.logout' || t === 'session.expire') {
        // The session leaves the device at once, whatever the server says later.
        expect(storage.token).toBeUndefined();
        expect(storage.user).toBeUndefined();
      }
      if (t === 'session.expire') expect(after.matches('signedOut') && ctx.token === null).toBe(true);
      if (t.startsWith('xstate.done.actor') && before.matches('signingIn')) {
        expect(ctx.token).toBe(e.output!.token);
        expect(storage.token).toBe(e.output!.token);
      }
      if (t.startsWith('xstate.error.actor') && before.matches('signingIn')) {
        expect(after.matches('signedOut')).toBe(true);
        expect(ctx.error).toBe('Invalid username or password');
      }
      if (t.startsWith('xstate.error.actor') && before.matches({ checking: 'fetchingUser' })) {
        const saved = (input as SessionInput).savedUser;
        if (saved === null) {
          // No saved user: only the token is removed.
          expect(after.matches('signedOut')).toBe(true);
          expect(storage.token).toBeUndefined();
        } else if (saved.startsWith('{not')) {
          expect(after.matches('signedOut')).toBe(true);
          expect(storage).toEqual({});
        } else {
          // Offline: the user saved at login keeps the session going.
          expect(after.hasTag('authenticated')).toBe(true);
          expect(ctx.user!.id).toBe(learner.id);
        }
      }
      if (t.startsWith('xstate.done.actor') && before.matches({ passwordChangeRequired: 'submitting' })) {
        expect(after.matches('signedIn')).toBe(true);
        expect(ctx.token).toBe('tok-changed');
        expect(ctx.user!.mustChangePassword).toBe(false);
      }
      if (t.startsWith('xstate.error.actor') && before.matches({ passwordChangeRequired: 'submitting' })) {
        expect(after.matches({ passwordChangeRequired: 'editing' })).toBe(true);
        expect(ctx.error).toBe('Current password is incorrect');
      }
      if (t === 'user.update') {
        expect(ctx.user!.firstName).toBe('Renamed');
        expect(ctx.user!.token).toBe(ctx.token);
        expect(JSON.parse(storage.user!).firstName).toBe('Renamed');
      }
      if (t === 'session.dismissError' || t === 'session.login' || t === 'password.change')
        expect(ctx.error).toBeNull();
    },
  });

  it('reaches every state node (the eventless choice points included) and takes every transition, with context and storage right after each step', () => {
    expectWholeGraph(walk);
    expect(walk.paths.length).toBeGreaterThan(20);
  });

  it('leads each choice point to both of its targets', () => {
    const reached = (from: unknown, event: string) =>
      new Set(
        walk.paths
          .filter(
            (p) => JSON.stringify(p.states.at(-2)?.value) === JSON.stringify(from) && p.events.at(-1)?.type === event,
          )
          .map((p) => JSON.stringify(p.states.at(-1)!.value)),
      );
    const bothWays = new Set(['"signedIn"', '{"passwordChangeRequired":"editing"}']);
    expect(reached('signingIn', 'xstate.done.actor.login')).toEqual(bothWays);
    expect(reached({ checking: 'fetchingUser' }, 'xstate.done.actor.fetchCurrentUser')).toEqual(bothWays);
    expect(reached({ checking: 'fetchingUser' }, 'xstate.error.actor.fetchCurrentUser')).toEqual(
      new Set(['"signedIn"', '"signedOut"']),
    );
  });
});
