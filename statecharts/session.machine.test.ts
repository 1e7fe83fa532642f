import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { admin, done, fail, inert, learner, loginResponse, mustChange as newbie } from './testing/fixtures';
import { settled, start } from './testing/session-fixtures';
import type { SessionUser } from '../worker/contract/auth';
import {
  parseSavedUser,
  selectIsAdmin,
  selectUser,
  SessionRefusedError,
  sessionMachine,
  type SessionInput,
} from './session.machine';

// Restoring the session on start, reading the saved user, and the graph walk over the whole machine
// (signing in and out, the forced password change and profile updates: session-sign-in.machine.test.ts).

describe('session restore on start', () => {
  it('asks the server even when nothing is saved: the page may arrive signed in (the cookie is out of its reach)', async () => {
    let resolve: (user: SessionUser) => void = () => {};
    const { actor, calls, storage } = start(
      { savedUser: null },
      { fetchCurrentUser: () => new Promise((r) => (resolve = r)) },
    );
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(calls.fetchCurrentUser).toHaveBeenCalledTimes(1);
    resolve({ ...learner, firstName: 'Fresh' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(selectUser(snapshot)?.firstName).toBe('Fresh');
    expect(JSON.parse(storage.get('user') ?? '{}')).toEqual({ ...learner, firstName: 'Fresh' });
  });

  it('takes the user a Worker-rendered page arrived with, without asking the server', async () => {
    const { actor, calls, storage } = start({ savedUser: null, pageUser: { ...learner, firstName: 'Paged' } });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(selectUser(actor.getSnapshot())?.firstName).toBe('Paged');
    expect(calls.fetchCurrentUser).not.toHaveBeenCalled();
    // Kept for offline use like any restored user.
    expect(JSON.parse(storage.get('user') ?? '{}').firstName).toBe('Paged');
  });

  it('signs out and forgets the saved user when the server has no session for this browser', async () => {
    const { actor, storage } = start(
      { savedUser: JSON.stringify(learner) },
      { fetchCurrentUser: () => Promise.reject(new SessionRefusedError('Authentication required')) },
    );
    storage.set('unrelated', 'kept');
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(storage.has('user')).toBe(false);
    expect(storage.get('unrelated')).toBe('kept');
  });

  it('falls back to the locally saved user when the server cannot be reached', async () => {
    const saved = JSON.stringify(admin);
    const { actor, storage } = start(
      { savedUser: saved },
      { fetchCurrentUser: () => Promise.reject(new Error('offline')) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(selectUser(snapshot)?.username).toBe('admin');
    expect(selectIsAdmin(snapshot)).toBe(true);
    expect(storage.get('user')).toBe(saved);
  });

  it('drops a saved token an older version kept beside the user', async () => {
    const { actor } = start(
      { savedUser: JSON.stringify(loginResponse(learner, 'tok-old')) },
      { fetchCurrentUser: () => Promise.reject(new Error('offline')) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(JSON.stringify(snapshot.context)).not.toContain('tok-old');
  });

  it('signs out and removes the saved user when offline and it cannot be parsed', async () => {
    const { actor, storage } = start(
      { savedUser: '{not json' },
      { fetchCurrentUser: () => Promise.reject(new Error('offline')) },
    );
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(storage.size).toBe(0);
  });

  it('sends a restored user who must change the password to the forced change', async () => {
    const { actor } = start(
      { savedUser: null },
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
    user?: string;
  }
  const machine = inert(sessionMachine);
  // The restore branches depend on what storage held, so the graph is walked from each start.
  const inputs: SessionInput[] = [
    { savedUser: null },
    { savedUser: JSON.stringify(learner) },
    { savedUser: '{not json' },
    // A page the Worker rendered for a live cookie arrives with its user.
    { savedUser: null, pageUser: learner },
    { savedUser: JSON.stringify(admin), pageUser: newbie },
  ];
  const refused: EventObject = {
    type: 'xstate.error.actor.fetchCurrentUser',
    error: new SessionRefusedError('Authentication required'),
  } as EventObject;
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
      refused,
      done(machine, 'login', loginResponse(learner, 'tok-login')),
      done(machine, 'login', loginResponse(newbie, 'tok-first')),
      fail(machine, 'login', 'Invalid username or password'),
      done(machine, 'changePassword', { message: 'changed' }),
      fail(machine, 'changePassword', 'Current password is incorrect'),
      done(machine, 'logout', { message: 'bye' }),
      fail(machine, 'logout', 'offline'),
    ],
    // Storage writes are recorded, so every step can be checked against what a reload would find.
    start: (input, inspect) => {
      const i = input as SessionInput;
      const storage: Storage = {};
      if (i.savedUser !== null) storage.user = i.savedUser;
      const recording = inert(sessionMachine, {
        storeUser: (_: unknown, p: { user: unknown }) => void (storage.user = JSON.stringify(p.user)),
        removeUser: () => void delete storage.user,
      });
      return { actor: createActor(recording, { input: i, inspect }), effects: storage };
    },
    check: ({ event, before, after, effects: storage, input }) => {
      const ctx = after.context as { user: (SessionUser & { token?: string }) | null; error: string | null };
      // Invariants at every step: no token in the context or in storage, ever (the cookie holds it).
      expect(JSON.stringify(ctx)).not.toMatch(/tok-/);
      expect(JSON.stringify(storage)).not.toMatch(/tok-/);
      if (after.hasTag('authenticated')) {
        expect(ctx.user).not.toBeNull();
        // What a reload would find in storage is this same user (the offline fallback).
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
        // The user leaves the page at once, whatever the server says later.
        expect(storage.user).toBeUndefined();
      }
      if (t === 'session.expire') expect(after.matches('signedOut') && ctx.user === null).toBe(true);
      if (t.startsWith('xstate.done.actor') && before.matches('signingIn')) {
        expect(ctx.user!.id).toBe((e.output as unknown as SessionUser).id);
        expect(JSON.parse(storage.user!).id).toBe(ctx.user!.id);
      }
      if (t.startsWith('xstate.error.actor') && before.matches('signingIn')) {
        expect(after.matches('signedOut')).toBe(true);
        expect(ctx.error).toBe('Invalid username or password');
      }
      if (t.startsWith('xstate.error.actor') && before.matches('checking')) {
        const saved = (input as SessionInput).savedUser;
        if (e.error instanceof SessionRefusedError || saved === null || saved.startsWith('{not')) {
          // No session on the server, or offline with nothing usable saved: a visitor, nothing kept.
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
        expect(ctx.user!.mustChangePassword).toBe(false);
      }
      if (t.startsWith('xstate.error.actor') && before.matches({ passwordChangeRequired: 'submitting' })) {
        expect(after.matches({ passwordChangeRequired: 'editing' })).toBe(true);
        expect(ctx.error).toBe('Current password is incorrect');
      }
      if (t === 'user.update') {
        expect(ctx.user!.firstName).toBe('Renamed');
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
    expect(reached('checking', 'xstate.done.actor.fetchCurrentUser')).toEqual(bothWays);
    expect(reached('checking', 'xstate.error.actor.fetchCurrentUser')).toEqual(new Set(['"signedIn"', '"signedOut"']));
  });
});
