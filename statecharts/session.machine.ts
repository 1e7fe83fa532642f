import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginResponse, SessionUser } from '../worker/contract/auth';
import { isAdminUser } from '../worker/contract/rules/roles';

/**
 * The browser session: who is signed in, restored from storage at start and checked with the server:
 *
 *   checking ──(no token)──────────────────────────────► signedOut ◄──────────┐
 *      │ fetchCurrentUser ok / saved user ┐                 │ session.login    │ failure
 *      │                                  ▼                 ▼                  │
 *      │                          resolvingUser ◄──── signingIn ───────────────┘
 *      │                           │          │
 *      │       mustChangePassword  ▼          ▼
 *      │        passwordChangeRequired ──► signedIn ──session.logout──► signingOut ──► signedOut
 *      └─ fetch failed, saved user unparseable → remove both; no saved user → remove token
 *
 * Pure: storage is read through `input` and written through the `storeToken`, `storeUser`,
 * `removeToken` and `removeUser` actions; the server is reached through the four placeholder
 * actors. web/state/session.tsx provides both with `.provide()`.
 */

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials and try again.';
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Failed to change password. Please try again.';

/** What was found in storage when the app started (raw, unparsed). */
export interface SessionInput {
  token: string | null;
  savedUser: string | null;
}

/**
 * What a sign-in sends: a username and password, or the one-time code a company sign-in (OpenID
 * Connect, issue 32) brought back; both answer the same login response.
 */
export type Credentials = { username: string; password: string } | { oidcCode: string };

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** PUT /api/auth/password answers a fresh token (the old one is revoked by the change). */
export interface PasswordChangeResult {
  message?: string;
  token?: string | null;
}

/** The stored user is the whole login response, so it may carry the token as well. */
export type StoredUser = SessionUser & { token?: string };

export interface SessionContext {
  token: string | null;
  user: StoredUser | null;
  /** The raw `user` storage item read at start, used only if the user fetch fails. */
  savedUser: string | null;
  /** Message of the last failed login or password change, for the form to show. */
  error: string | null;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.logout' }
  /** The server rejected the token of an authenticated call: forget the session locally. */
  | { type: 'session.expire' }
  | { type: 'session.dismissError' }
  | ({ type: 'password.change' } & PasswordChange)
  /** The profile page saved the user: keep the session copy and storage in step. */
  | { type: 'user.update'; user: SessionUser };

export type SavedUserState = { kind: 'none' } | { kind: 'unparseable' } | { kind: 'user'; user: StoredUser };

/** Parses the stored `user` item; anything that is not a JSON object counts as unparseable. */
export function parseSavedUser(raw: string | null): SavedUserState {
  if (raw === null || raw === '') return { kind: 'none' };
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'unparseable' };
    return { kind: 'user', user: value as StoredUser };
  } catch {
    return { kind: 'unparseable' };
  }
}

