import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginResponse, SessionUser } from '../worker/contract/auth';
import { isAdminUser } from '../worker/contract/rules/roles';

/**
 * The browser session: who is signed in. The session itself is an HttpOnly cookie the page cannot
 * read, so at start the server is asked who this is (the page may arrive signed in, from a sign-in
 * in another tab or a company sign-in's redirect); only the user's profile is kept in storage, to
 * keep working offline:
 *
 *   arriving ──the page arrived signed in (the Worker rendered it for a live cookie)──► resolvingUser
 *      │ otherwise
 *      ▼
 *   checking ──fetchCurrentUser refused (no or dead cookie)──► signedOut ◄───────────┐
 *      │ ok, or offline with a saved user                       │ session.login     │ failure
 *      ▼                                                        ▼                   │
 *   resolvingUser ◄───────────────────────────────────────── signingIn ─────────────┘
 *      │ mustChangePassword         │
 *      ▼                            ▼
 *   passwordChangeRequired ──► signedIn ──session.logout──► signingOut ──► signedOut
 *
 * Offline with no usable saved user also lands in signedOut. Pure: storage is read through `input`
 * and written through the `storeUser` and `removeUser` actions; the server is reached through the
 * four placeholder actors (the cookie travels with their requests). web/state/session.tsx provides
 * both with `.provide()`.
 */

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials and try again.';
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Failed to change password. Please try again.';

