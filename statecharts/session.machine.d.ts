import { type SnapshotFrom } from 'xstate';
import type { LoginResponse, SessionUser } from '../worker/contract/auth';
/**
 * The browser session (learner spec section 4, "Session"):
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
export declare const LOGIN_FAILED_MESSAGE = "Login failed. Please check your credentials and try again.";
export declare const PASSWORD_CHANGE_FAILED_MESSAGE = "Failed to change password. Please try again.";
/** What was found in storage when the app started (raw, unparsed). */
export interface SessionInput {
    token: string | null;
    savedUser: string | null;
}
export interface Credentials {
    username: string;
    password: string;
}
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
export type StoredUser = SessionUser & {
    token?: string;
};
export interface SessionContext {
    token: string | null;
    user: StoredUser | null;
    /** The raw `user` storage item read at start, used only if the user fetch fails. */
    savedUser: string | null;
    /** Message of the last failed login or password change, for the form to show. */
    error: string | null;
}
export type SessionEvent = ({
    type: 'session.login';
} & Credentials) | {
    type: 'session.logout';
}
/** The server rejected the token of an authenticated call: forget the session locally. */
 | {
    type: 'session.expire';
} | {
    type: 'session.dismissError';
} | ({
    type: 'password.change';
} & PasswordChange)
/** The profile page saved the user: keep the session copy and storage in step. */
 | {
    type: 'user.update';
    user: SessionUser;
};
export type SavedUserState = {
    kind: 'none';
} | {
    kind: 'unparseable';
} | {
    kind: 'user';
    user: StoredUser;
};
/** Parses the stored `user` item; anything that is not a JSON object counts as unparseable. */
export declare function parseSavedUser(raw: string | null): SavedUserState;
/** The error's own message when it has one (the actors put the server's message there), else the fallback. */
export declare function messageOf(error: unknown, fallback: string): string;
export declare const sessionMachine: import("xstate").StateMachine<SessionContext, ({
    type: "session.login";
} & Credentials) | {
    type: "session.logout";
} | {
    type: "session.expire";
} | {
    type: "session.dismissError";
} | ({
    type: "password.change";
} & PasswordChange) | {
    type: "user.update";
    user: SessionUser;
}, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<SessionUser, {
        token: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<LoginResponse, Credentials, import("xstate").EventObject> | import("xstate").PromiseActorLogic<unknown, {
        token: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<PasswordChangeResult, PasswordChange & {
        token: string;
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "fetchCurrentUser";
    logic: import("xstate").PromiseActorLogic<SessionUser, {
        token: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "login";
    logic: import("xstate").PromiseActorLogic<LoginResponse, Credentials, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "logout";
    logic: import("xstate").PromiseActorLogic<unknown, {
        token: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "changePassword";
    logic: import("xstate").PromiseActorLogic<PasswordChangeResult, PasswordChange & {
        token: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "storeToken";
    params: {
        token: string;
    };
} | {
    type: "storeUser";
    params: {
        user: StoredUser;
    };
} | {
    type: "removeToken";
    params: unknown;
} | {
    type: "removeUser";
    params: unknown;
} | {
    type: "forgetSession";
    params: unknown;
} | {
    type: "clearError";
    params: unknown;
}, {
    type: "hasToken";
    params: unknown;
} | {
    type: "userMustChangePassword";
    params: unknown;
} | {
    type: "savedUserIsUsable";
    params: unknown;
} | {
    type: "savedUserIsUnparseable";
    params: unknown;
}, never, "resolvingUser" | "signedIn" | "signedOut" | "signingIn" | "signingOut" | {
    checking: "routing" | "fetchingUser";
} | {
    passwordChangeRequired: "editing" | "submitting";
}, string, SessionInput, import("xstate").NonReducibleUnknown, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "session";
    states: {
        readonly checking: {
            states: {
                readonly routing: {};
                readonly fetchingUser: {};
            };
        };
        readonly resolvingUser: {};
        readonly signedOut: {};
        readonly signingIn: {};
        readonly passwordChangeRequired: {
            states: {
                readonly editing: {};
                readonly submitting: {};
            };
        };
        readonly signedIn: {};
        readonly signingOut: {};
    };
}, import("xstate").MetaObject>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
/** The signed-in user, or null for visitors (also while checking or signing out). */
export declare function selectUser(snapshot: SessionSnapshot): StoredUser | null;
/** Admin recognition is the contract's rule; the machine only supplies the user. */
export declare function selectIsAdmin(snapshot: SessionSnapshot): boolean;
