import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';

/**
 * Resetting a forgotten password from the emailed link: the link's token is checked on arrival (a
 * missing or refused token never shows the form), the new password is sent with the token, and
 * the page then leaves on its own: to the login 3 s after success, to "forgot password" 2 s after
 * the server says the link has expired. Other failures keep the form with the message to fix.
 * Effects are placeholder actors; web/state/reset-password.tsx provides the real requests and
 * turns HTTP failures into the errors below, so this machine never sees a status code.
 */

export const RESET_PASSWORD_MESSAGES = {
  invalidLink: 'Invalid or expired password reset link. Please request a new one.',
  expired: 'Your password reset link has expired. Please request a new one.',
  badRequest: 'Invalid request. Please check your password and try again.',
  failed: 'Failed to reset password. Please try again.',
  success: 'Your password has been reset successfully. Redirecting to login...',
} as const;

export const LOGIN_REDIRECT_MS = 3000;
export const FORGOT_PASSWORD_REDIRECT_MS = 2000;

/** The name of the error a reset actor throws when the server refuses the link as expired. */
export const EXPIRED_LINK = 'ExpiredResetLink';

export function expiredLinkError(): Error {
  const error = new Error(RESET_PASSWORD_MESSAGES.expired);
  error.name = EXPIRED_LINK;
  return error;
}

export interface ResetPasswordContext {
  token: string;
  /** The message of the last failed attempt, shown above the form. */
  error: string | null;
  /** The success message (the server's, else the default). */
  message: string | null;
}

export type ResetPasswordEvent = { type: 'password.submit'; password: string };
export type ResetPasswordEmitted = { type: 'page.redirect'; to: '/login' | '/forgot-password' };

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string },
    emitted: {} as ResetPasswordEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** Answers whether the server accepts the token; a failed call counts as not accepted. */
    validateToken: fromPromise<boolean, { token: string }>(async () => {
      throw new Error('validateToken not provided');
    }),
    /** Answers the server's success message (may be empty). */
    resetPassword: fromPromise<string | null, { token: string; password: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.trim() !== '',
    isTokenValid: (_, params: { valid: boolean }) => params.valid,
    isLinkExpired: (_, params: { error: unknown }) =>
      params.error instanceof Error && params.error.name === EXPIRED_LINK,
  },
  actions: {
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({
      error: (params.error instanceof Error && params.error.message.trim()) || RESET_PASSWORD_MESSAGES.failed,
    })),
    storeSuccess: assign((_, params: { message: string | null }) => ({
      message: params.message?.trim() || RESET_PASSWORD_MESSAGES.success,
    })),
    redirectToLogin: emit({ type: 'page.redirect' as const, to: '/login' as const }),
    redirectToForgotPassword: emit({ type: 'page.redirect' as const, to: '/forgot-password' as const }),
  },
  delays: {
    loginRedirect: LOGIN_REDIRECT_MS,
    forgotPasswordRedirect: FORGOT_PASSWORD_REDIRECT_MS,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, error: null, message: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasToken', target: 'validating' }, { target: 'invalid' }],
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateToken',
        src: 'validateToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: { type: 'isTokenValid', params: ({ event }) => ({ valid: event.output }) }, target: 'form' },
          { target: 'invalid' },
        ],
        onError: { target: 'invalid' },
      },
    },
    // Nothing to do but request a new link (the page offers it).
    invalid: {},
    form: {
      on: { 'password.submit': { target: 'submitting', actions: 'clearError' } },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'password.submit');
          return { token: context.token, password: event.password };
        },
        onDone: {
          target: 'done',
          actions: { type: 'storeSuccess', params: ({ event }) => ({ message: event.output }) },
        },
        onError: [
          { guard: { type: 'isLinkExpired', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: {
      after: { loginRedirect: { actions: 'redirectToLogin' } },
    },
    expired: {
      after: { forgotPasswordRedirect: { actions: 'redirectToForgotPassword' } },
    },
  },
});
