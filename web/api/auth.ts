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

/** The /api/auth calls: login, logout, current user, password reset and change. */
export const authApi = {
  login: (credentials: InferInput<typeof loginBody>) =>
    api.post<LoginResponse>('/auth/login', credentials, { token: null }),
  /** A company sign-in's one-time code (issue 32), spent for exactly the login's answer. */
  oidcExchange: (code: string) => api.post<LoginResponse>('/auth/oidc/exchange', { code }, { token: null }),
  currentUser: (token: string) => api.get<SessionUser>('/auth/user', { token }),
  /** Revokes `token` server-side; called after local storage is already cleared. */
  logout: (token: string) => api.post<{ message: string }>('/auth/logout', undefined, { token }),
  changePassword: (token: string, body: InferInput<typeof changePasswordBody>) =>
    api.put<{ message: string; token?: string }>('/auth/password', body, { token }),
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
