import { vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResponse, SessionUser } from '../../worker/contract/auth';
import {
  sessionMachine,
  type Credentials,
  type PasswordChange,
  type PasswordChangeResult,
  type SessionInput,
} from '../session.machine';

/** The session machine's tests start it the same way: swapped actors and a recording fake storage. */

export interface Overrides {
  fetchCurrentUser?: (input: { token: string }) => Promise<SessionUser>;
  login?: (input: Credentials) => Promise<LoginResponse>;
  logout?: (input: { token: string }) => Promise<unknown>;
  changePassword?: (input: PasswordChange & { token: string }) => Promise<PasswordChangeResult>;
}

/** A session actor with swapped actors and a recording fake storage. */
export function start(input: SessionInput, overrides: Overrides = {}) {
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

export const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('pending') && !s.hasTag('busy') && !s.matches('signingOut'));
