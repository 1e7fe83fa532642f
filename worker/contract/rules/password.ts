import { REFUSALS } from '../errors';

/**
 * The password policy, applied on every password set (reset, change, admin-generated): at least 8
 * characters, upper and lower case, a digit and a special character, none of the banned terms.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const BANNED_PASSWORD_TERMS = ['safety', 'password', 'secure', 'ehs', 'osha'] as const;

export const PASSWORD_MESSAGES = {
  required: REFUSALS['password.length'],
  length: REFUSALS['password.length'],
  classes: REFUSALS['password.classes'],
  banned: REFUSALS['password.banned'],
  confirmRequired: REFUSALS['password.confirmRequired'],
  mismatch: REFUSALS['password.mismatch'],
} as const;

/** Returns the first policy message the password breaks, or null when it is acceptable. */
export function passwordPolicyError(password: string): string | null {
  if (!password || password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.length;
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];
  if (!classes.every((re) => re.test(password))) return PASSWORD_MESSAGES.classes;
  const lower = password.toLowerCase();
  if (BANNED_PASSWORD_TERMS.some((term) => lower.includes(term))) return PASSWORD_MESSAGES.banned;
  return null;
}

/** Confirmation check used by the reset and change forms. */
export function passwordConfirmError(password: string, confirm: string): string | null {
  if (!confirm) return PASSWORD_MESSAGES.confirmRequired;
  if (password !== confirm) return PASSWORD_MESSAGES.mismatch;
  return null;
}
