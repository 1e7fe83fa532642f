/** Anything that may describe a signed-in user: the login response, the stored user, a DB row. */
export interface RoleBearer {
  role?: string | null;
  roles?: readonly (string | null | undefined)[] | null;
  userType?: string | null;
  isAdmin?: boolean | null;
}

/**
 * An administrator holding `flag` (a flag turned off, or permissions never read, is not held): how
 * a route open to learners too decides whether an administrator may see more than a learner.
 */
export function holdsAdminPermission(
  user: (RoleBearer & { permissions?: Readonly<Record<string, boolean>> | null }) | null | undefined,
  flag: string,
): boolean {
  return isAdminUser(user) && user?.permissions?.[flag] === true;
}

/**
 * The one admin-recognition rule: ADMIN in the role list, the role or the userType,
 * compared case-insensitively (so "admin" and "SUPER_ADMIN" count), or an isAdmin flag set to true.
 */
export function isAdminUser(user: RoleBearer | null | undefined): boolean {
  if (!user) return false;
  if (user.isAdmin === true) return true;
  const values = [user.role, user.userType, ...(user.roles ?? [])];
  return values.some((value) => typeof value === 'string' && value.toUpperCase().includes('ADMIN'));
}
