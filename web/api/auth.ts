import type {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  LoginResponse,
  resetPasswordBody,
  SessionUser,
} from '@contract/auth';
import type { InferInput } from 'valibot';
import { api } from './client';

/**
 * The /api/auth calls: login, logout, current user, password reset and change. The session travels
 * in the HttpOnly cookie the login answer sets; these calls never handle a token.
 */
export const authApi = {
  login: (credentials: InferInput<typeof loginBody>) =>
    api.post<LoginResponse>('/auth/login', credentials, { token: null }),
  /** A company sign-in's one-time code (issue 32), spent for exactly the login's answer (and the cookie). */
  oidcExchange: (code: string) => api.post<LoginResponse>('/auth/oidc/exchange', { code }, { token: null }),
  /** Who the cookie belongs to; 401 when there is no live session. Its own 401 is the machine's to judge. */
  currentUser: () => api.get<SessionUser>('/auth/user', { token: null }),
  /** Revokes the session server-side and clears the cookie; called after the page forgot the user. */
  logout: () => api.post<{ message: string }>('/auth/logout', undefined, { token: null }),
  changePassword: (body: InferInput<typeof changePasswordBody>) =>
    api.put<{ message: string }>('/auth/password', body, { token: null }),
  forgotPassword: (email: string) =>
    api.post<{ message: string }>('/auth/forgot-password', { email } satisfies InferInput<typeof forgotPasswordBody>, {
      token: null,
    }),
  validateResetToken: (token: string) =>
    api.get<{ valid: boolean }>('/auth/reset-password/validate', { query: { token }, token: null }),
  resetPassword: (token: string, password: string) =>
    api.post<{ message: string }>(
      '/auth/reset-password',
      { token, password } satisfies InferInput<typeof resetPasswordBody>,
      { token: null },
    ),
};
