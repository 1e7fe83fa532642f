import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { replay, transitionPaths, uncovered } from './learner-graph-coverage';
import type { LoginResponse, SessionUser } from '../worker/contract/auth';
import {
  LOGIN_FAILED_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  parseSavedUser,
  selectIsAdmin,
  selectUser,
  sessionMachine,
  type Credentials,
  type PasswordChange,
  type PasswordChangeResult,
  type SessionInput,
} from './session.machine';

const learner: SessionUser = {
  id: 'u-1',
  username: 'learner',
  email: 'learner@example.com',
  firstName: 'Lee',
  lastName: 'Arner',
  name: 'Lee Arner',
  role: 'USER',
  roles: ['USER'],
  userType: 'USER',
  isAdmin: false,
  domains: [],
  department: null,
  jobTitle: null,
  profileImage: null,
  mustChangePassword: false,
  permissions: null,
  lastLogin: null,
};
const admin: SessionUser = { ...learner, id: 'a-1', username: 'admin', role: 'ADMIN', roles: ['ADMIN'], userType: 'ADMIN', isAdmin: true };
const loginResponse = (user: SessionUser, token = 'tok-new'): LoginResponse => ({ ...user, token, type: 'Bearer' });

interface Overrides {
  fetchCurrentUser?: (input: { token: string }) => Promise<SessionUser>;
  login?: (input: Credentials) => Promise<LoginResponse>;
  logout?: (input: { token: string }) => Promise<unknown>;
  changePassword?: (input: PasswordChange & { token: string }) => Promise<PasswordChangeResult>;
}

/** A session actor with swapped actors and a recording fake storage. */
function start(input: SessionInput, overrides: Overrides = {}) {
  const storage = new Map<string, string>();
  if (input.token !== null) storage.set('token', input.token);
  if (input.savedUser !== null) storage.set('user', input.savedUser);
  const calls = { fetchCurrentUser: vi.fn(), login: vi.fn(), logout: vi.fn(), changePassword: vi.fn() };
  const rejectAll = () => Promise.reject(new Error('unexpected call'));
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(async ({ input: i }: { input: { token: string } }) => {
        calls.fetchCurrentUser(i);
        return (overrides.fetchCurrentUser ?? rejectAll)(i);
      }),
      login: fromPromise(async ({ input: i }: { input: Credentials }) => {
        calls.login(i);
        return (overrides.login ?? rejectAll)(i);
      }),
      logout: fromPromise(async ({ input: i }: { input: { token: string } }) => {
        calls.logout(i);
        return (overrides.logout ?? rejectAll)(i);
      }),
      changePassword: fromPromise(async ({ input: i }: { input: PasswordChange & { token: string } }) => {
        calls.changePassword(i);
        return (overrides.changePassword ?? rejectAll)(i);
      }),
    },
    actions: {
      storeToken: (_, params) => void storage.set('token', params.token),
      storeUser: (_, params) => void storage.set('user', JSON.stringify(params.user)),
      removeToken: () => void storage.delete('token'),
      removeUser: () => void storage.delete('user'),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, storage, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('pending') && !s.hasTag('busy') && !s.matches('signingOut'));

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
    const { actor, storage } = start({ token: 'tok-1', savedUser: saved }, { fetchCurrentUser: () => Promise.reject(new Error('offline')) });
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(selectUser(snapshot)?.username).toBe('admin');
    expect(selectIsAdmin(snapshot)).toBe(true);
    expect(storage.get('token')).toBe('tok-1');
    expect(storage.get('user')).toBe(saved);
  });

  it('removes both stored items when the fetch fails and the saved user cannot be parsed', async () => {
    const { actor, storage } = start({ token: 'tok-1', savedUser: '{not json' }, { fetchCurrentUser: () => Promise.reject(new Error('offline')) });
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(storage.has('token')).toBe(false);
    expect(storage.has('user')).toBe(false);
  });

  it('removes only the token when the fetch fails and no user was saved', async () => {
    const { actor, storage } = start({ token: 'tok-1', savedUser: null }, { fetchCurrentUser: () => Promise.reject(new Error('401')) });
    storage.set('unrelated', 'kept');
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(storage.has('token')).toBe(false);
    expect(storage.get('unrelated')).toBe('kept');
    expect(snapshot.context.token).toBeNull();
  });

  it('sends a restored user who must change the password to the forced change', async () => {
    const { actor } = start({ token: 'tok-1', savedUser: null }, { fetchCurrentUser: async () => ({ ...learner, mustChangePassword: true }) });
    const snapshot = await settled(actor);
    expect(snapshot.matches('passwordChangeRequired')).toBe(true);
  });
});