/** What was found in storage when the app started (raw, unparsed): the user saved at the last sign-in. */
export interface SessionInput {
  savedUser: string | null;
  /**
   * The user a page rendered by the Worker was rendered for (it judged the cookie in the same
   * request): the session is known without asking the server again.
   */
  pageUser?: SessionUser | null;
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

/** PUT /api/auth/password answers a fresh token in a fresh cookie (the old one is revoked by the change). */
export interface PasswordChangeResult {
  message?: string;
}

/** The stored user: the session user only, never the token a login response also carries. */
export type StoredUser = SessionUser;

/** The login response without its bearer token: the page keeps no session token anywhere scripts can read. */
export function withoutToken(response: SessionUser & { token?: unknown; type?: unknown }): SessionUser {
  const { token: _token, type: _type, ...user } = response;
  return user;
}

/**
 * The fetch of the current user failed because the server has no session for this browser (no
 * cookie, or a dead one), not because it could not be reached: the actor throws this, and the saved
 * user is then forgotten rather than restored.
 */
export class SessionRefusedError extends Error {
  override readonly name = 'SessionRefusedError';
}

export interface SessionContext {
  user: StoredUser | null;
  /** The raw `user` storage item read at start, used only if the user fetch fails. */
  savedUser: string | null;
  /** Message of the last failed login or password change, for the form to show. */
  error: string | null;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.logout' }
  /** The server refused the session of an authenticated call: forget the session locally. */
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
    fetchCurrentUser: placeholder<SessionUser, undefined>('fetchCurrentUser'),
    login: placeholder<LoginResponse, Credentials>('login'),
    logout: placeholder<unknown, undefined>('logout'),
    changePassword: placeholder<PasswordChangeResult, PasswordChange>('changePassword'),
  },
  actions: {
    // Storage writes, provided by web/state/session.tsx (localStorage key `user`).
    storeUser: (_, _params: { user: StoredUser }) => {},
    removeUser: () => {},
    forgetSession: assign({ user: null, savedUser: null }),
    /** Logging out forgets the user at once; the server call (which clears the cookie) runs after. */
    forgetUser: assign({ user: null, savedUser: null, error: null }),
    setSessionUser: assign((_, params: { user: SessionUser }) => ({ user: withoutToken(params.user) })),
    restoreSavedUser: assign(({ context }) => {
      const saved = parseSavedUser(context.savedUser);
      // The raw item is spent; a token an older version saved beside the user is dropped with it.
      return { user: saved.kind === 'user' ? withoutToken(saved.user) : null, savedUser: null };
    }),
    storeLogin: assign((_, params: { response: LoginResponse }) => ({
      user: withoutToken(params.response),
      error: null,
    })),
    setLoginError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, LOGIN_FAILED_MESSAGE),
    })),
    /** The change revokes the old session; the server's answer already carries the fresh cookie. */
    storeChangedPassword: assign(({ context }) => ({
      user: context.user ? { ...context.user, mustChangePassword: false } : null,
    })),
    setPasswordChangeError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, PASSWORD_CHANGE_FAILED_MESSAGE),
    })),
    clearError: assign({ error: null }),
  },
  guards: {
    pageArrivedSignedIn: ({ context }) => context.user !== null,
    sessionRefused: (_, params: { error: unknown }) => params.error instanceof SessionRefusedError,
    userMustChangePassword: ({ context }) => context.user?.mustChangePassword === true,
    savedUserIsUsable: ({ context }) => parseSavedUser(context.savedUser).kind === 'user',
    savedUserIsUnparseable: ({ context }) => parseSavedUser(context.savedUser).kind === 'unparseable',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ savedUser: input.savedUser, user: input.pageUser ?? null, error: null }),
  initial: 'arriving',
  states: {
    /** Transient: a page the Worker rendered signed in brings its user; any other page asks the server. */
    arriving: {
      always: [
        {
          guard: 'pageArrivedSignedIn',
          target: 'resolvingUser',
          actions: [
            { type: 'setSessionUser', params: ({ context }) => ({ user: context.user as SessionUser }) },
            { type: 'storeUser', params: ({ context }) => ({ user: context.user as StoredUser }) },
          ],
        },
        { target: 'checking' },
      ],
    },

    /** The page holds no token: the server says whether its cookie is a live session. */
    checking: {
      tags: ['pending'],
      invoke: {
        id: 'fetchCurrentUser',
        src: 'fetchCurrentUser',
        onDone: {
          target: 'resolvingUser',
          actions: [
            { type: 'setSessionUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'storeUser', params: ({ event }) => ({ user: withoutToken(event.output) }) },
          ],
        },
        onError: [
          {
            // No session on the server (never signed in, signed out elsewhere, revoked): nothing to restore.
            guard: { type: 'sessionRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: ['removeUser', 'forgetSession'],
          },
          {
            // Offline or server trouble: keep working with the user saved at login.
            guard: 'savedUserIsUsable',
            target: 'resolvingUser',
            actions: [
              'restoreSavedUser',
              // Written back as read, less any token an older version kept in it.
              { type: 'storeUser', params: ({ context }) => ({ user: context.user as StoredUser }) },
            ],
          },
          // Offline with nothing usable saved: a visitor until the server can be asked again.
          { target: 'signedOut', actions: ['removeUser', 'forgetSession'] },
        ],
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
            // The cookie came with the answer; the page keeps the user, never the token beside it.
            { type: 'storeLogin', params: ({ event }) => ({ response: event.output }) },
            { type: 'storeUser', params: ({ event }) => ({ user: withoutToken(event.output) }) },
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
        'session.logout': { target: 'signingOut', actions: ['removeUser', 'forgetUser'] },
        'session.expire': { target: 'signedOut', actions: ['removeUser', 'forgetSession'] },
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
            input: ({ event }) => {
              assertEvent(event, 'password.change');
              return { currentPassword: event.currentPassword, newPassword: event.newPassword };
            },
            onDone: {
              target: '#session.signedIn',
              actions: [
                'storeChangedPassword',
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
        // Local state goes at once; the server call in signingOut revokes the session and clears the cookie.
        'session.logout': { target: 'signingOut', actions: ['removeUser', 'forgetUser'] },
        'session.expire': { target: 'signedOut', actions: ['removeUser', 'forgetSession'] },
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
        // Failure is ignored: the user is already gone from this page (an offline sign-out leaves the
        // cookie until it expires or the next sign-in replaces it; nothing here can clear it).
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