/** The error's own message when it has one (the actors put the server's message there), else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (
    error &&
    typeof error === 'object' &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message.trim() !== ''
  ) {
    return error.message;
  }
  return fallback;
}

/** A typed stand-in that fails loudly if the app forgets to provide the real actor. */
function placeholder<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`session actor "${name}" was not provided`);
  });
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchCurrentUser: placeholder<SessionUser, { token: string }>('fetchCurrentUser'),
    login: placeholder<LoginResponse, Credentials>('login'),
    logout: placeholder<unknown, { token: string }>('logout'),
    changePassword: placeholder<PasswordChangeResult, PasswordChange & { token: string }>('changePassword'),
  },
  actions: {
    // Storage writes, provided by web/state/session.tsx (localStorage keys `token` and `user`).
    storeToken: (_, _params: { token: string }) => {},
    storeUser: (_, _params: { user: StoredUser }) => {},
    removeToken: () => {},
    removeUser: () => {},
    forgetSession: assign({ token: null, user: null, savedUser: null }),
    /** Logging out keeps only the token, which the background server call still needs to revoke. */
    forgetUser: assign({ user: null, savedUser: null, error: null }),
    /** The stored user carries the session's token, as the login response did. */
    setSessionUser: assign(({ context }, params: { user: SessionUser }) => ({
      user: { ...params.user, token: context.token ?? undefined },
    })),
    restoreSavedUser: assign(({ context }) => {
      const saved = parseSavedUser(context.savedUser);
      return { user: saved.kind === 'user' ? saved.user : null };
    }),
    storeLogin: assign((_, params: { response: LoginResponse }) => ({
      token: params.response.token,
      user: params.response,
      error: null,
    })),
    setLoginError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, LOGIN_FAILED_MESSAGE),
    })),
    /** The change revokes the old token; the server answers a fresh one (kept as is if it does not). */
    storeChangedPassword: assign(({ context }, params: { token: string | null | undefined }) => ({
      token: params.token ?? context.token,
      user: context.user
        ? { ...context.user, mustChangePassword: false, token: params.token ?? context.user.token }
        : null,
    })),
    setPasswordChangeError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, PASSWORD_CHANGE_FAILED_MESSAGE),
    })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    userMustChangePassword: ({ context }) => context.user?.mustChangePassword === true,
    savedUserIsUsable: ({ context }) => parseSavedUser(context.savedUser).kind === 'user',
    savedUserIsUnparseable: ({ context }) => parseSavedUser(context.savedUser).kind === 'unparseable',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, savedUser: input.savedUser, user: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['pending'],
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'hasToken', target: 'fetchingUser' }, { target: '#session.signedOut' }],
        },
        fetchingUser: {
          invoke: {
            id: 'fetchCurrentUser',
            src: 'fetchCurrentUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: '#session.resolvingUser',
              actions: [
                { type: 'setSessionUser', params: ({ event }) => ({ user: event.output }) },
                {
                  type: 'storeUser',
                  params: ({ context, event }) => ({ user: { ...event.output, token: context.token ?? undefined } }),
                },
              ],
            },
            onError: [
              {
                // Offline or server trouble: keep working with the user saved at login.
                guard: 'savedUserIsUsable',
                target: '#session.resolvingUser',
                actions: 'restoreSavedUser',
              },
              {
                guard: 'savedUserIsUnparseable',
                target: '#session.signedOut',
                actions: ['removeToken', 'removeUser', 'forgetSession'],
              },
              // No saved user: only the token is removed.
              { target: '#session.signedOut', actions: ['removeToken', 'forgetSession'] },
            ],
          },
        },
      },
    },

    /** Transient: a known user goes to the forced password change or straight in. */
    resolvingUser: {
      always: [{ guard: 'userMustChangePassword', target: 'passwordChangeRequired' }, { target: 'signedIn' }],
    },

    signedOut: {
      tags: ['anonymous'],
      on: {
        'session.login': { target: 'signingIn', actions: 'clearError' },
        'session.dismissError': { actions: 'clearError' },
      },
    },

    signingIn: {
      tags: ['anonymous', 'busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          const { type: _type, ...credentials } = event;
          return credentials;
        },
        onDone: {
          target: 'resolvingUser',
          actions: [
            { type: 'storeLogin', params: ({ event }) => ({ response: event.output }) },
            // The token separately, and the whole response as the user.
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'setLoginError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },

    passwordChangeRequired: {
      tags: ['authenticated', 'passwordChangeRequired'],
      initial: 'editing',
      on: {
        'session.logout': { target: 'signingOut', actions: ['removeToken', 'removeUser', 'forgetUser'] },
        'session.expire': { target: 'signedOut', actions: ['removeToken', 'removeUser', 'forgetSession'] },
      },
      states: {
        editing: {
          on: {
            'password.change': { target: 'submitting', actions: 'clearError' },
            'session.dismissError': { actions: 'clearError' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context, event }) => {
              assertEvent(event, 'password.change');
              return {
                token: context.token ?? '',
                currentPassword: event.currentPassword,
                newPassword: event.newPassword,
              };
            },
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'storeChangedPassword', params: ({ event }) => ({ token: event.output.token }) },
                { type: 'storeToken', params: ({ context }) => ({ token: context.token ?? '' }) },
                { type: 'storeUser', params: ({ context }) => ({ user: context.user as StoredUser }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: { type: 'setPasswordChangeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },

    signedIn: {
      tags: ['authenticated'],
      on: {
        // Local state goes at once; the server call in signingOut only revokes the token.
        'session.logout': { target: 'signingOut', actions: ['removeToken', 'removeUser', 'forgetUser'] },
        'session.expire': { target: 'signedOut', actions: ['removeToken', 'removeUser', 'forgetSession'] },
        'user.update': {
          actions: [
            { type: 'setSessionUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'storeUser', params: ({ context }) => ({ user: context.user as StoredUser }) },
          ],
        },
      },
    },

    signingOut: {
      tags: ['anonymous'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        // Failure is ignored: the session is already gone on this device.
        onDone: { target: 'signedOut', actions: 'forgetSession' },
        onError: { target: 'signedOut', actions: 'forgetSession' },
      },
      on: {
        'session.login': { target: 'signingIn', actions: ['forgetSession', 'clearError'] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The signed-in user, or null for visitors (also while checking or signing out). */
export function selectUser(snapshot: SessionSnapshot): StoredUser | null {
  return snapshot.hasTag('authenticated') ? snapshot.context.user : null;
}

/** Admin recognition is the contract's rule; the machine only supplies the user. */
export function selectIsAdmin(snapshot: SessionSnapshot): boolean {
  return isAdminUser(selectUser(snapshot));
}
