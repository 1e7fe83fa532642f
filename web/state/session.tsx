import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  LOGIN_FAILED_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  sessionMachine,
  SessionRefusedError,
  type Credentials,
  type PasswordChange,
  type PasswordChangeResult,
  type SessionInput,
  type SessionSnapshot,
} from '../../statecharts/session.machine';
import type { SessionUser } from '@contract/auth';
import { authApi } from '../api/auth';
import { authQueries } from '../api/auth-queries';
import { queryClient } from '../api/query-client';
import { hasErrorCode, USER_KEY, setUnauthorizedHandler } from '../api/client';
import { entryText } from '../i18n/locale';
import { errorText } from '../i18n/error-text';

/** Storage that tolerates a browser blocking localStorage (the session then lives in memory). */
const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* blocked storage: nothing to persist to */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* blocked storage: nothing to remove */
    }
  },
};

/**
 * A sign-out that could not reach the server (offline) leaves the HttpOnly cookie in the browser,
 * and only the server can clear it: this flag (not a credential) makes the next start end that
 * session before asking who is signed in.
 */
const SIGN_OUT_PENDING_KEY = 'sign-out-pending';
const LEGACY_TOKEN_KEY = 'token';

async function signOut(): Promise<void> {
  try {
    await authApi.logout();
    storage.remove(SIGN_OUT_PENDING_KEY);
  } catch (error) {
    // Refused: the session was already over. Unreachable: try again at the next start.
    if (hasErrorCode(error, 'UNAUTHORIZED', 'ACCOUNT_DEACTIVATED')) storage.remove(SIGN_OUT_PENDING_KEY);
    else storage.set(SIGN_OUT_PENDING_KEY, '1');
    throw error;
  }
}

/**
 * The real effects behind the pure machine. Actor errors carry only a server message (or the
 * screen's default), so the machine can show `error.message` without knowing about HTTP.
 */
const browserSessionMachine = sessionMachine.provide({
  actors: {
    fetchCurrentUser: fromPromise(async () => {
      try {
        if (storage.get(SIGN_OUT_PENDING_KEY)) {
          await signOut();
          throw new SessionRefusedError('signed out');
        }
        return await queryClient.fetchQuery(authQueries.currentUser());
      } catch (error) {
        // The server has no session for this browser: nothing saved may stand in for it.
        if (hasErrorCode(error, 'UNAUTHORIZED', 'ACCOUNT_DEACTIVATED')) throw new SessionRefusedError(error.message);
        throw error;
      }
    }),
    login: fromPromise(async ({ input }: { input: Credentials }) => {
      try {
        return await ('oidcCode' in input ? authApi.oidcExchange(input.oidcCode) : authApi.login(input));
      } catch (error) {
        throw new Error(errorText(error, entryText('login.failed', LOGIN_FAILED_MESSAGE)));
      }
    }),
    logout: fromPromise<unknown, undefined>(() => signOut()),
    changePassword: fromPromise<PasswordChangeResult, PasswordChange>(async ({ input }) => {
      try {
        return await authApi.changePassword({
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
        });
      } catch (error) {
        throw new Error(errorText(error, entryText('password.changeFailed', PASSWORD_CHANGE_FAILED_MESSAGE)));
      }
    }),
  },
  actions: {
    storeUser: (_, params) => storage.set(USER_KEY, JSON.stringify(params.user)),
    removeUser: () => storage.remove(USER_KEY),
  },
});

type SessionActor = ActorRefFrom<typeof sessionMachine>;
const SessionActorContext = createContext<SessionActor | null>(null);

/**
 * Starts the session machine once for the app, with what storage holds right now and the user a
 * page rendered by the Worker arrived signed in as (`pageUser`; the Worker renders with it too).
 */
export function SessionProvider({ children, pageUser = null }: { children: ReactNode; pageUser?: SessionUser | null }) {
  // The bearer token an older version of the page kept in storage goes: the cookie replaced it.
  storage.remove(LEGACY_TOKEN_KEY);
  const input: SessionInput = { savedUser: storage.get(USER_KEY), pageUser };
  const queryClient = useQueryClient();
  // Forgetting the user also forgets every answer the server gave them: the next person to sign in
  // on this browser (a shared kiosk at a plant) must never see the previous user's cached data.
  const machine = useMemo(
    () =>
      browserSessionMachine.provide({
        actions: {
          removeUser: () => {
            storage.remove(USER_KEY);
            void queryClient.cancelQueries();
            queryClient.clear();
          },
        },
      }),
    [queryClient],
  );
  const actor = useActorRef(machine, { input });
  useEffect(() => {
    setUnauthorizedHandler(() => actor.send({ type: 'session.expire' }));
    return () => setUnauthorizedHandler(null);
  }, [actor]);
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

/** The session actor, for sending events (`session.login`, `session.logout`, ...). */
export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor must be used inside <SessionProvider>');
  return actor;
}

/** Reads from the session snapshot; re-renders only when the selected value changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSessionActor(), selector, compare);
}
