import * as v from 'valibot';
import { emailSchema, requiredString } from './common';
import type { Language } from './language';
import { PASSWORD_MESSAGES, passwordPolicyError } from './rules/password';
import { REFUSALS } from './errors';

/** The interface languages (the Worker's languages); `language` on the user is one of them or null. */
export type { Language as InterfaceLanguage } from './language';

export interface DomainRef {
  id: string;
  name: string;
}

/** GET /api/auth/user; POST /api/auth/login adds token and type. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
  role: 'ADMIN' | 'USER';
  roles: ('ADMIN' | 'USER')[];
  userType: 'ADMIN' | 'USER';
  isAdmin: boolean;
  domains: DomainRef[];
  department: string | null;
  jobTitle: string | null;
  /** Preferred interface language; null follows the browser. */
  language: Language | null;
  profileImage: string | null;
  mustChangePassword: boolean;
  permissions: AdminPermissions | null;
  /** Leads toolbox talks (a foreman, issue 29); administrators may lead them whatever this says. */
  leadsTalks: boolean;
  lastLogin: string | null;
}

export interface LoginResponse extends SessionUser {
  token: string;
  type: 'Bearer';
}

export const ADMIN_PERMISSION_KEYS = [
  'moduleManagement',
  'userManagement',
  'domainConfiguration',
  'reportGeneration',
  'aiContentGeneration',
  'systemConfiguration',
] as const;
export type AdminPermissions = Record<(typeof ADMIN_PERMISSION_KEYS)[number], boolean>;

const policyPassword = v.pipe(
  v.optional(v.string(PASSWORD_MESSAGES.length), ''),
  v.check(
    (value) => passwordPolicyError(value) === null,
    (issue) => passwordPolicyError(String(issue.input)) ?? '',
  ),
);

export const loginBody = v.object({
  username: requiredString(REFUSALS['user.usernameRequired']),
  // Passwords are never trimmed: a space is a character like any other.
  password: v.pipe(v.optional(v.string('Password is required'), ''), v.nonEmpty('Password is required')),
});

export const forgotPasswordBody = v.object({ email: emailSchema() });

export const resetPasswordBody = v.object({
  token: requiredString(REFUSALS['password.resetLinkInvalid']),
  password: policyPassword,
});

export const resetTokenQuery = v.object({ token: v.optional(v.string(), '') });

export const changePasswordBody = v.object({
  currentPassword: v.pipe(
    v.optional(v.string('Current password is required'), ''),
    v.nonEmpty('Current password is required'),
  ),
  newPassword: policyPassword,
});
