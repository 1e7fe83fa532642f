import { vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResponse, SessionUser } from '../../worker/contract/auth';
import {
  SessionRefusedError,
  sessionMachine,
  type Credentials,
  type PasswordChange,
  type PasswordChangeResult,
  type SessionInput,
} from '../session.machine';

/** The session machine's tests start it the same way: swapped actors and a recording fake storage. */

export interface Overrides {
  fetchCurrentUser?: () => Promise<SessionUser>;
  login?: (input: Credentials) => Promise<LoginResponse>;
  logout?: () => Promise<unknown>;
  changePassword?: (input: PasswordChange) => Promise<PasswordChangeResult>;
}

/** A session actor with swapped actors and a recording fake storage. */
export function start(input: SessionInput, overrides: Overrides = {}) {
  const storage = new Map<string, string>();
  if (input.savedUser !== null) storage.set('user', input.savedUser);
  const calls = { fetchCurrentUser: vi.fn(), login: vi.fn(), logout: vi.fn(), changePassword: vi.fn() };
  const rejectAll = () => Promise.reject(new Error('unexpected call'));
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(async () => {
        calls.fetchCurrentUser();
        return (overrides.fetchCurrentUser ?? rejectAll)();
      }),
      login: fromPromise(async ({ input: i }: { input: Credentials }) => {
        calls.login(i);
        return (overrides.login ?? rejectAll)(i);
      }),
      logout: fromPromise(async () => {
        calls.logout();
        return (overrides.logout ?? rejectAll)();
      }),
      changePassword: fromPromise(async ({ input: i }: { input: PasswordChange }) => {
        calls.changePassword(i);
        return (overrides.changePassword ?? rejectAll)(i);
      }),
    },
    actions: {
      storeUser: (_, params) => void storage.set('user', JSON.stringify(params.user)),
      removeUser: () => void storage.delete('user'),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, storage, calls };
}

export const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('pending') && !s.hasTag('busy') && !s.matches('signingOut'));

/** A visitor: nothing saved, and the server finds no session cookie (the app's usual first start). */
export async function startSignedOut(overrides: Overrides = {}) {
  const session = start(
    { savedUser: null },
    { fetchCurrentUser: () => Promise.reject(new SessionRefusedError('no session')), ...overrides },
  );
  await settled(session.actor);
  return session;
}