describe('login', () => {
  it('stores the token and the whole response, then signs in', async () => {
    const { actor, storage, calls } = start({ token: null, savedUser: null }, { login: async () => loginResponse(learner, 'tok-9') });
    actor.send({ type: 'session.login', username: 'learner', password: 'Learner#2026demo' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    const snapshot = await settled(actor);
    expect(calls.login).toHaveBeenCalledWith({ username: 'learner', password: 'Learner#2026demo' });
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(snapshot.context.token).toBe('tok-9');
    expect(storage.get('token')).toBe('tok-9');
    expect(JSON.parse(storage.get('user') ?? '{}')).toEqual(loginResponse(learner, 'tok-9'));
    expect(selectIsAdmin(snapshot)).toBe(false);
  });

  it('shows the server message on failure and stays signed out', async () => {
    const { actor, storage } = start({ token: null, savedUser: null }, { login: () => Promise.reject(new Error('Invalid username or password')) });
    actor.send({ type: 'session.login', username: 'learner', password: 'wrong' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(snapshot.context.error).toBe('Invalid username or password');
    expect(storage.has('token')).toBe(false);
  });

  it('falls back to the default message when the failure has none, and clears it on retry', async () => {
    let attempt = 0;
    const { actor } = start(
      { token: null, savedUser: null },
      { login: () => (++attempt === 1 ? Promise.reject({}) : new Promise<LoginResponse>(() => {})) },
    );
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    const failed = await settled(actor);
    expect(failed.context.error).toBe(LOGIN_FAILED_MESSAGE);
    actor.send({ type: 'session.login', username: 'learner', password: 'y' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a second login while one is in flight', async () => {
    const { actor, calls } = start({ token: null, savedUser: null }, { login: () => new Promise(() => {}) });
    actor.send({ type: 'session.login', username: 'a', password: 'b' });
    expect(actor.getSnapshot().can({ type: 'session.login', username: 'a', password: 'b' })).toBe(false);
    actor.send({ type: 'session.login', username: 'a', password: 'b' });
    expect(calls.login).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  async function signedIn(logout: Overrides['logout']) {
    const session = start({ token: 'tok-1', savedUser: null }, { fetchCurrentUser: async () => learner, logout });
    await settled(session.actor);
    expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
    return session;
  }

  it('clears local state at once and calls the server in the background with the old token', async () => {
    let finish: () => void = () => {};
    const { actor, storage, calls } = await signedIn(() => new Promise<void>((r) => (finish = r)));
    actor.send({ type: 'session.logout' });
    const during = actor.getSnapshot();
    expect(during.matches('signingOut')).toBe(true);
    expect(during.hasTag('anonymous')).toBe(true);
    expect(selectUser(during)).toBeNull();
    expect(storage.has('token')).toBe(false);
    expect(storage.has('user')).toBe(false);
    expect(calls.logout).toHaveBeenCalledWith({ token: 'tok-1' });
    finish();
    const after = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(after.context.token).toBeNull();
  });

  it('ignores a failing server call', async () => {
    const { actor } = await signedIn(() => Promise.reject(new Error('500')));
    actor.send({ type: 'session.logout' });
    const after = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(after.context.error).toBeNull();
    expect(after.context.user).toBeNull();
  });

  it('forgets the session when the server rejects the token (session.expire)', async () => {
    const { actor, storage, calls } = await signedIn(async () => undefined);
    actor.send({ type: 'session.expire' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(storage.has('token')).toBe(false);
    expect(calls.logout).not.toHaveBeenCalled();
  });
});

describe('forced password change', () => {
  const mustChange = { ...learner, mustChangePassword: true };

  it('holds a user with mustChangePassword until the password is changed, then stores the new token', async () => {
    const { actor, storage, calls } = start(
      { token: null, savedUser: null },
      { login: async () => loginResponse(mustChange, 'tok-old'), changePassword: async () => ({ message: 'Password changed', token: 'tok-fresh' }) },
    );
    actor.send({ type: 'session.login', username: 'learner', password: 'Generated#1' });
    const held = await settled(actor);
    expect(held.matches('passwordChangeRequired')).toBe(true);
    expect(held.hasTag('authenticated')).toBe(true);
    expect(held.can({ type: 'user.update', user: learner })).toBe(false);

    actor.send({ type: 'password.change', currentPassword: 'Generated#1', newPassword: 'N3w!Passphrase' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await settled(actor);
    expect(calls.changePassword).toHaveBeenCalledWith({ token: 'tok-old', currentPassword: 'Generated#1', newPassword: 'N3w!Passphrase' });
    expect(done.matches('signedIn')).toBe(true);
    expect(done.context.token).toBe('tok-fresh');
    expect(storage.get('token')).toBe('tok-fresh');
    expect(JSON.parse(storage.get('user') ?? '{}')).toMatchObject({ mustChangePassword: false, token: 'tok-fresh' });
  });

  it('stays on the change form with the server message when the change fails', async () => {
    const { actor } = start(
      { token: null, savedUser: null },
      {
        login: async () => loginResponse(mustChange),
        changePassword: () => Promise.reject(new Error('Current password is incorrect')),
      },
    );
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    await settled(actor);
    actor.send({ type: 'password.change', currentPassword: 'bad', newPassword: 'N3w!Passphrase' });
    const failed = await settled(actor);
    expect(failed.matches({ passwordChangeRequired: 'editing' })).toBe(true);
    expect(failed.context.error).toBe('Current password is incorrect');
  });

  it('uses the default message when the failure carries none', async () => {
    const { actor } = start(
      { token: null, savedUser: null },
      { login: async () => loginResponse(mustChange), changePassword: () => Promise.reject(new Error('')) },
    );
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    await settled(actor);
    actor.send({ type: 'password.change', currentPassword: 'a', newPassword: 'b' });
    expect((await settled(actor)).context.error).toBe(PASSWORD_CHANGE_FAILED_MESSAGE);
  });

  it('lets the user log out instead', async () => {
    const { actor, storage } = start({ token: null, savedUser: null }, { login: async () => loginResponse(mustChange), logout: async () => undefined });
    actor.send({ type: 'session.login', username: 'learner', password: 'x' });
    await settled(actor);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(storage.size).toBe(0);
  });
});

describe('profile updates', () => {
  it('replaces the session user and the stored copy, keeping the token', async () => {
    const { actor, storage } = start({ token: 'tok-1', savedUser: null }, { fetchCurrentUser: async () => learner });
    await settled(actor);
    actor.send({ type: 'user.update', user: { ...learner, firstName: 'Renamed' } });
    expect(selectUser(actor.getSnapshot())?.firstName).toBe('Renamed');
    expect(JSON.parse(storage.get('user') ?? '{}')).toMatchObject({ firstName: 'Renamed', token: 'tok-1' });
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
  const never = <T>() => new Promise<T>(() => {});
  const inert = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(() => never<SessionUser>()),
      login: fromPromise(() => never<LoginResponse>()),
      logout: fromPromise(() => never<unknown>()),
      changePassword: fromPromise(() => never<PasswordChangeResult>()),
    },
  });
  const mustChange = { ...learner, mustChangePassword: true };
  const events: EventObject[] = [
    { type: 'session.login', username: 'learner', password: 'x' } as EventObject,
    { type: 'session.logout' },
    { type: 'session.expire' },
    { type: 'session.dismissError' },
    { type: 'password.change', currentPassword: 'a', newPassword: 'B#cdefg1' } as EventObject,
    { type: 'user.update', user: learner } as EventObject,
    { type: 'xstate.done.actor.fetchCurrentUser', output: learner } as EventObject,
    { type: 'xstate.done.actor.fetchCurrentUser', output: mustChange } as EventObject,
    { type: 'xstate.error.actor.fetchCurrentUser', error: new Error('offline') } as EventObject,
    { type: 'xstate.done.actor.login', output: loginResponse(learner) } as EventObject,
    { type: 'xstate.done.actor.login', output: loginResponse(mustChange) } as EventObject,
    { type: 'xstate.error.actor.login', error: new Error('Invalid username or password') } as EventObject,
    { type: 'xstate.done.actor.logout', output: undefined } as EventObject,
    { type: 'xstate.error.actor.logout', error: new Error('500') } as EventObject,
    { type: 'xstate.done.actor.changePassword', output: { token: 'tok-fresh' } } as EventObject,
    { type: 'xstate.error.actor.changePassword', error: new Error('') } as EventObject,
  ];
  type Snap = { value: unknown; context: { token: string | null; user: { mustChangePassword?: boolean } | null; error: string | null } };
  const serializeState = (s: Snap) => JSON.stringify([s.value, Boolean(s.context.token), s.context.user?.mustChangePassword ?? null, Boolean(s.context.error)]);
  // The restore branches depend on what storage held, so the graph is walked from each start.
  const inputs: SessionInput[] = [
    { token: null, savedUser: null },
    { token: 'tok-1', savedUser: null },
    { token: 'tok-1', savedUser: '{broken' },
    { token: 'tok-1', savedUser: JSON.stringify(loginResponse(learner, 'tok-1')) },
  ];
  const walks = inputs.map((input) => ({ input, paths: transitionPaths(inert, { events, input, serializeState: serializeState as never }) }));

  it('reaches every state node and takes every transition of the definition', () => {
    const paths = walks.flatMap((walk) => walk.paths);
    // `checking.routing` and `resolvingUser` are eventless choice points: no snapshot ever rests in
    // them, so the helper cannot see them or the edges into them. Everything else must be covered,
    // and each choice point must be seen to lead to both of its targets.
    expect(uncovered(inert, paths)).toEqual({
      states: ['session.checking.routing', 'session.resolvingUser'],
      transitions: [
        'session.checking.fetchingUser -[xstate.done.actor.fetchCurrentUser]-> session.resolvingUser',
        'session.checking.fetchingUser -[xstate.error.actor.fetchCurrentUser]-> session.resolvingUser',
        'session.signingIn -[xstate.done.actor.login]-> session.resolvingUser',
      ],
    });
    const reached = (from: unknown, event: string) =>
      new Set(
        paths
          .filter((p) => JSON.stringify(p.states.at(-2)?.value) === JSON.stringify(from) && p.events.at(-1)?.type === event)
          .map((p) => JSON.stringify(p.states.at(-1)!.value)),
      );
    const bothWays = new Set(['"signedIn"', '{"passwordChangeRequired":"editing"}']);
    expect(reached('signingIn', 'xstate.done.actor.login')).toEqual(bothWays);
    expect(reached({ checking: 'fetchingUser' }, 'xstate.done.actor.fetchCurrentUser')).toEqual(bothWays);
    expect(reached({ checking: 'fetchingUser' }, 'xstate.error.actor.fetchCurrentUser')).toEqual(new Set(['"signedIn"', '"signedOut"']));
  });

  it('behaves on a live actor exactly as the model says, on every path', () => {
    for (const { input, paths } of walks) {
      for (const path of paths) {
        const seen = replay(inert, path, input);
        expect(seen.map((s) => s.value)).toEqual(path.states.map((s) => s.value));
        expect(seen.at(-1)!.context).toEqual(path.states.at(-1)!.context);
      }
    }
  });
});
